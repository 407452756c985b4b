import { describe, expect, it } from 'vitest';
import { createArgsCodec } from '../decode/args-codec.js';
import type { Loose } from '../test-fixtures/context.js';
import { testContext } from '../test-fixtures/context.js';
import { restoreSchema } from './restore.js';
import { replaceInexpressible } from './stand-ins.js';

const options = { freeFormObjects: true, anySchemas: true, tuples: true, maxObjectDepth: 3 };

describe('replaceInexpressible', () => {
  const schema = {
    type: 'object',
    properties: {
      meta: { type: 'object', description: 'Free-form metadata' },
      labels: { type: 'object', additionalProperties: { type: 'string' } },
      anything: {},
      pair: { type: 'array', prefixItems: [{ type: 'string' }, { type: 'number' }] },
      tags: { type: 'array' },
      maybe: { anyOf: [{ type: 'string' }, { not: {} }] },
      deep: {
        type: 'object',
        properties: {
          l2: {
            type: 'object',
            properties: { l3: { type: 'object', properties: { x: { type: 'string' } } } },
          },
        },
      },
    },
  };
  const ctx = testContext();
  const out = replaceInexpressible(schema, '', ctx, options) as Loose;

  it('replaces free-form objects, maps, any-schemas, tuples and over-deep objects with JSON strings', () => {
    for (const key of ['meta', 'labels', 'anything', 'pair']) expect(out.properties[key].type).toBe('string');
    expect(out.properties.meta.description).toBe(
      'Free-form metadata\n\n@contentMediaType "application/json"\n@schema {"type":"object"}',
    );
    expect(out.properties.tags.items.type).toBe('string');
    expect(out.properties.deep.properties.l2.properties.l3.type).toBe('string');
    expect(out.properties.maybe.anyOf).toEqual([{ type: 'string' }]);
    expect(ctx.argsChanged).toBe(true);
  });

  it('restores the original subschemas exactly', () => {
    const back = restoreSchema(out, '', [], { nullable: false }) as Loose;
    expect(back.properties.meta).toEqual(schema.properties.meta);
    expect(back.properties.labels).toEqual(schema.properties.labels);
    expect(back.properties.pair).toEqual(schema.properties.pair);
    expect(back.properties.deep).toEqual(schema.properties.deep);
  });

  it('decodes the JSON text a model sends back into values', () => {
    const codec = createArgsCodec(out);
    const args = {
      meta: { a: [1, { b: null }] },
      labels: { x: 'y' },
      anything: 3,
      pair: ['a', 1],
      tags: [{ t: 1 }, 'x'],
    };
    const encoded = codec.encode(args) as Record<string, unknown>;
    expect(encoded.meta).toBe('{"a":[1,{"b":null}]}');
    expect(codec.decode(encoded)).toEqual(args);
  });
});

describe('stand-ins for optional properties in strict mode', () => {
  it('restore keeps the property optional', async () => {
    const { closeObjects } = await import('./strict-objects.js');
    const schema = {
      type: 'object',
      properties: {
        a: { type: 'string' },
        labels: { type: 'object', additionalProperties: { type: 'string' } },
      },
      required: ['a'],
    };
    const ctx = testContext();
    const lowered = closeObjects(replaceInexpressible(schema, '', ctx, options), '', ctx, {
      requireAll: true,
    });
    expect(restoreSchema(lowered, '', [], { nullable: false })).toEqual({
      ...schema,
      additionalProperties: false,
    });
    expect(createArgsCodec(lowered).decode({ a: 'x', labels: null })).toEqual({ a: 'x' });
  });
});
