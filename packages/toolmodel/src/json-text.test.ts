import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { UnsafeJsonError } from './errors.js';
import { findDuplicateKeys, parseJsonLinesSafely, parseJsonSafely } from './json-text.js';
import { DEFAULT_DOCUMENT_LIMITS } from './limits.js';

function issuesOf(fn: () => unknown) {
  try {
    fn();
  } catch (error) {
    if (UnsafeJsonError.isInstance(error)) return error.issues;
    throw error;
  }
  throw new Error('expected UnsafeJsonError');
}

describe('JSON text from outside', () => {
  it('refuses a repeated key instead of keeping the last value silently', () => {
    const issues = issuesOf(() => parseJsonSafely('{"name":"safe_read","name":"delete_everything"}'));
    expect(issues).toEqual([
      {
        pointer: '/name',
        code: 'duplicate_key',
        message:
          'key "name" appears twice in the same object (JSON parsers keep only the last value); remove one',
      },
    ]);
  });

  it('names the pointer of nested repeats, in objects inside arrays too', () => {
    const text = '{"tools":[{"name":"a","inputSchema":{"properties":{"x":{},"x":{}}}}],"a/b":{"~":1,"~":2}}';
    expect(findDuplicateKeys(text).map((i) => i.pointer)).toEqual([
      '/tools/0/inputSchema/properties/x',
      '/a~1b/~0',
    ]);
    expect(findDuplicateKeys('{"a":{"k":1},"b":{"k":1}}')).toEqual([]);
    expect(findDuplicateKeys(text, '/3')[0]?.pointer).toBe('/3/tools/0/inputSchema/properties/x');
  });

  it('finds exactly the repeats JSON.parse would hide (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom('a', 'b', 'c', 'constructor'), { maxLength: 6 }), (keys) => {
        const text = `{${keys.map((k, i) => `${JSON.stringify(k)}:${i}`).join(',')}}`;
        const repeats = keys.length - new Set(keys).size;
        expect(findDuplicateKeys(text)).toHaveLength(repeats);
        if (repeats === 0) expect(parseJsonSafely(text)).toEqual(JSON.parse(text));
      }),
    );
  });

  it('locates syntax errors by line and column', () => {
    expect(issuesOf(() => parseJsonSafely('{\n  "a": 1,\n  "b": ]\n}'))[0]).toMatchObject({
      code: 'syntax',
      message: 'value expected at line 3, column 8',
    });
    expect(issuesOf(() => parseJsonSafely(''))[0]?.code).toBe('syntax');
  });

  it('keeps constructor and prototype keys, refuses __proto__', () => {
    const value = parseJsonSafely('{"constructor":1,"prototype":{"x":1}}') as Record<string, unknown>;
    expect(Object.keys(value)).toEqual(['constructor', 'prototype']);
    expect(issuesOf(() => parseJsonSafely('{"__proto__":{"polluted":1}}'))[0]?.code).toBe('forbidden_key');
  });

  it('applies the limits it is given', () => {
    expect(issuesOf(() => parseJsonSafely('[1,2,3]', { maxArrayLength: 2 }))[0]?.code).toBe('too_large');
    expect(() => parseJsonSafely('[1,2,3]', { maxArrayLength: -1 })).toThrow(/non-negative integer/);
  });

  it('reads JSON Lines, naming the line of a syntax error and the row of a repeat', () => {
    expect(parseJsonLinesSafely('{"a":1}\n\n{"b":2}\n')).toEqual([{ a: 1 }, { b: 2 }]);
    expect(issuesOf(() => parseJsonLinesSafely('{"a":1}\n{"a":\n'))[0]?.message).toMatch(/^line 2: /);
    expect(issuesOf(() => parseJsonLinesSafely('{"a":1}\n{"t":{"n":1,"n":2}}'))[0]?.pointer).toBe('/1/t/n');
    // The per-file bound applies to the whole catalogue.
    const rows = Array.from({ length: 30 }, (_, i) => JSON.stringify({ i })).join('\n');
    expect(issuesOf(() => parseJsonLinesSafely(rows, { maxNodes: 40 }))[0]?.code).toBe('too_large');
    expect(parseJsonLinesSafely(rows, DEFAULT_DOCUMENT_LIMITS)).toHaveLength(30);
  });

  it('refuses non-string input with a typed error', () => {
    for (const input of [null, undefined, 42, {}, []])
      expect(issuesOf(() => parseJsonSafely(input as unknown as string))[0]?.code).toBe('invalid_type');
    expect(issuesOf(() => parseJsonLinesSafely(null as unknown as string))[0]?.code).toBe('invalid_type');
  });
});
