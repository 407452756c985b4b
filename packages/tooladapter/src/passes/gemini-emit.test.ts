import { deepFreeze, subschemaKindOf } from '@toolarsenal/toolmodel';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GEMINI_LIMITS } from '../codecs/gemini-common.js';
import { schemaArb, unionRootArb, unionSchemaArb } from '../test-fixtures/arbitraries.js';
import { byPasses, byPipeline, loweringOutcome, takesEmitter } from '../test-fixtures/gemini-outcomes.js';
import { withPollutedPrototype } from '../test-fixtures/polluted-prototype.js';
import { createContext } from './context.js';
import { emitGeminiSchema, KIND_MASK, keyKind } from './gemini-emit.js';
import { GEMINI_ALLOWED_FIELDS, lowerToGeminiSchema } from './gemini-schema.js';
import { scanSchema } from './scan.js';
import type { Schema } from './schema-utils.js';

// Pydantic's optional fields and simple unions, annotated: the anyOf shapes the emitter meets most.
const nullableArb = fc.record(
  {
    anyOf: fc
      .tuple(fc.oneof(schemaArb, unionSchemaArb), fc.constant({ type: 'null' }), fc.boolean())
      .map(([branch, none, first]) => (first ? [none, branch] : [branch, none])),
    title: fc.constantFrom('Query', 'query', 'Max results'),
    default: fc.constantFrom(null, 'x', 3),
    description: fc.constantFrom('Text.', 'Text.\n\n@minimum 1'),
  },
  { requiredKeys: ['anyOf'] },
);
// Optional values (and one-branch anyOfs) beside each kind of sibling that leaves them to the
// general path: a keyword Gemini lacks, `enum`/`format`/`required`, another subschema keyword, a
// `type`.
const optionalArb = fc
  .tuple(
    // Sometimes both branches admit only null.
    fc.oneof(schemaArb, unionSchemaArb, nullableArb, fc.constant({ type: 'null' })),
    // Or no null branch at all: a one-branch anyOf.
    fc.constantFrom<unknown>(
      { type: 'null' },
      { nullable: true },
      { type: 'null', description: 'None.' },
      null,
    ),
    fc.boolean(),
    fc.option(
      fc.constantFrom<[string, unknown]>(
        ['title', 'Opt'],
        ['minLength', 1],
        ['nullable', false],
        ['examples', ['x']],
        ['format', 'date-time'],
        ['enum', ['a', 1]],
        ['required', ['a']],
        ['properties', { a: { type: 'integer' } }],
        ['items', { type: 'string' }],
        ['items', [{ type: 'string' }, { type: 'null' }]],
        ['type', 'string'],
        ['type', 'integer'],
      ),
      { nil: undefined },
    ),
  )
  .map(([branch, none, first, sibling]) => {
    const node: Record<string, unknown> = {
      anyOf: none === null ? [branch] : first ? [none, branch] : [branch, none],
    };
    if (sibling) node[sibling[0]] = sibling[1];
    return node;
  });
