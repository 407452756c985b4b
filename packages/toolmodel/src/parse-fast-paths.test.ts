import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CONTENT_HASH_FIELDS, contentHash } from './content-hash.js';
import { parseTool, safeParseTool } from './define-tool.js';
import { canonicalJson, inspectJson } from './safe-json.js';

/** The plain definition canonicalJson must keep matching: sort every key list, recurse. */
function referenceCanonical(value: unknown): string {
  if (value === undefined) return 'null';
  if (value === null || typeof value !== 'object') {
    return typeof value === 'number' && !Number.isFinite(value) ? 'null' : JSON.stringify(value);
  }
  if (Array.isArray(value)) return `[${value.map(referenceCanonical).join(',')}]`;
  const record = value as Record<string, unknown>;
  const parts = Object.keys(record)
    .sort()
    .filter((k) => record[k] !== undefined)
    .map((k) => `${JSON.stringify(k)}:${referenceCanonical(record[k])}`);
  return `{${parts.join(',')}}`;
}

const keyish = fc.oneof(fc.string(), fc.constantFrom('1', '10', '2', '-1', 'a', 'B', 'é', '\u{1F600}', ''));

describe('parse fast paths keep the plain definitions', () => {
  it('canonicalJson equals the reference (integer-like keys, unicode, undefined, string lists)', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.dictionary(keyish, fc.jsonValue()), (value, dict) => {
        for (const x of [
          value,
          dict,
          [dict, 'a', ['x', 'y'], -0],
          { u: undefined, l: ['b', 'a'], ...dict },
        ]) {
          expect(canonicalJson(x)).toBe(referenceCanonical(x));
        }
      }),
      { numRuns: 300 },
    );
  });

  it('contentHash is sha256 of the canonical JSON of the covered fields', () => {
    const tool = parseTool({
      name: 'lookup',
      description: 'Look up.',
      tags: ['b', 'a'],
      inputSchema: { type: 'object', properties: { '10': { type: 'string' }, '9': { type: 'number' } } },
      annotations: { readOnlyHint: true },
      meta: { ignored: true },
    });
    const subset: Record<string, unknown> = {};
    for (const field of CONTENT_HASH_FIELDS)
      subset[field] = (tool as unknown as Record<string, unknown>)[field];
    const expected = `sha256:${createHash('sha256').update(referenceCanonical(subset)).digest('hex')}`;
    expect(contentHash(tool)).toBe(expected);
    expect(tool.contentHash).toBe(expected);
  });

  it('still reports unresolved local $refs (nested, and after definitions → $defs)', () => {
    const nested = safeParseTool({
      name: 'a',
      inputSchema: { type: 'object', properties: { x: { items: { $ref: '#/$defs/missing' } } } },
    });
    expect(nested.success).toBe(false);
    if (!nested.success) {
      expect(nested.error.issues).toContainEqual(
        expect.objectContaining({ code: 'unresolved_ref', pointer: '/inputSchema/properties/x/items/$ref' }),
      );
    }
    const renamed = safeParseTool({
      name: 'b',
      inputSchema: {
        type: 'object',
        definitions: { ok: { type: 'string' } },
        properties: { y: { $ref: '#/definitions/ok' }, z: { $ref: '#/definitions/gone' } },
      },
    });
    expect(renamed.success).toBe(false);
    if (!renamed.success) {
      expect(renamed.error.issues.map((i) => i.pointer)).toEqual(['/inputSchema/properties/z/$ref']);
    }
    expect(
      safeParseTool({
        name: 'c',
        inputSchema: {
          type: 'object',
          $defs: { s: { type: 'string' } },
          properties: { s: { $ref: '#/$defs/s' } },
        },
      }).success,
    ).toBe(true);
  });

  it('inspectJson still counts and checks string leaves (node limit, string length, pointers)', () => {
    const value = { a: 'x', b: ['y', 'long string'], c: 'z' };
    // 6 values: the object, three strings, the array and its two strings.
    expect(inspectJson(value, { maxNodes: 6 })).toEqual([]);
    expect(inspectJson(value, { maxNodes: 5 }).map((i) => i.code)).toEqual(['too_large']);
    expect(inspectJson(value, { maxStringLength: 5 })).toEqual([
      expect.objectContaining({ pointer: '/b/1', code: 'too_long' }),
    ]);
  });
});
