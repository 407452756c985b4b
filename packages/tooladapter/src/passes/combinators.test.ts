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