const simpleUnionArb = fc.record({
  anyOf: fc.array(schemaArb, { minLength: 2, maxLength: 3 }),
  description: fc.constant('Either.'),
});
const rootArb: fc.Arbitrary<Record<string, unknown>> = fc.oneof(
  unionRootArb,
  fc
    .tuple(
      fc.dictionary(
        fc.constantFrom('query', 'limit', 'tags', 'Max results'),
        fc.oneof(nullableArb, optionalArb, simpleUnionArb, schemaArb),
        { maxKeys: 4 },
      ),
      // Sometimes a required name without its property (Gemini: "property is not defined").
      fc.constantFrom([], ['ghost']),
    )
    .map(([properties, ghost]) => ({
      type: 'object',
      properties,
      required: [...Object.keys(properties).slice(0, 2), ...ghost],
    })),
);
// What the stand-in pass replaces (anything-schemas, free-form and empty objects, tuples) beside
// what it leaves to the general path (false branches, {not: {}}, arrays without items), under
// every value keyword and in `$defs`.
const standInOdd = fc.constantFrom<unknown>(
  true,
  false,
  {},
  { description: 'anything' },
  { not: {} },
  { type: 'object' },
  { type: 'object', description: 'A map.', additionalProperties: { type: 'integer' } },
  { type: 'object', additionalProperties: false },
  { type: 'array' },
  { type: 'array', prefixItems: [{ type: 'string' }] },
  { type: ['object', 'null'] },
);
const standInNodeArb: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  node: fc.oneof({ depthSize: 'small' }, schemaArb, nullableArb, standInOdd, tie('object'), tie('union')),
  object: fc.record(
    {
      type: fc.constant('object'),
      properties: fc.dictionary(fc.constantFrom('a', 'b', 'c'), tie('node'), { maxKeys: 3 }),
      additionalProperties: fc.oneof(fc.boolean(), tie('node')),
      patternProperties: fc.dictionary(fc.constantFrom('^x'), tie('node'), { maxKeys: 1 }),
      $defs: fc.dictionary(fc.constantFrom('D'), tie('node'), { maxKeys: 1 }),
      items: tie('node'),
    },
    { requiredKeys: ['type'] },
  ),
  union: fc.record({ anyOf: fc.array(tie('node'), { minLength: 1, maxLength: 3 }), title: fc.constant('U') }),
})).node;
const standInRootArb = fc
  .dictionary(fc.constantFrom('x', 'y', 'z'), standInNodeArb, { minKeys: 1, maxKeys: 3 })
  .map((properties) => ({ type: 'object', properties }) as Record<string, unknown>);

const limitsArb = fc.oneof(
  fc.constant(GEMINI_LIMITS),
  fc
    .record({
      maxProperties: fc.integer({ min: 0, max: 8 }),
      maxEnumValues: fc.integer({ min: 0, max: 8 }),
      maxNestingDepth: fc.integer({ min: 1, max: 4 }),
    })
    .map((small) => ({ ...GEMINI_LIMITS, ...small })),
);

describe('keyKind', () => {
  it('says "not allowed" exactly for keywords outside GEMINI_ALLOWED_FIELDS, and the subschema kind of the rest', () => {
    for (const key of GEMINI_ALLOWED_FIELDS) expect(keyKind(key) & KIND_MASK).toBe(subschemaKindOf(key));
    for (const key of [
      'additionalProperties',
      'oneOf',
      'allOf',
      '$ref',
      'const',
      'examples',
      '__proto__',
      'x',
    ])
      expect(keyKind(key)).toBeLessThan(0);
  });
});

