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
const rootArb = fc
  .tuple(fc.dictionary(fc.constantFrom('x', 'y', 'z'), nodeArb, { maxKeys: 3 }), fc.boolean(), fc.boolean())
  .map(([properties, closed, oneOf]) => {
    const root: Record<string, unknown> = { type: 'object', properties };
    if (closed) root.additionalProperties = false;
    if (oneOf) root.properties = { ...properties, u: { oneOf: [{ type: 'string' }, false] } };
    return root;
  });

describe('skipping the stand-in pass', () => {
  it('when the scan says it cannot change anything, the pass is the identity (property)', () => {
    fc.assert(
      fc.property(rootArb, fc.integer({ min: 1, max: 4 }), fc.boolean(), (schema, maxDepth, gemini) => {
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
      }),
      { numRuns: 1000 },
    );
  });

  it('runs for a false branch of anyOf/oneOf, which it drops', () => {
    const schema = { type: 'object', properties: { u: { anyOf: [{ type: 'string' }, false] } } };
    expect(needsStandIns(scanSchema(schema), 10)).toBe(true);
    const ctx = createContext('Gemini', GEMINI_LIMITS);
    expect(
      replaceInexpressible(schema, '', ctx, { freeFormObjects: true, anySchemas: true, tuples: true }),
    ).toEqual({ type: 'object', properties: { u: { anyOf: [{ type: 'string' }] } } });
    // additionalProperties: false alone is no reason to walk.
    expect(
      needsStandIns(
        scanSchema({ type: 'object', properties: { a: { type: 'string' } }, additionalProperties: false }),
        10,
      ),
    ).toBe(false);
  });
});
