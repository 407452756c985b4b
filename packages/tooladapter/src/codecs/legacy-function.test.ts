import { checkJsonSchema, parseTool, UnsafeJsonError, walkSchema } from '@toolarsenal/toolmodel';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ConversionError } from '../errors.js';
import { checkLegacyFunction, decodeLegacyFunction } from './legacy-function.js';

describe('legacy-function codec', () => {
  it('normalises Python/Java type names and reports each rewrite', () => {
    const { input, losses } = decodeLegacyFunction({
      name: 'math.factorial',
      description: 'Factorial',
      parameters: {
        type: 'dict',
        properties: {
          n: { type: 'long', description: 'number' },
          ratio: { type: 'float' },
          tags: { type: 'ArrayList', items: { type: 'String' } },
          opts: { type: 'HashMap', properties: { deep: { type: 'Boolean', optional: false } } },
          anything: { type: 'any' },
          pair: { type: 'tuple', items: [{ type: 'int' }, { type: 'char' }] },
          maybe: { type: 'string', optional: true },
        },
        required: ['n', 'maybe'],
      },
    });
    expect(input.name).toBe('math.factorial');
    expect(input.inputSchema).toEqual({
      type: 'object',
      properties: {
        n: { type: 'integer', description: 'number' },
        ratio: { type: 'number' },
        tags: { type: 'array', items: { type: 'string' } },
        opts: { type: 'object', properties: { deep: { type: 'boolean' } }, required: ['deep'] },
        anything: {},
        pair: { type: 'array', items: [{ type: 'integer' }, { type: 'string' }] },
        maybe: { type: 'string' },
      },
      required: ['n'],
    });
    const kinds = losses.map((l) => `${l.pointer} ${l.action}`);
    expect(kinds).toContain('/inputSchema/type rewritten');
    expect(kinds).toContain('/inputSchema/properties/anything/type dropped');
    expect(kinds).toContain('/inputSchema/properties/maybe/optional rewritten');
    expect(kinds).toContain('/inputSchema/properties/opts/properties/deep/optional rewritten');
    // The tuple's item array becomes prefixItems in toolmodel's 2020-12 normalisation.
    const tool = parseTool(input);
    expect(tool.inputSchema.properties).toMatchObject({ pair: { type: 'array', prefixItems: [{}, {}] } });
  });

  it('lifts Java-style boolean required flags and never mutates the input', () => {
    const raw = {
      name: 'f',
      parameters: {
        type: 'object',
        properties: { a: { type: 'String', required: true }, b: { type: 'int' } },
      },
    };
    const before = JSON.stringify(raw);
    const { input } = decodeLegacyFunction(raw);
    expect(input.inputSchema).toEqual({
      type: 'object',
      properties: { a: { type: 'string' }, b: { type: 'integer' } },
      required: ['a'],
    });
    expect(JSON.stringify(raw)).toBe(before);
  });

  it('renames invalid names reversibly and accepts the BFCL record wrapper', () => {
    const { input, losses } = decodeLegacyFunction({ function: { name: 'get weather!', parameters: {} } });
    expect(input.name).toBe('get_weather');
    expect(input.sourceMeta).toEqual({ legacy: { name: 'get weather!' } });
    expect(losses.some((l) => l.action === 'renamed')).toBe(true);
  });

  it('rejects definitions that cannot be tools with typed errors', () => {
    expect(() => decodeLegacyFunction({ description: 'x' })).toThrow(ConversionError);
    expect(() => decodeLegacyFunction({ name: 'f', parameters: { type: 'string' } })).toThrow(
      /must describe an object/,
    );
    expect(() => decodeLegacyFunction(JSON.parse('{"name":"f","__proto__":{"x":1}}'))).toThrow(
      UnsafeJsonError,
    );
    expect(checkLegacyFunction({ name: '', parameters: 3 }).map((v) => v.rule)).toEqual([
      'legacy.function.name',
      'legacy.function.parameters',
    ]);
    expect(checkLegacyFunction({ name: 'ok', parameters: { type: 'dict' } })).toEqual([]);
  });

  it('normalises any legacy schema to valid 2020-12 without legacy names left (property-based)', () => {
    const typeName = fc.constantFrom(
      'dict',
      'float',
      'tuple',
      'any',
      'String',
      'HashMap',
      'long',
      'int',
      'integer',
      'boolean',
      'bool',
      'array',
      'ArrayList',
      'char',
      'str',
      '',
      'Double',
      'object',
      'null',
    );
    const legacy = fc.letrec((tie) => ({
      node: fc.record(
        {
          type: fc.oneof(typeName, fc.array(typeName, { minLength: 1, maxLength: 2 })),
          description: fc.string({ maxLength: 5 }),
          optional: fc.boolean(),
          required: fc.boolean(),
          properties: fc.dictionary(fc.stringMatching(/^[a-z]{1,4}$/), tie('node'), {
            maxKeys: 3,
            depthIdentifier: 'legacy',
          }),
          items: tie('node'),
        },
        { requiredKeys: ['type'] },
      ),
    })).node;
    const allowed = new Set(['object', 'number', 'integer', 'string', 'boolean', 'array', 'null']);
    fc.assert(
      fc.property(
        fc.dictionary(fc.stringMatching(/^[a-z]{1,4}$/), legacy, { maxKeys: 4 }),
        fc.array(fc.string({ maxLength: 3 }), { maxLength: 2 }),
        (properties, required) => {
          const { input } = decodeLegacyFunction({
            name: 'f',
            parameters: { type: 'dict', properties, required },
          });
          const tool = parseTool(input);
          expect(checkJsonSchema(tool.inputSchema, '/inputSchema')).toEqual([]);
          walkSchema(tool.inputSchema, ({ schema }) => {
            expect(schema.optional).toBeUndefined();
            expect(typeof schema.required === 'boolean').toBe(false);
            for (const t of Array.isArray(schema.type)
              ? schema.type
              : schema.type === undefined
                ? []
                : [schema.type])
              expect(allowed.has(t as string)).toBe(true);
          });
        },
      ),
      { numRuns: 150 },
    );
  });
});
