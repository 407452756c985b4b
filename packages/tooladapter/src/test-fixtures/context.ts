import { createContext, type PassContext } from '../passes/context.js';

export function testContext(overrides: Partial<PassContext['limits']> = {}): PassContext {
  return createContext('Test target', {
    maxNestingDepth: 10,
    maxProperties: 5_000,
    maxEnumValues: 1_000,
    maxNameLength: 64,
    maxRecursionUnfold: 2,
    ...overrides,
  });
}

/** Loosely typed view of a lowered schema for assertions on nested paths. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- test assertions walk arbitrary schema paths
export type Loose = Record<string, any>;
