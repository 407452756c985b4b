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
