import { describe, expect, it } from 'vitest';
import { testContext } from '../test-fixtures/context.js';
import { constToEnum } from './const-to-enum.js';
import { flattenAllOf } from './flatten-all-of.js';
import { oneOfToAnyOf } from './one-of-to-any-of.js';
import { liftRootCombinators } from './root-combinators.js';

describe('flattenAllOf', () => {
  it('merges properties and required of allOf members', () => {
    const ctx = testContext();
    const out = flattenAllOf(
      {
        type: 'object',
        allOf: [
          { properties: { a: { type: 'string' } }, required: ['a'] },
          { properties: { b: { type: 'number' } }, required: ['b'] },
        ],
      },
      '',
      ctx,
    );
    expect(out).toEqual({
      type: 'object',
      properties: { a: { type: 'string' }, b: { type: 'number' } },
      required: ['a', 'b'],
    });
    expect(ctx.losses[0]).toMatchObject({ keyword: 'allOf', action: 'rewritten' });
  });

  it('keeps the first of conflicting keywords and reports it', () => {
    const ctx = testContext();
    const out = flattenAllOf({ allOf: [{ type: 'string' }, { type: 'number' }] }, '', ctx);
    expect(out.type).toBe('string');
    expect(ctx.losses.some((l) => l.action === 'dropped' && l.keyword === 'type')).toBe(true);
  });
});

describe('oneOfToAnyOf / constToEnum', () => {
  it('rewrites oneOf everywhere with a loss per rewrite', () => {
    const ctx = testContext();
    const out = oneOfToAnyOf(
      { type: 'object', properties: { a: { oneOf: [{ type: 'string' }, { type: 'number' }] } } },
      '',
      ctx,
    );
    expect(out).toEqual({
      type: 'object',
      properties: { a: { anyOf: [{ type: 'string' }, { type: 'number' }] } },
    });
    expect(ctx.losses).toHaveLength(1);
    expect(ctx.losses[0]!.pointer).toBe('/properties/a/oneOf');
  });

  it('turns const into a one-value enum', () => {
    const ctx = testContext();
    expect(constToEnum({ properties: { k: { const: 'x' } } }, '', ctx)).toEqual({
      properties: { k: { enum: ['x'] } },
    });
  });
});

describe('liftRootCombinators', () => {
  it('merges root anyOf of object variants: union of properties, common required', () => {
    const ctx = testContext();
    const out = liftRootCombinators(
      {
        type: 'object',
        anyOf: [
          {
            type: 'object',
            properties: { id: { type: 'string' }, a: { type: 'string' } },
            required: ['id', 'a'],
          },
          { type: 'object', properties: { id: { type: 'string' }, b: { type: 'string' } }, required: ['id'] },
        ],
      },
      '/inputSchema',
      ctx,
    );
    expect(out.anyOf).toBeUndefined();
    expect(Object.keys(out.properties as object)).toEqual(['id', 'a', 'b']);
    expect(out.required).toEqual(['id']);
    expect(ctx.losses[0]).toMatchObject({ pointer: '/inputSchema/anyOf', action: 'rewritten' });
  });

  it('moves root enum/not into the description', () => {
    const ctx = testContext();
    const out = liftRootCombinators({ type: 'object', not: { required: ['x'] } }, '', ctx);
    expect(out.not).toBeUndefined();
    expect(out.description).toBe('@not {"required":["x"]}');
    expect(ctx.losses[0]!.action).toBe('moved-to-description');
  });
});

describe('dropSchemaKeyword / isolateRefSiblings', () => {
  it('drops $schema anywhere with a loss', async () => {
    const { dropSchemaKeyword } = await import('./drop-schema-keyword.js');
    const ctx = testContext();
    const out = dropSchemaKeyword(
      {
        $schema: 'http://json-schema.org/draft-07/schema#',
        type: 'object',
        properties: { a: { $schema: 'x', type: 'string' } },
      },
      '',
      ctx,
    );
    expect(out).toEqual({ type: 'object', properties: { a: { type: 'string' } } });
    expect(ctx.losses.map((l) => l.pointer)).toEqual(['/properties/a/$schema', '/$schema']);
  });

  it('moves a $ref with siblings into a one-branch anyOf (Gemini JSON rule)', async () => {
    const { isolateRefSiblings } = await import('./ref-siblings.js');
    const ctx = testContext();
    const schema = {
      type: 'object',
      properties: {
        a: { $ref: '#/$defs/A', minLength: 1, description: 'd' },
        b: { $ref: '#/$defs/A', description: 'ok' },
      },
      $defs: { A: { type: 'string' } },
    };
    const out = isolateRefSiblings(schema, '', ctx);
    expect(out.properties).toEqual({
      a: { minLength: 1, description: 'd', anyOf: [{ $ref: '#/$defs/A' }] },
      b: { $ref: '#/$defs/A', description: 'ok' },
    });
    expect(ctx.losses).toHaveLength(1);
  });
});
