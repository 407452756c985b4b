import { expect } from 'vitest';
import { type ImportOpenApiResult, importOpenApi } from '../import-openapi.js';
import type { OpenApiSourceMeta } from '../source-meta.js';
import { assertCanonicalTools } from './assert-tools.js';
import { countOperations, spec } from './corpus.js';
import { assertConvertsEverywhere } from './dialects.js';

export const CORPUS_TIMEOUT = 300_000;

export const meta = (tool: { sourceMeta?: unknown }) =>
  (tool.sourceMeta as { openapi: OpenApiSourceMeta }).openapi;

/**
 * Imports a corpus document leniently and checks the proof: the operation count matches an
 * independent count (and the data README), nothing is skipped, every tool is canonical and
 * converts to every dialect.
 */
export async function importChecked(file: string, readmeCount: number): Promise<ImportOpenApiResult> {
  const path = spec(file);
  const count = countOperations(path);
  expect(count).toBe(readmeCount);
  const result = await importOpenApi(path);
  expect(result.tools.length).toBe(count);
  expect(result.document.operations).toBe(count);
  expect(result.skipped).toEqual([]);
  assertCanonicalTools(result);
  assertConvertsEverywhere(result.tools);
  return result;
}
