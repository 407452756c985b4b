import { check, type Dialect, availableDialects, fromCanonical, toCanonical } from '@toolarsenal/tooladapter';
import { jsonEqual, type Tool } from '@toolarsenal/toolmodel';
import { expect } from 'vitest';

/** Every dialect tooladapter can write (legacy-function is import-only). */
export const EXPORT_DIALECTS: readonly Dialect[] = availableDialects('export');

export interface DialectFailure {
  tool: string;
  dialect: Dialect;
  problem: string;
}

/** Converts each tool to every dialect and runs that dialect's `check` on the result. */
export function dialectFailures(tools: readonly Tool[]): DialectFailure[] {
  const failures: DialectFailure[] = [];
  for (const tool of tools) {
    for (const dialect of EXPORT_DIALECTS) {
      try {
        const violations = check(fromCanonical(tool, dialect).value, dialect);
        if (violations.length > 0) {
          failures.push({
            tool: tool.name,
            dialect,
            problem: `${violations[0]!.rule}: ${violations[0]!.message}`,
          });
        }
      } catch (error) {
        failures.push({ tool: tool.name, dialect, problem: `threw ${(error as Error).message}` });
      }
    }
  }
  return failures;
}

/** Exports each tool as an OpenAPI operation and imports it back; lists tools whose input schema changed. */
export function roundTripFailures(tools: readonly Tool[]): string[] {
  const failures: string[] = [];
  for (const tool of tools) {
    try {
      const exported = fromCanonical(tool, 'openapi-operation');
      const back = toCanonical(exported.value, 'openapi-operation').tools[0]!;
      if (!jsonEqual(back.inputSchema, tool.inputSchema)) failures.push(tool.name);
    } catch (error) {
      failures.push(`${tool.name} (threw ${(error as Error).message})`);
    }
  }
  return failures;
}

/** Every tool converts to every dialect with `check` passing, and survives the OpenAPI round trip. */
export function assertConvertsEverywhere(tools: readonly Tool[]): void {
  expect(dialectFailures(tools)).toEqual([]);
  expect(roundTripFailures(tools)).toEqual([]);
}
