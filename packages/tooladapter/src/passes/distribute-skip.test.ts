import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GEMINI_LIMITS } from '../codecs/gemini-common.js';
import { unionRootArb as rootArb } from '../test-fixtures/arbitraries.js';
import { createContext } from './context.js';
import { distributeIntoAnyOf } from './distribute-any-of.js';
import { needsDistribution } from './pipelines.js';
import { countSchema, scanSchema } from './scan.js';

describe('skipping the anyOf distribution pass', () => {
  it('when the scan says it cannot change anything, the pass is the identity (property)', () => {
    let skipped = 0;
    fc.assert(
      fc.property(rootArb, (schema) => {
        if (needsDistribution(scanSchema(schema))) return;
        skipped++;
        const ctx = createContext('Gemini', GEMINI_LIMITS);
        expect(distributeIntoAnyOf(schema, '/inputSchema', ctx)).toBe(schema);
        expect(ctx.losses).toEqual([]);
      }),
      { numRuns: 1000 },
    );
    // The property says something only if many schemas took the skip.
    expect(skipped).toBeGreaterThan(100);
  });

  it('runs where a type sits beside an anyOf, or where refs, allOf or oneOf can make one', () => {
    const typed = { type: 'object', properties: { a: { type: 'string', anyOf: [{ format: 'ipv4' }] } } };
    expect(needsDistribution(scanSchema(typed))).toBe(true);
    const annotated = {
      type: 'object',
      properties: { a: { anyOf: [{ type: 'string' }, { type: 'null' }], title: 'A', default: null } },
    };
    expect(needsDistribution(scanSchema(annotated))).toBe(false);
    for (const extra of [{ allOf: [{ type: 'string' }] }, { oneOf: [{ type: 'string' }] }, { $ref: '#' }])
      expect(
        needsDistribution(scanSchema({ ...annotated, properties: { ...annotated.properties, b: extra } })),
      ).toBe(true);
  });
});

describe('countSchema', () => {
  it('counts properties, enum values and characters as scanSchema does (property)', () => {
    fc.assert(
      fc.property(rootArb, (schema) => {
        const { properties, enumValues, enumChars } = scanSchema(schema);
        expect(countSchema(schema)).toEqual({ properties, enumValues, enumChars });
      }),
      { numRuns: 500 },
    );
  });

  it('stops at the same depth as scanSchema', () => {
    let deep: Record<string, unknown> = { enum: ['abc'] };
    for (let i = 0; i < 300; i++) deep = { type: 'object', properties: { p: deep } };
    const { properties, enumValues, enumChars } = scanSchema(deep);
    expect(countSchema(deep)).toEqual({ properties, enumValues, enumChars });
    expect(enumValues).toBe(0);
  });
});
