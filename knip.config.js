// knip (`npm run knip`): unused files, exports and dependencies across the workspace.
// A package's public API is what its package.json exports: each `./dist/x.js` maps to `src/x.ts`,
// so a new package or subpath is covered without editing this file.
import { existsSync, readdirSync, readFileSync } from 'node:fs';

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
    entry: ['tools/*.mjs', 'tools/**/*.test.mjs'],
    project: ['tools/**/*.mjs'],
    // Run by path from tools/check-packages.mjs (node_modules/.bin), which knip cannot follow.
    ignoreDependencies: ['publint', '@arethetypeswrong/cli'],
  },
  'examples/*': { project: ['**/*.js'] },
};
for (const folder of readdirSync(new URL('./packages/', import.meta.url))) {
  // Scripts and benchmarks run with tsx, bins by npm: entry points in the folders a package has.
  const extra = [
    ['bench', '*.ts'],
    ['scripts', '*.ts'],
    ['bin', '*.js'],
  ].filter(([dir]) => existsSync(new URL(`./packages/${folder}/${dir}`, import.meta.url)));
  workspaces[`packages/${folder}`] = {
    entry: [...publicEntries(folder), 'src/**/*.test.ts', ...extra.map(([dir, glob]) => `${dir}/${glob}`)],
    project: ['src/**/*.ts', ...extra.map(([dir, glob]) => `${dir}/**/${glob}`)],
  };
}
// Word lists that scripts/build-embedding-table.ts reads from node_modules by package name.
workspaces['packages/toolindex'].ignoreDependencies = ['@cspell/dict-.*'];
// Real MCP servers the tests start as child processes (resolved to their bin by package name).
if (workspaces['packages/mcp'])
  workspaces['packages/mcp'].ignoreDependencies = ['@modelcontextprotocol/server-.*'];

export default {
  workspaces,
  // Network isolation for README examples (tools/lib/sandboxed-run.mjs).
  ignoreBinaries: ['unshare'],
};
