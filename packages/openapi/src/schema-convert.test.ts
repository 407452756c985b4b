import { checkJsonSchema, type JsonSchema, walkSchema } from '@toolarsenal/toolmodel';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LocalRefs } from './local-refs.js';
import { SchemaConverter } from './schema-convert.js';
import { SchemaStats } from './schema-stats.js';

function convert(schema: unknown, direction: 'input' | 'output' = 'input', doc: unknown = schema) {
  const stats = new SchemaStats();
  const converter = new SchemaConverter(new LocalRefs(doc, 'test', [], new WeakMap()), stats);
  const root = converter.root(direction);
  const out = root.convert(schema) as Record<string, unknown>;
  const defs = root.collectDefs();
  return { schema: defs ? { ...out, $defs: defs } : out, stats };
}

describe('SchemaConverter', () => {
  it('rewrites OpenAPI 3.0 nullable as a null type (and null enum member)', () => {
    expect(convert({ type: 'string', nullable: true, enum: ['a', 'b'] }).schema).toEqual({
      type: ['string', 'null'],
      enum: ['a', 'b', null],
    });
    expect(convert({ allOf: [{ type: 'string' }], nullable: true, description: 'd' }).schema).toEqual({
      description: 'd',
      anyOf: [{ type: 'string' }, { type: 'null' }],
    });
    expect(convert({ oneOf: [{ type: 'string' }, { type: 'integer' }], nullable: true }).schema).toEqual({
      anyOf: [{ oneOf: [{ type: 'string' }, { type: 'integer' }] }, { type: 'null' }],
    });
    expect(convert({ type: ['integer', 'null'] }).schema).toEqual({ type: ['integer', 'null'] });
  });

  it('leaves readOnly properties out of inputs and writeOnly ones out of outputs', () => {
    const schema = {
      type: 'object',
      required: ['id', 'password', 'name'],
      properties: {
        id: { type: 'integer', readOnly: true },
        password: { type: 'string', writeOnly: true },
        name: { type: 'string' },
        created: { description: 'set by the server', allOf: [{ type: 'string', readOnly: true }] },
      },
    };
    expect(convert(schema, 'input').schema).toEqual({
      type: 'object',
      required: ['password', 'name'],
      properties: { password: { type: 'string', writeOnly: true }, name: { type: 'string' } },
    });
    expect(convert(schema, 'output').schema).toEqual({
      type: 'object',
      required: ['id', 'name'],
      properties: {
        id: { type: 'integer', readOnly: true },
        name: { type: 'string' },
        created: { description: 'set by the server', allOf: [{ type: 'string', readOnly: true }] },
      },
    });
  });

  it('drops OpenAPI-only keywords and vendor extensions, counting them; example → examples', () => {
    const { schema, stats } = convert({
      type: 'object',
      'x-internal': true,
      xml: { name: 'Pet' },
      discriminator: { propertyName: 'kind' },
      properties: { kind: { type: 'string', example: 'cat', 'x-order': 1 } },
    });
    expect(schema).toEqual({ type: 'object', properties: { kind: { type: 'string', examples: ['cat'] } } });
    expect(stats.count('vendorExtensions')).toBe(2);
    expect(stats.count('openapiKeywords')).toBe(2);
  });

  it('drops `required` misplaced on a non-object schema (a no-op strict targets reject)', () => {
    const { schema, stats } = convert({ type: 'array', items: { type: 'object' }, required: ['file_id'] });
    expect(schema).toEqual({ type: 'array', items: { type: 'object' } });
    expect(stats.count('invalidKeywords')).toBe(1);
  });

  it('represents binary data as base64 strings', () => {
    expect(convert({ type: 'string', format: 'binary' }).schema).toEqual({
      type: 'string',
      contentEncoding: 'base64',
    });
    expect(convert({ type: 'file' }).schema).toEqual({ type: 'string', contentEncoding: 'base64' });
  });

  it('rewrites draft-04 boolean exclusive bounds and infers object types', () => {
    expect(convert({ type: 'number', minimum: 1, exclusiveMinimum: true }).schema).toEqual({
      type: 'number',
      exclusiveMinimum: 1,
    });
    expect(convert({ properties: { a: { type: 'string' } } }).schema).toEqual({
      type: 'object',
      properties: { a: { type: 'string' } },
    });
  });

  it('breaks object cycles with $defs entries that refer to themselves', () => {
    const node: Record<string, unknown> = { type: 'object', properties: {} };
    (node.properties as Record<string, unknown>).child = node;
    (node.properties as Record<string, unknown>).list = { type: 'array', items: node };
    const names = new WeakMap<object, string>([[node, 'Node']]);
    const converter = new SchemaConverter(new LocalRefs(node, 'test', [], names), new SchemaStats());
    const root = converter.root('input');
    const out = root.convert({ type: 'object', properties: { tree: node } });
    const defs = root.collectDefs();
    expect(out).toEqual({ type: 'object', properties: { tree: { $ref: '#/$defs/Node' } } });
    expect(defs).toEqual({
      Node: {
        type: 'object',
        properties: {
          child: { $ref: '#/$defs/Node' },
          list: { type: 'array', items: { $ref: '#/$defs/Node' } },
        },
      },
    });
    expect(checkJsonSchema({ ...(out as object), $defs: defs }, '')).toEqual([]);
  });

  it('shallow mode describes named schemas below the root instead of expanding them', () => {
    const customer = {
      type: 'object',
      description: 'A customer.\nMore text.',
      properties: { id: { type: 'string' } },
    };
    const list = { type: 'object', properties: { data: { type: 'array', items: customer } } };
    const refs = new LocalRefs(list, 'test', [], new WeakMap([[customer, 'customer']]));
    const converter = new SchemaConverter(refs, new SchemaStats());
    expect(converter.root('output', 'shallow').convert(list)).toEqual({
      type: 'object',
      properties: {
        data: {
          type: 'array',
          items: {
            type: 'object',
            description: 'A customer. (schema "customer" not expanded: response schema too large)',
          },
        },
      },
    });
    expect(converter.root('output', 'inline').convert(list)).toEqual(list);
  });

  it('turns arbitrary OpenAPI 3.0 schemas into valid JSON Schema 2020-12 without OpenAPI keywords (property)', () => {
    const leaf = fc.oneof(
      fc.record(
        {
          type: fc.constantFrom('string', 'integer', 'number', 'boolean', 'file'),
          nullable: fc.boolean(),
          example: fc.jsonValue(),
          format: fc.constantFrom('binary', 'byte', 'int64', 'date-time'),
          enum: fc.array(fc.string(), { minLength: 1, maxLength: 3 }),
          'x-vendor': fc.jsonValue(),
          minimum: fc.integer(),
          exclusiveMinimum: fc.boolean(),
          readOnly: fc.boolean(),
        },
        { requiredKeys: [] },
      ),
    );
    const tree = fc.letrec<{ node: unknown }>((tie) => ({
      node: fc.oneof(
        { depthSize: 'small' },
        leaf,
        fc.record(
          {
            type: fc.constant('object'),
            properties: fc.dictionary(fc.string({ minLength: 1, maxLength: 5 }), tie('node'), { maxKeys: 4 }),
            required: fc.array(fc.string({ minLength: 1, maxLength: 5 }), { maxLength: 3 }),
            nullable: fc.boolean(),
            xml: fc.constant({ name: 'x' }),
          },
          { requiredKeys: ['properties'] },
        ),
        fc.record({ type: fc.constant('array'), items: tie('node') }),
        fc.record({
          oneOf: fc.array(tie('node'), { minLength: 1, maxLength: 3 }),
          discriminator: fc.constant({ propertyName: 'k' }),
        }),
      ),
    }));
    fc.assert(
      fc.property(tree.node, (schema) => {
        const { schema: out } = convert(schema);
        expect(checkJsonSchema(out, '')).toEqual([]);
        walkSchema(out as JsonSchema, ({ schema: node }) => {
          // In an input, properties marked readOnly are left out.
          for (const prop of Object.values(
            (node.properties ?? {}) as Record<string, { readOnly?: unknown }>,
          )) {
            expect(prop.readOnly).not.toBe(true);
          }
          for (const key of Object.keys(node)) {
            expect(key.startsWith('x-')).toBe(false);
            expect(['nullable', 'xml', 'discriminator', 'example']).not.toContain(key);
          }
        });
      }),
      { numRuns: 300 },
    );
  });
});
