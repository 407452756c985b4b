import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  // README examples import the package by name: point it at the sources, so they never read a dist
  // that a parallel build is rewriting.
  resolve: {
    alias: [
      {
        find: /^@toolarsenal\/langchain$/,
        replacement: fileURLToPath(new URL('./src/index.ts', import.meta.url)),
      },
    ],
  },
  test: {
    include: ['src/**/*.test.ts'],
    // Corpus-scale suites over ../shared/data go in *.corpus.test.ts and a `test:corpus` script
    // (see packages/toolmodel/vitest.corpus.config.ts); `npm test` must pass without ../shared.
    exclude: ['**/node_modules/**', '**/dist/**', 'src/**/*.corpus.test.ts'],
    testTimeout: 30_000,
    // Test files share their worker's module cache: the SDKs, fixtures and packages under test load once
    // per run, not once per file (no test relies on fresh module state).
    isolate: false,
  },
});
