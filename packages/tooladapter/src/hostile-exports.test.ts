import { describe, expect, it } from 'vitest';
import { ToolArsenalError } from '@toolarsenal/toolmodel';
import * as tooladapter from './index.js';

/**
 * Every function tooladapter exports (and the functions they return), called with wrongly typed or
 * hostile arguments, either returns or throws a typed ToolArsenal error: never a raw TypeError,
 * RangeError or SyntaxError, and never a stack overflow.
 */
const NOT_HERE = new Set<string>();

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

function returnedFunctions(result: unknown): Array<(...args: unknown[]) => unknown> {
  if (result === null || typeof result !== 'object') return [];
  return Object.values(result).filter((v): v is (...args: unknown[]) => unknown => typeof v === 'function');
}

function typedOnly(label: string, run: () => unknown): void {
  try {
    run();
  } catch (error) {
    expect(ToolArsenalError.isInstance(error), `${label} threw ${String(error).slice(0, 200)}`).toBe(true);
  }
}

function isClass(fn: unknown): boolean {
  return typeof fn === 'function' && /^class\b/.test(Function.prototype.toString.call(fn));
}

describe('hostile arguments to every tooladapter export', () => {
  const functions = Object.entries(tooladapter).filter(
    ([name, value]) => typeof value === 'function' && !isClass(value) && !NOT_HERE.has(name),
  ) as Array<[string, (...args: unknown[]) => unknown]>;

  it('covers the exported functions', () => {
    expect(functions.map(([name]) => name)).toContain('fromCanonical');
    expect(functions.length).toBe(
      Object.values(tooladapter).filter((v) => typeof v === 'function' && !isClass(v)).length - NOT_HERE.size,
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
          const result = fn(...args);
          // Functions handed back (argument codecs, name-based routing) get the same treatment.
          for (const inner of returnedFunctions(result))
            for (const a of HOSTILE) typedOnly(`${name}(…)→fn`, () => inner(a, a));
        } catch (error) {
          const typed = ToolArsenalError.isInstance(error);
          expect(
            typed,
            `${name}(${args.map((a) => typeof a).join(', ')}) threw ${String(error).slice(0, 200)}`,
          ).toBe(true);
        }
      }
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    });
});
