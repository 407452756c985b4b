import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { compileFixtures } from '../../tools/test-support/compile-fixtures.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    /** serve-fixture.ts compiled to plain JavaScript, started with `node` by the stdio tests. */
    mcpServeFixture: string;
  }
}

// Compiled once per run: each stdio test then starts a plain `node` child instead of tsx.
export default async function setup(project: TestProject): Promise<void> {
  const entry = 'src/test-fixtures/serve-fixture.ts';
  const compiled = await compileFixtures(fileURLToPath(new URL('./', import.meta.url)), [entry]);
  project.provide('mcpServeFixture', compiled[entry]!);
}
