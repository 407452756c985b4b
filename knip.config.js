// knip (`npm run knip`): unused files, exports and dependencies across the workspace.
// A package's public API is what its package.json exports: each `./dist/x.js` maps to `src/x.ts`,
// so a new package or subpath is covered without editing this file.
import { readdirSync, readFileSync } from 'node:fs';

const sourceOf = (target) => target.replace(/^\.\/dist\//, 'src/').replace(/\.js$/, '.ts');

function publicEntries(folder) {
  const manifest = JSON.parse(
    readFileSync(new URL(`./packages/${folder}/package.json`, import.meta.url), 'utf8'),
  );
  const targets = Object.values(manifest.exports ?? {})
    .map((value) => (typeof value === 'string' ? value : (value.import ?? value.default)))
    .filter((target) => typeof target === 'string' && target.endsWith('.js'));
  return [...new Set(targets.map(sourceOf))];
}

const workspaces = {
  '.': {
    entry: ['tools/*.mjs', 'tools/**/*.test.mjs', 'knip.config.js', 'eslint.config.js'],
    project: ['tools/**/*.mjs'],
    // Run by path from tools/check-packages.mjs (node_modules/.bin), which knip cannot follow.
    ignoreDependencies: ['publint', '@arethetypeswrong/cli'],
  },
  'examples/*': { entry: ['index.js'], project: ['**/*.js'] },
};
for (const folder of readdirSync(new URL('./packages/', import.meta.url))) {
  workspaces[`packages/${folder}`] = {
    entry: [
      ...publicEntries(folder),
      'src/**/*.test.ts',
      'bench/*.ts',
      'scripts/*.ts',
      'vitest.config.ts',
      'vitest.corpus.config.ts',
      'bin/*.js',
    ],
    project: ['src/**/*.ts', 'bench/**/*.ts', 'scripts/**/*.ts', 'bin/**/*.js'],
  };
}
// Word lists that scripts/build-embedding-table.ts reads from node_modules by package name.
workspaces['packages/toolindex'].ignoreDependencies = ['@cspell/dict-.*'];

export default {
  workspaces,
  // System tools the scripts call: network isolation for README examples, tarball extraction.
  ignoreBinaries: ['unshare', 'ip', 'tar'],
};
