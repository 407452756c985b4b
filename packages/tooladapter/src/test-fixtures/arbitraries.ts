import { defineTool, type Tool } from '@toolarsenal/toolmodel';
import fc from 'fast-check';

const word = fc.stringMatching(/^[a-z][a-z0-9_]{0,11}$/);
const text = fc.oneof(
  fc.constant(''),
  fc.string({ maxLength: 40 }),
  fc.constantFrom('Plain words.', 'Line one\nline two', '使用必应搜索'),
);

/** A leaf or nested JSON Schema as real MCP servers emit them (bounded depth). */
export const schemaArb: fc.Arbitrary<Record<string, unknown>> = fc.letrec((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    tie('leaf'),
    tie('leaf'),
    tie('object'),
    tie('array'),
    tie('union'),
  ) as fc.Arbitrary<Record<string, unknown>>,
  leaf: fc.oneof(
    fc.record({ type: fc.constant('string'), description: text }, { requiredKeys: ['type'] }),
    fc.record(
      {
        type: fc.constant('string'),
        minLength: fc.nat(5),
        maxLength: fc.integer({ min: 5, max: 50 }),
        pattern: fc.constant('^[a-z]*$'),
      },
      { requiredKeys: ['type'] },
    ),
    fc.record(
      {
        type: fc.constantFrom('number', 'integer'),
        minimum: fc.integer({ min: -5, max: 0 }),
        maximum: fc.integer({ min: 1, max: 100 }),
      },
      { requiredKeys: ['type'] },
    ),
    fc.record({ type: fc.constant('boolean'), default: fc.boolean() }, { requiredKeys: ['type'] }),
    fc.record({ type: fc.constant('string'), enum: fc.uniqueArray(word, { minLength: 1, maxLength: 4 }) }),
    fc.record({
      type: fc.constant('integer'),
      enum: fc.uniqueArray(fc.integer({ min: 0, max: 9 }), { minLength: 1, maxLength: 4 }),
    }),
    fc.record({ const: word }),
    fc.record({ type: fc.constant('string'), format: fc.constantFrom('date-time', 'email', 'uri') }),
  ),
  object: fc.dictionary(word, tie('node'), { minKeys: 0, maxKeys: 4 }).chain((properties) =>
    fc.record(
      {
        type: fc.constant('object'),
        properties: fc.constant(properties),
        required: fc.subarray(Object.keys(properties)),
        additionalProperties: fc.constantFrom(false, true, { type: 'string' }),
      },
      { requiredKeys: ['type', 'properties'] },
    ),
  ),
  array: fc.record(
    { type: fc.constant('array'), items: tie('node'), minItems: fc.nat(3) },
    { requiredKeys: ['type', 'items'] },
  ),
  union: fc.oneof(
    fc.record({ anyOf: fc.tuple(tie('leaf'), fc.constant({ type: 'null' })) }),
    fc.record({ type: fc.constant(['string', 'null']) }),
    fc.record({ oneOf: fc.tuple(tie('leaf'), tie('leaf')) }),
  ),
})).node as fc.Arbitrary<Record<string, unknown>>;

/** Canonical tools with generated schemas, names with dots, descriptions, optional output schemas. */
export const toolArb: fc.Arbitrary<Tool> = fc
  .record(
    {
      name: fc.oneof(
        word,
        fc.stringMatching(/^[a-z]{1,8}\.[a-z]{1,8}$/),
        fc.stringMatching(/^[a-z_]{70,90}$/),
      ),
      description: text,
      properties: fc.dictionary(word, schemaArb, { minKeys: 0, maxKeys: 5 }),
      requiredFrac: fc.double({ min: 0, max: 1, noNaN: true }),
      outputSchema: fc.option(fc.constant({ type: 'object', properties: { ok: { type: 'boolean' } } }), {
        nil: undefined,
      }),
    },
    { requiredKeys: ['name', 'description', 'properties', 'requiredFrac'] },
  )
  .map(({ name, description, properties, requiredFrac, outputSchema }) => {
    const names = Object.keys(properties);
    const required = names.slice(0, Math.round(names.length * requiredFrac));
    return defineTool({
      name,
      description,
      inputSchema: { type: 'object', properties, ...(required.length ? { required } : {}) },
      ...(outputSchema ? { outputSchema } : {}),
    });
  });

// Real-world shapes plus what the anyOf passes act on: `anyOf` with and without a `type` beside
// it, annotated (pydantic's optional fields), nested, and inside arrays and maps.
const union = (tie: (k: string) => fc.Arbitrary<unknown>) =>
  fc.record(
    {
      anyOf: fc.array(tie('node'), { minLength: 1, maxLength: 3 }),
      type: fc.constantFrom<unknown>('string', 'object', ['string', 'null']),
      title: fc.constant('T'),
      default: fc.constant(null),
      description: fc.constant('d'),
    },
    { requiredKeys: ['anyOf'] },
  );
/** `schemaArb` nodes mixed with unions, objects and arrays of them (bounded depth). */
export const unionSchemaArb: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  node: fc.oneof({ depthSize: 'small' }, schemaArb, tie('object'), tie('union'), tie('array')),
  object: fc.record(
    {
      type: fc.constant('object'),
      properties: fc.dictionary(fc.constantFrom('a', 'b', 'c'), tie('node'), { maxKeys: 3 }),
      additionalProperties: fc.oneof(fc.boolean(), tie('node')),
      enum: fc.constant([{ a: 1 }, 'x']),
    },
    { requiredKeys: ['type'] },
  ),
  union: union(tie),
  array: fc.record({ type: fc.constant('array'), items: tie('node') }, { requiredKeys: ['items'] }),
})).node;
/** Object roots whose properties are `unionSchemaArb` nodes. */
export const unionRootArb: fc.Arbitrary<Record<string, unknown>> = fc
  .dictionary(fc.constantFrom('x', 'y', 'z'), unionSchemaArb, { maxKeys: 3 })
  .map((properties) => ({ type: 'object', properties }) as Record<string, unknown>);
