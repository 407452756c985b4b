import assert from 'node:assert/strict';
import { test } from 'node:test';
import { entrySpecifiers, joinPath, tarballProblems } from './tarball-rules.mjs';

const manifest = {
  name: '@toolarsenal/x',
  exports: { '.': './dist/index.js', './extra': './dist/extra.js', './package.json': './package.json' },
  dependencies: { zod: '^4.6.7' },
};
const check = (files, { contents = {}, manifest: m = manifest } = {}) =>
  tarballProblems({ name: '@toolarsenal/x', manifest: m, files, read: (path) => contents[path] ?? '' });

test('a clean tarball has no problems', () => {
  assert.deepEqual(check(['LICENSE', 'README.md', 'package.json', 'dist/index.js', 'dist/index.d.ts']), []);
});

test('LICENSE and README are required', () => {
  assert.deepEqual(check(['package.json', 'dist/index.js']), [
    '@toolarsenal/x: no LICENSE file',
    '@toolarsenal/x: no README.md',
  ]);
});

test('test files, helpers, fixtures, benchmarks, build info and maps are named with their paths', () => {
  const problems = check([
    'LICENSE',
    'README.md',
    'dist/a.test.js',
    'dist/b.corpus.test.d.ts',
    'dist/test-fixtures/x.json',
    'dist/commands/cli-test-kit.js',
    'bench/run.js',
    'dist/.tsbuildinfo',
    'dist/index.js.map',
  ]);
  assert.deepEqual(problems, [
    '@toolarsenal/x: test files: dist/a.test.js, dist/b.corpus.test.d.ts',
    '@toolarsenal/x: corpus suites: dist/b.corpus.test.d.ts',
    '@toolarsenal/x: test fixtures: dist/test-fixtures/x.json',
    '@toolarsenal/x: test helpers: dist/commands/cli-test-kit.js',
    '@toolarsenal/x: benchmarks: bench/run.js',
    '@toolarsenal/x: TypeScript build info: dist/.tsbuildinfo',
    '@toolarsenal/x: source maps (the repository builds without them: DEVELOPERS.md, "Source maps"): dist/index.js.map',
  ]);
});

test('a testing/ folder ships only as an exported ./testing subpath', () => {
  const files = ['LICENSE', 'README.md', 'dist/testing/index.js'];
  assert.deepEqual(check(files), [
    '@toolarsenal/x: test helpers (a testing/ folder that is not an exported ./testing subpath): dist/testing/index.js',
  ]);
  const withTesting = {
    ...manifest,
    exports: { ...manifest.exports, './testing': './dist/testing/index.js' },
  };
  assert.deepEqual(check(files, { manifest: withTesting }), []);
});

test('code reading ../shared/data and dangling sourceMappingURL comments are found by content', () => {
  const files = ['LICENSE', 'README.md', 'dist/corpus.js', 'dist/index.js', 'dist/ok.js', 'dist/inline.js'];
  const contents = {
    'dist/corpus.js': "const DATA = new URL('../../../shared/data/', import.meta.url);",
    'dist/index.js': 'export {};\n//# sourceMappingURL=index.js.map\n',
    'dist/inline.js': 'export {};\n//# sourceMappingURL=data:application/json;base64,e30=\n',
  };
  assert.deepEqual(check(files, { contents }), [
    "@toolarsenal/x: code that reads the monorepo's shared corpora (../shared/data): dist/corpus.js",
    '@toolarsenal/x: sourceMappingURL comments pointing at files that are not in the tarball: dist/index.js',
  ]);
});

test('runtime dependencies use caret ranges and installable specs', () => {
  const m = {
    ...manifest,
    dependencies: { a: '^1.0.0', b: '1.2.3', c: 'workspace:*' },
    peerDependencies: { d: '>=3.0.0', e: 'file:../e' },
  };
  assert.deepEqual(check(['LICENSE', 'README.md'], { manifest: m }), [
    '@toolarsenal/x: dependencies.b is "1.2.3"; runtime dependencies use caret ranges (DEVELOPERS.md)',
    '@toolarsenal/x: dependencies.c is "workspace:*", which consumers cannot install',
    '@toolarsenal/x: peerDependencies.e is "file:../e", which consumers cannot install',
  ]);
});

test('entry specifiers come from the exports map', () => {
  assert.deepEqual(entrySpecifiers(manifest), ['@toolarsenal/x', '@toolarsenal/x/extra']);
  assert.deepEqual(entrySpecifiers({ name: 'y', exports: { types: './i.d.ts', default: './i.js' } }), ['y']);
  assert.deepEqual(entrySpecifiers({ name: 'y', exports: { '.': './i.js', './*': './dist/*.js' } }), ['y']);
  assert.deepEqual(entrySpecifiers({ name: 'y' }), ['y']);
});

test('joinPath resolves relative references inside the package', () => {
  assert.equal(joinPath('dist/a/b.js', 'b.js.map'), 'dist/a/b.js.map');
  assert.equal(joinPath('dist/a/b.js', '../../src/a/b.ts'), 'src/a/b.ts');
});
