import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    // Corpus-scale suites over ../shared/data run in `test:corpus` (vitest.corpus.config.ts).
    exclude: ['**/node_modules/**', '**/dist/**', 'src/**/*.corpus.test.ts'],
    testTimeout: 30_000,
    // Builds dist once for the tests that run the real bin in a child process.
    globalSetup: ['./vitest.global-setup.ts'],
  },
});
