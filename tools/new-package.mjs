#!/usr/bin/env node
// Stamps out a new @toolarsenal/<name> package with the repository's conventions:
// ESM, exports map (types/import/default), publish metadata, project references, vitest, README, LICENSE.
// Usage: npm run new-package -- <name> [--description "..."] [--deps toolmodel,tooladapter]
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    description: { type: 'string', default: '' },
    deps: { type: 'string', default: '' },
  },
});

const name = positionals[0];
if (!name || !/^[a-z][a-z0-9]*(-[a-z0-9]+)*$/.test(name)) {
  console.error(
    'usage: npm run new-package -- <kebab-case-name> [--description "..."] [--deps toolmodel,tooladapter]',
  );
  process.exit(2);
}
const dir = join(root, 'packages', name);
if (existsSync(dir)) {
  console.error(`packages/${name} already exists`);
  process.exit(1);
}
const deps = values.deps ? values.deps.split(',').filter(Boolean) : [];
for (const dep of deps) {
  if (!existsSync(join(root, 'packages', dep, 'package.json'))) {
    console.error(`--deps: packages/${dep} does not exist`);
    process.exit(1);
  }
}

const REPO = 'https://github.com/toolarsenal/toolarsenal';
const json = (value) => `${JSON.stringify(value, null, 2)}\n`;
const files = {
  'package.json': json({
    name: `@toolarsenal/${name}`,
    version: '0.0.0',
    description: values.description || `ToolArsenal ${name}`,
    license: 'Apache-2.0',
    repository: { type: 'git', url: `git+${REPO}.git`, directory: `packages/${name}` },
    homepage: `${REPO}/tree/main/packages/${name}#readme`,
    bugs: { url: `${REPO}/issues` },
    type: 'module',
    sideEffects: false,
    engines: { node: '>=20.19' },
    exports: {
      '.': { types: './dist/index.d.ts', import: './dist/index.js', default: './dist/index.js' },
      './package.json': './package.json',
    },
    main: './dist/index.js',
    types: './dist/index.d.ts',
    files: ['dist', '!dist/**/*.test.*', '!dist/.tsbuildinfo', 'README.md'],
    scripts: {
      build: 'tsc -p tsconfig.build.json',
      prepack: 'node ../../tools/clean-dist.mjs && npm run build',
      typecheck: 'tsc -p tsconfig.json --noEmit',
      lint: 'eslint . && prettier --check . --ignore-path ../../.prettierignore',
      test: 'vitest run',
    },
    publishConfig: { access: 'public', provenance: true },
    dependencies: Object.fromEntries(deps.map((d) => [`@toolarsenal/${d}`, '^0.0.0'])),
  }),
  'tsconfig.json': json({
    extends: '../../tsconfig.base.json',
    compilerOptions: { noEmit: true, rootDir: '.' },
    include: ['src', 'bench', 'vitest.config.ts'],
    references: deps.map((d) => ({ path: `../${d}/tsconfig.build.json` })),
  }),
  'tsconfig.build.json': json({
    extends: '../../tsconfig.base.json',
    compilerOptions: {
      composite: true,
      rootDir: 'src',
      outDir: 'dist',
      tsBuildInfoFile: 'dist/.tsbuildinfo',
    },
    include: ['src'],
    exclude: ['src/**/*.test.ts', 'src/**/test-fixtures/**'],
    references: deps.map((d) => ({ path: `../${d}/tsconfig.build.json` })),
  }),
  'vitest.config.ts': `import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    // Corpus-scale suites over ../shared/data go in *.corpus.test.ts and a \`test:corpus\` script
    // (see packages/toolmodel/vitest.corpus.config.ts); \`npm test\` must pass without ../shared.
    exclude: ['**/node_modules/**', '**/dist/**', 'src/**/*.corpus.test.ts'],
    testTimeout: 30_000,
  },
});
`,
  'README.md': `# @toolarsenal/${name}

${values.description || 'One paragraph on what this package does and for whom.'}

## Install

\`\`\`sh
npm install @toolarsenal/${name}
\`\`\`

## Example

\`\`\`ts
import {} from '@toolarsenal/${name}';
\`\`\`

## API

Describe the public API here.
`,
  'src/index.ts': `// Public API of @toolarsenal/${name}: export each name explicitly (no \`export *\` from internals).
export {};
`,
};

for (const [file, content] of Object.entries(files)) {
  const path = join(dir, file);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, content);
}
// Every tarball carries the licence (npm includes LICENSE from the package root).
copyFileSync(join(root, 'LICENSE'), join(dir, 'LICENSE'));
// Format with the repository's Prettier config so the new package passes `npm run lint` as stamped.
const prettier = join(root, 'node_modules', '.bin', 'prettier');
if (existsSync(prettier))
  execFileSync(prettier, ['--write', '--log-level', 'warn', dir], { stdio: 'inherit' });
console.log(`created packages/${name}; run \`npm install\` to link it into the workspace`);
