import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { schemaArb } from '../test-fixtures/arbitraries.js';
import { createContext } from './context.js';
import { needsStandIns } from './pipelines.js';
import { scanSchema } from './scan.js';
import { replaceInexpressible } from './stand-ins.js';
import { GEMINI_LIMITS } from '../codecs/gemini-common.js';

// Real-world shapes plus what the stand-in pass acts on: `true`/`false`/`{}` subschemas (also as
// anyOf/oneOf branches), `{not: {}}`, objects without properties, tuples, arrays without items.
const odd = fc.constantFrom<unknown>(
  false,
  true,
  {},
  { not: {} },
  { type: 'object' },
  { type: 'object', additionalProperties: false },
  { type: 'array' },
  { type: 'array', prefixItems: [{ type: 'string' }] },
  { description: 'anything' },
);
/** Schemas mixing real-world shapes with `odd` ones, at the root of an object. */
function rootArbOf(odd: fc.Arbitrary<unknown>): fc.Arbitrary<Record<string, unknown>> {
  const nodeArb: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
    node: fc.oneof({ depthSize: 'small' }, schemaArb, odd, tie('object'), tie('union')),
    object: fc.record(
      {
        type: fc.constant('object'),
        properties: fc.dictionary(fc.constantFrom('a', 'b', 'c'), tie('node'), { maxKeys: 3 }),
        additionalProperties: fc.oneof(fc.boolean(), tie('node')),
        $defs: fc.dictionary(fc.constantFrom('D'), tie('node'), { maxKeys: 1 }),
      },
      { requiredKeys: ['type'] },
    ),
    union: fc.oneof(
      fc.record({ anyOf: fc.array(tie('node'), { minLength: 1, maxLength: 3 }) }),
      fc.record({ oneOf: fc.array(tie('node'), { minLength: 1, maxLength: 3 }) }),
    ),
  })).node;
  return fc
    .tuple(fc.dictionary(fc.constantFrom('x', 'y', 'z'), nodeArb, { maxKeys: 3 }), fc.boolean(), fc.boolean())
    .map(([properties, closed, oneOf]) => {
      const root: Record<string, unknown> = { type: 'object', properties };
      if (closed) root.additionalProperties = false;
      if (oneOf) root.properties = { ...properties, u: { oneOf: [{ type: 'string' }, false] } };
      return root;
    });
}
const rootArb = rootArbOf(odd);
// `false` alone among the odd shapes: the scan must tell a `false` branch (dropped) from the
// usual `additionalProperties: false` (no reason to walk) without another trigger hiding it.
const falseOnlyRootArb = rootArbOf(fc.constant(false));

function expectIdentityWhenSkipped(schema: Record<string, unknown>, maxDepth: number, gemini: boolean): void {
  if (needsStandIns(scanSchema(schema), maxDepth)) return;
  const ctx = createContext('Gemini', GEMINI_LIMITS);
  const out = replaceInexpressible(schema, '/inputSchema', ctx, {
    freeFormObjects: true,
    anySchemas: true,
    tuples: true,
    maxObjectDepth: maxDepth,
    ...(gemini ? { emptyObjects: true } : {}),
  });
  expect(out).toBe(schema);
  expect(ctx.losses).toEqual([]);
  expect(ctx.argsChanged).toBe(false);
}

describe('skipping the stand-in pass', () => {
  it('when the scan says it cannot change anything, the pass is the identity (property)', () => {
    fc.assert(fc.property(rootArb, fc.integer({ min: 1, max: 4 }), fc.boolean(), expectIdentityWhenSkipped), {
      numRuns: 1000,
    });
  });

  it('tells a false branch from other false subschemas (property)', () => {
    fc.assert(
      fc.property(falseOnlyRootArb, fc.integer({ min: 1, max: 4 }), fc.boolean(), expectIdentityWhenSkipped),
      { numRuns: 500 },
    );
  });

  it('runs for a false branch of anyOf/oneOf, which it drops', () => {
    const schema = { type: 'object', properties: { u: { anyOf: [{ type: 'string' }, false] } } };
    expect(needsStandIns(scanSchema(schema), 10)).toBe(true);
    const ctx = createContext('Gemini', GEMINI_LIMITS);
    expect(
      replaceInexpressible(schema, '', ctx, { freeFormObjects: true, anySchemas: true, tuples: true }),
    ).toEqual({ type: 'object', properties: { u: { anyOf: [{ type: 'string' }] } } });
    // additionalProperties: false is no reason to walk, even next to an anyOf.
    expect(
      needsStandIns(
        scanSchema({ type: 'object', properties: { a: { type: 'string' } }, additionalProperties: false }),
        10,
      ),
    ).toBe(false);
    const closedWithUnion = {
      type: 'object',
      properties: {
        a: {
          anyOf: [
            { type: 'string' },
            { type: 'object', properties: { b: { type: 'string' } }, additionalProperties: false },
          ],
        },
      },
      additionalProperties: false,
    };
    expect(needsStandIns(scanSchema(closedWithUnion), 10)).toBe(false);
    expect(needsStandIns(scanSchema({ oneOf: [false, { type: 'string' }] }), 10)).toBe(true);
  });
});