describe('the single-pass Gemini emitter', () => {
  it('lowers like the pass pipeline: same schema, losses in the same order, same errors (property)', () => {
    let emitted = 0;
    fc.assert(
      fc.property(rootArb, limitsArb, fc.boolean(), (raw, limits, frozen) => {
        const schema = frozen ? deepFreeze(structuredClone(raw)) : raw;
        if (takesEmitter(schema, limits.maxNestingDepth)) emitted++;
        expect(byPipeline(schema, limits)).toEqual(byPasses(schema, limits));
      }),
      { numRuns: 1500 },
    );
    // The property says something only if many schemas took the emitter.
    expect(emitted).toBeGreaterThan(300);
  });

  it('makes the stand-in decisions of the pass pipeline: same schema, losses in the same order (property)', () => {
    let withStandIns = 0;
    fc.assert(
      fc.property(standInRootArb, limitsArb, fc.boolean(), (raw, limits, frozen) => {
        const schema = frozen ? deepFreeze(structuredClone(raw)) : raw;
        const scan = scanSchema(schema);
        if (scan.standInCandidate && takesEmitter(schema, limits.maxNestingDepth)) withStandIns++;
        expect(byPipeline(schema, limits)).toEqual(byPasses(schema, limits));
      }),
      { numRuns: 1500 },
    );
    expect(withStandIns).toBeGreaterThan(300);
  });

  it('is the generic walk of lowerToGeminiSchema on any schema, covered or not (property)', () => {
    fc.assert(
      fc.property(fc.oneof(rootArb, unionSchemaArb as fc.Arbitrary<Schema>, optionalArb), (schema) => {
        expect(loweringOutcome((ctx) => emitGeminiSchema(schema, '/inputSchema', ctx)!.schema)).toEqual(
          loweringOutcome((ctx) => lowerToGeminiSchema(schema, '/inputSchema', ctx)),
        );
      }),
      { numRuns: 1000 },
    );
  });

  it('lowers the same whatever Object.prototype holds: only own keys are read (property)', () => {
    fc.assert(
      fc.property(fc.oneof(rootArb, optionalArb), fc.boolean(), (raw, nullPrototype) => {
        const schema = (nullPrototype ? withNullPrototypes(raw) : raw) as Schema;
        const clean = byPipeline(schema);
        expect(withPollutedPrototype(() => byPipeline(schema))).toEqual(clean);
      }),
      { numRuns: 300 },
    );
  });

  it('leaves an own __proto__ key and nesting past 256 levels to the general walk, with the context untouched', () => {
    const polluted = JSON.parse(
      '{"type":"object","properties":{"a":{"const":1},"__proto__":{"type":"string"}}}',
    ) as Schema;
    let deep: Schema = { type: 'string', examples: ['x'] };
    for (let i = 0; i < 300; i++) deep = { type: 'array', items: deep };
    // An optional value at the last level walked: its null branch is one level too deep.
    let edge: Schema = { anyOf: [true, { type: 'null' }] };
    for (let i = 0; i < 256; i++) edge = { type: 'array', items: edge };
    for (const schema of [polluted, deep, edge]) {
      const ctx = createContext('Gemini', GEMINI_LIMITS);
      ctx.losses.push({ pointer: '/name', keyword: 'name', action: 'renamed', detail: 'earlier' });
      expect(emitGeminiSchema(schema, '/inputSchema', ctx)).toBeUndefined();
      expect(ctx.losses).toHaveLength(1);
      expect(ctx.argsChanged).toBe(false);
      expect(byPipeline(schema)).toEqual(byPasses(schema));
    }
  });

  it('throws the limit error the pass pipeline throws when a const or folded anyOf grows the schema', () => {
    const withConst = {
      a: { anyOf: [{ type: 'string' }, { type: 'null' }] },
      b: { const: 'x' },
      c: { enum: ['y'] },
    };
    // The properties beside the anyOf are folded into both branches: 5 properties in, 7 out.
    const props = { x: { type: 'string' }, y: { type: 'string' } };
    const branch = (name: string) => ({ type: 'object', properties: { [name]: { type: 'integer' } } });
    const folded = { a: { anyOf: [branch('z'), branch('w')], properties: props } };
    for (const [properties, limit, message] of [
      [withConst, { maxEnumValues: 1 }, "2 enum values exceed Gemini's limit of 1"],
      [folded, { maxProperties: 6 }, "7 properties exceed Gemini's limit of 6"],
    ] as const) {
      const schema = deepFreeze({ type: 'object', properties }) as Schema;
      const limits = { ...GEMINI_LIMITS, ...limit };
      const fast = byPipeline(schema, limits);
      expect(fast.threw).toContain(message);
      expect(fast).toEqual(byPasses(schema, limits));
    }
  });
});

/** The same schema with every object's prototype null (for…in then lists own keys only). */
function withNullPrototypes(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withNullPrototypes);
  if (value === null || typeof value !== 'object') return value;
  const out = Object.create(null) as Record<string, unknown>;
  for (const [key, item] of Object.entries(value)) out[key] = withNullPrototypes(item);
  return out;
}
