import { describe, expect, it } from 'vitest';
import * as toolmodel from './index.js';

/**
 * Every function toolmodel exports, called with wrongly typed or hostile arguments, either
 * returns or throws a typed ToolArsenal error: never a raw TypeError, RangeError or SyntaxError
 * (and never a stack overflow). Not covered here: `glob.ts` and the argument validator (`ajv.ts`,
 * `argument-validator.ts`), which have their own owners and tests.
 */
const NOT_HERE = new Set([
  'compileGlob',
  'compileGlobs',
  'explainInvalidGlob',
  'isGlob',
  'createAjv',
  'createArgumentValidator',
  'validateArguments',
  'formatArgumentErrors',
]);

function cyclic(): unknown {
  const a: Record<string, unknown> = { type: 'object' };
  a.properties = { self: a };
  return a;
}

function deep(levels: number): unknown {
  let value: unknown = { type: 'string' };
  for (let i = 0; i < levels; i++)
    value = i % 2 ? { type: 'object', properties: { a: value } } : { items: [value] };
  return value;
}

const HOSTILE: unknown[] = [
  undefined,
  null,
  42,
  Number.NaN,
  'text',
  '',
  true,
  [],
  {},
  [null],
  { name: null },
  JSON.parse('{"__proto__":{"polluted":true}}'),
  cyclic(),
  deep(5_000),
  Symbol('s'),
  10n,
  () => 1,
];

function isClass(fn: unknown): boolean {
  return typeof fn === 'function' && /^class\b/.test(Function.prototype.toString.call(fn));
}

describe('hostile arguments to every toolmodel export', () => {
  const functions = Object.entries(toolmodel).filter(
    ([name, value]) => typeof value === 'function' && !isClass(value) && !NOT_HERE.has(name),
  ) as Array<[string, (...args: unknown[]) => unknown]>;

  it('covers the exported functions', () => {
    expect(functions.map(([name]) => name)).toContain('parseTool');
    expect(functions.length).toBe(
      Object.values(toolmodel).filter((v) => typeof v === 'function' && !isClass(v)).length - NOT_HERE.size,
    );
  });

  for (const [name, fn] of functions)
    it(`${name} throws only typed errors`, () => {
      const calls: unknown[][] = [];
      for (const a of HOSTILE) {
        calls.push([a]);
        calls.push(['x', a]);
        calls.push([{}, a]);
        calls.push([a, a, a]);
      }
      for (const args of calls) {
        try {
          fn(...args);
        } catch (error) {
          const typed = toolmodel.ToolArsenalError.isInstance(error);
          expect(
            typed,
            `${name}(${args.map((a) => typeof a).join(', ')}) threw ${String(error).slice(0, 200)}`,
          ).toBe(true);
        }
      }
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    });
});
