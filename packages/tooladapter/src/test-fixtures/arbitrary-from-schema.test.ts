import { createAjv } from '@toolarsenal/toolmodel';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { arbitraryFromSchema } from './arbitrary-from-schema.js';

const ajv = createAjv({ validateFormats: true });

const SCHEMAS: Record<string, unknown> = {
  'type arrays and nullable': {
    type: 'object',
    properties: { a: { type: ['string', 'null'] }, b: { type: 'integer', nullable: true } },
    required: ['a', 'b'],
  },
  'bounds and multipleOf': {
    type: 'object',
    properties: {
      n: { type: 'number', exclusiveMinimum: 0, maximum: 1 },
      i: { type: 'integer', minimum: 5, exclusiveMaximum: 9 },
      m: { type: 'number', multipleOf: 0.5, minimum: -2, maximum: 2 },
    },
    required: ['n', 'i', 'm'],
  },
  'strings with length, pattern and formats': {
    type: 'object',
    properties: {
      s: { type: 'string', minLength: 2, maxLength: 4 },
      p: { type: 'string', pattern: '^[A-Z]{3}-\\d{2}$' },
      d: { type: 'string', format: 'date-time' },
      e: { type: 'string', format: 'email' },
      u: { type: 'string', format: 'uri' },
    },
    required: ['s', 'p', 'd', 'e', 'u'],
    additionalProperties: false,
  },
  'arrays, tuples, enum and const': {
    type: 'object',
    properties: {
      list: { type: 'array', items: { enum: [1, 'two', null] }, minItems: 1, maxItems: 2 },
      pair: { type: 'array', prefixItems: [{ const: 'x' }, { type: 'boolean' }], items: false },
      uniq: { type: 'array', items: { type: 'integer', minimum: 0, maximum: 3 }, uniqueItems: true },
    },
    required: ['list', 'pair', 'uniq'],
  },
  combinators: {
    type: 'object',
    properties: {
      any: { anyOf: [{ type: 'string' }, { type: 'number' }] },
      one: { oneOf: [{ type: 'string', maxLength: 0 }, { type: 'integer' }] },
      all: {
        allOf: [
          { type: 'object', properties: { a: { type: 'string' } }, required: ['a'] },
          { properties: { b: { type: 'integer' } }, required: ['b'] },
        ],
      },
    },
    required: ['any', 'one', 'all'],
  },
  'recursive $ref/$defs': {
    type: 'object',
    properties: { tree: { $ref: '#/$defs/node' } },
    required: ['tree'],
    $defs: {
      node: {
        type: 'object',
        properties: {
          value: { type: 'string' },
          children: { type: 'array', items: { $ref: '#/$defs/node' } },
        },
        required: ['value'],
      },
    },
  },
  'minProperties with open object': {
    type: 'object',
    minProperties: 2,
    properties: { a: { type: 'string' } },
  },
};

describe('arbitraryFromSchema', () => {
  for (const [name, schema] of Object.entries(SCHEMAS)) {
    it(`generates valid values: ${name}`, () => {
      const validate = ajv.compile(schema as object);
      fc.assert(
        fc.property(arbitraryFromSchema(schema), (value) => {
          expect(validate(value), JSON.stringify(validate.errors)).toBe(true);
        }),
        { numRuns: 80 },
      );
    });
  }

  it('is deterministic for a seed and never emits forbidden keys', () => {
    const schema = { type: 'object', additionalProperties: true, minProperties: 3 };
    const a = fc.sample(arbitraryFromSchema(schema), { numRuns: 20, seed: 7 });
    const b = fc.sample(arbitraryFromSchema(schema), { numRuns: 20, seed: 7 });
    expect(a).toEqual(b);
    for (const v of a) expect(Object.keys(v as object)).not.toContain('__proto__');
  });
});
