import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { schemaArb, unionSchemaArb } from '../test-fixtures/arbitraries.js';
import { withPollutedPrototype } from '../test-fixtures/polluted-prototype.js';
import { countSchema, type SchemaScan, scanSchema } from './scan.js';

/** A scan as plain data (its keyword set by the keywords it answers for). */
function summary(scan: SchemaScan, keywords: readonly string[]) {
  const { keywords: set, formats, gemini: _gemini, ...rest } = scan;
  return { ...rest, formats: [...formats].sort(), keywords: keywords.filter((k) => set.has(k)) };
}

const ASKED = [
  'type',
  'properties',
  'items',
  'anyOf',
  'enum',
  'const',
  'x-vendor',
  'dependencies',
  'polluted',
];

/** The same schema with every object's keys in reverse order. */
function reversed(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(reversed);
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value).reverse())
    out[key] = reversed((value as Record<string, unknown>)[key]);
  return out;
}

describe('scanSchema', () => {
  it('counts object nesting whatever the order of the keys that make a node an object', () => {
    // The child comes before the `type` or `properties` that make its parent an object schema.
    expect(scanSchema({ items: { type: 'object' }, type: 'object' }).objectDepth).toBe(2);
    expect(scanSchema({ additionalProperties: { type: 'object' }, properties: { a: {} } }).objectDepth).toBe(
      2,
    );
    expect(scanSchema({ items: { type: 'object' }, type: ['array', 'object'] }).objectDepth).toBe(2);
    expect(scanSchema({ items: { type: 'object' }, type: 'array' }).objectDepth).toBe(1);
    expect(scanSchema({ type: 'string' }).objectDepth).toBe(0);
  });

  it('finds the nodes the stand-in pass may replace', () => {
    const candidate = (child: unknown) =>
      scanSchema({ type: 'object', properties: { a: child } }).standInCandidate;
    expect(candidate({})).toBe(true);
    expect(candidate(true)).toBe(true);
    expect(candidate({ description: 'anything' })).toBe(true);
    expect(candidate({ type: 'object' })).toBe(true);
    expect(candidate({ additionalProperties: { type: 'string' } })).toBe(true);
    expect(candidate({ type: 'array', prefixItems: [{ type: 'string' }] })).toBe(true);
    expect(candidate({ type: 'string' })).toBe(false);
    expect(candidate({ enum: ['a'] })).toBe(false);
    expect(candidate({ type: 'object', properties: { b: { type: 'string' } } })).toBe(false);
    expect(candidate(false)).toBe(false);
    // The root is the tool's input, never replaced.
    expect(scanSchema({ type: 'object' }).standInCandidate).toBe(false);
  });

  it('counts and flags what the pipelines and limits read', () => {
    const scan = scanSchema({
      type: 'object',
      properties: {
        kind: { enum: ['ab', 'cde', 3] },
        fixed: { const: 1 },
        either: { type: ['string', 'number'] },
        maybe: { type: ['string', 'null'] },
        list: { type: 'array', minItems: 4 },
        mixed: { type: 'string', anyOf: [{ format: 'ipv4' }, false] },
      },
    });
    expect(scan).toMatchObject({
      properties: 6,
      enumValues: 3,
      enumChars: 5 + 'kindfixedeithermaybelistmixed'.length,
      consts: 1,
      typeLists: true,
      arrayWithoutItems: true,
      anyOfWithType: true,
      falseBranches: true,
      maxMinItems: 4,
    });
    expect([...scan.formats]).toEqual(['ipv4']);
    expect(scan.keywords.has('minItems')).toBe(true);
    expect(scan.keywords.has('items')).toBe(false);
  });

  it('records keywords it does not track by name, and stops past maxLevel', () => {
    const scan = scanSchema({ type: 'object', 'x-vendor': 1, dependencies: { a: ['b'], c: { const: 1 } } });
    expect(scan.keywords.has('x-vendor')).toBe(true);
    expect(scan.keywords.has('dependencies')).toBe(true);
    expect(scan.consts).toBe(1);
    expect(scanSchema({ items: { items: { const: 1 } } }, 1).consts).toBe(0);
  });

  it('does not depend on the order of keys (property)', () => {
    fc.assert(
      fc.property(fc.oneof(schemaArb, unionSchemaArb), (schema) => {
        expect(summary(scanSchema(reversed(schema)), ASKED)).toEqual(summary(scanSchema(schema), ASKED));
      }),
      { numRuns: 300 },
    );
  });

  it('reads own keys only under a polluted Object.prototype (property)', () => {
    fc.assert(
      fc.property(fc.oneof(schemaArb, unionSchemaArb), (schema) => {
        const clean = summary(scanSchema(schema), ASKED);
        const counts = countSchema(schema);
        withPollutedPrototype(() => {
          expect(summary(scanSchema(schema), ASKED)).toEqual(clean);
          expect(countSchema(schema)).toEqual(counts);
        });
      }),
      { numRuns: 200 },
    );
  });

  it('agrees with countSchema on the counts (property)', () => {
    fc.assert(
      fc.property(fc.oneof(schemaArb, unionSchemaArb), (schema) => {
        const { properties, enumValues, enumChars } = scanSchema(schema);
        expect(countSchema(schema)).toEqual({ properties, enumValues, enumChars });
      }),
      { numRuns: 300 },
    );
  });
});
