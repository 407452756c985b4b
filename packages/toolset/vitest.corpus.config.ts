import { defineConfig } from 'vitest/config';

// The corpus-scale suites: they read ../shared/data and run only where it exists (`npm run test:corpus`).
export default defineConfig({
  test: {
    include: ['src/**/*.corpus.test.ts'],
    testTimeout: 300_000,
    hookTimeout: 300_000,
  },
});
