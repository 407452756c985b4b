import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { UnsafeJsonError } from './errors.js';
import { assertSafeJson, canonicalJson, cloneJson, inspectJson, jsonEqual } from './safe-json.js';
import { parseJsonSafely } from './json-text.js';

/** `{next: {next: …}}` nested `depth` levels: the objects by depth and the innermost one. */
function chainOf(depth: number) {
  const root: Record<string, unknown> = {};
  const byDepth: Array<Record<string, unknown>> = [];
  let leaf = root;
  for (let level = 0; level < depth; level++) {
    byDepth.push(leaf);
    leaf = leaf.next = {} as Record<string, unknown>;
  }
  return { root, byDepth, leaf };
}

describe('safe JSON helpers', () => {
  it('canonicalJson is key-order independent and equals JSON for sorted input (property)', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const canonical = canonicalJson(value);
        expect(jsonEqual(JSON.parse(canonical), JSON.parse(JSON.stringify(value)))).toBe(true);
        expect(canonicalJson(JSON.parse(canonical))).toBe(canonical);
      }),
    );
    expect(canonicalJson({ b: 1, a: [1, { d: 2, c: 3 }] })).toBe('{"a":[1,{"c":3,"d":2}],"b":1}');
  });

  it('cloneJson deep-copies and never copies forbidden keys', () => {
    const input = JSON.parse('{"a":{"__proto__":{"x":1},"b":[1,2]}}');
    const copy = cloneJson(input);
    expect(copy.a.b).not.toBe(input.a.b);
    expect(Object.keys(copy.a)).toEqual(['b']);
  });

  it('inspectJson reports every kind of problem with a pointer', () => {
    const issues = inspectJson(
      { a: [1, 2, 3], s: 'x'.repeat(20) },
      { maxArrayLength: 2, maxStringLength: 10 },
    );
    expect(issues.map((i) => [i.pointer, i.code])).toEqual([
      ['/a', 'too_large'],
      ['/s', 'too_long'],
    ]);
    expect(inspectJson({ 'a/b': { '~': Number.POSITIVE_INFINITY } })[0]?.pointer).toBe('/a~1b/~0');
    expect(
      inspectJson(
        Array.from({ length: 20 }, () => [1, 2]),
        { maxNodes: 10 },
      )[0]?.code,
    ).toBe('too_large');
  });

  it('finds cycles at any depth, shallow or deep', () => {
    const { root, byDepth, leaf: node } = chainOf(60);
    for (const target of [3, 31, 32, 33, 45]) {
      node.back = byDepth[target];
      expect(inspectJson(root).map((i) => i.code)).toEqual(['cycle']);
      // Found as a cycle, not by running into the depth limit (or out of stack) first.
      expect(inspectJson(root, { maxDepth: 1_000_000 }).map((i) => i.code)).toEqual(['cycle']);
    }
    delete node.back;
    expect(inspectJson(root)).toEqual([]);
  });

  it("nesting past the first walk's depth is judged by the full walk alike", () => {
    const { root, byDepth, leaf: node } = chainOf(300);
    expect(inspectJson(root, { maxDepth: 1000 })).toEqual([]);
    expect(inspectJson(root, { maxDepth: 200 }).map((i) => i.code)).toEqual(['too_deep']);
    node.back = byDepth[280];
    expect(inspectJson(root, { maxDepth: 1000 }).map((i) => [i.code, i.pointer.length])).toEqual([
      ['cycle', '/next'.length * 300 + '/back'.length],
    ]);
  });

  it('shared (non-cyclic) references are fine', () => {
    const shared = { x: 1 };
    expect(inspectJson({ a: shared, b: shared })).toEqual([]);
  });

  it('parseJsonSafely rejects syntax errors and pollution with a typed error', () => {
    expect(() => parseJsonSafely('{"a":')).toThrow(UnsafeJsonError);
    expect(() => parseJsonSafely('{"__proto__":{"polluted":1}}')).toThrow(/prototype pollution/);
    expect(parseJsonSafely('{"a":[1]}')).toEqual({ a: [1] });
    expect(() => assertSafeJson({ f() {} })).toThrow(UnsafeJsonError);
  });
});
