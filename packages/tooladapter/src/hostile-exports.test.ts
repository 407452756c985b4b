import { ToolArsenalError } from '@toolarsenal/toolmodel';
import { expect, it } from 'vitest';
import * as tooladapter from './index.js';

const self: Record<string, unknown> = { kind: 'object' };
self.items = self;
let nested: unknown = { type: 'string' };
for (let depth = 0; depth < 5_000; depth++) nested = depth % 2 ? { anyOf: [nested] } : { items: nested };
/** Wrong types, pollution, a cycle, absurd depth: what a careless or hostile caller passes. */
const BAD = [
  undefined,
  null,
  0,
  Number.NaN,
  '',
  'x',
  false,
  [],
  {},
  [null],
  { name: 1 },
  self,
  nested,
  Symbol('s'),
  1n,
  () => 0,
];
BAD.push(JSON.parse('{"__proto__":{"polluted":true}}'));

const typedOnly = (label: string, run: () => unknown) => {
  try {
    return run();
  } catch (error) {
    expect(ToolArsenalError.isInstance(error), `${label}: ${String(error).slice(0, 160)}`).toBe(true);
    return undefined;
  }
};

/**
 * Every function tooladapter exports, and every function its results hand back (argument codecs,
 * call routing), answers hostile arguments with a value or a typed ToolArsenal error: never a raw
 * TypeError/RangeError, never a stack overflow.
 */
it.each(
  Object.entries(tooladapter).filter(([, v]) => typeof v === 'function' && !/^class\b/.test(String(v))),
)('%s: typed errors only', (name, fn) => {
  for (const a of BAD)
    for (const args of [[a], ['mcp', a], [a, 'gemini'], [{}, a, a], [a, a, a]]) {
      const result = typedOnly(name, () => (fn as (...x: unknown[]) => unknown)(...args));
      if (result !== null && typeof result === 'object')
        for (const inner of Object.values(result))
          if (typeof inner === 'function') for (const b of BAD) typedOnly(`${name}→fn`, () => inner(b, b));
    }
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
});
