import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    // Corpus-scale suites over ../shared/data run in `test:corpus` (vitest.corpus.config.ts).
    exclude: ['**/node_modules/**', '**/dist/**', 'src/**/*.corpus.test.ts'],
    testTimeout: 30_000,
    // Test files share their worker's module cache: the SDKs, fixtures and packages under test load once
    // per run, not once per file (no test relies on fresh module state).
    isolate: false,
  },
});
