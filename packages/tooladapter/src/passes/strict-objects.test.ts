import { describe, expect, it } from 'vitest';
import type { Loose } from '../test-fixtures/context.js';
import { testContext } from '../test-fixtures/context.js';
import { OPENAI_STRICT_POLICY } from './allow-list.js';
import { restoreSchema } from './restore.js';
import { closeObjects } from './strict-objects.js';

const schema = {
  type: 'object',
  properties: {
    q: { type: 'string', minLength: 2 },
    limit: { type: 'integer', description: 'Max results' },
    mode: { type: 'string', enum: ['a', 'b'] },
    maybe: { anyOf: [{ type: 'string' }, { type: 'null' }] },
    nested: { type: 'object', properties: { x: { $ref: '#/$defs/X' } } },
  },
  required: ['q'],
  $defs: { X: { type: 'number' } },
};

describe('closeObjects (OpenAI strict)', () => {
  const ctx = testContext();
  const out = closeObjects(schema, '/inputSchema', ctx, {
    requireAll: true,
    policy: OPENAI_STRICT_POLICY,
  }) as Loose;

  it('closes every object and requires every property', () => {
    expect(out.additionalProperties).toBe(false);
    expect(out.required).toEqual(['q', 'limit', 'mode', 'maybe', 'nested']);
    expect(out.properties.nested.additionalProperties).toBe(false);
    expect(out.properties.nested.required).toEqual(['x']);
  });

  it('makes optional properties nullable and marks them', () => {
    expect(out.properties.limit).toEqual({
      type: ['integer', 'null'],
      description: 'Max results\n\n@optional',
    });
    expect(out.properties.mode.enum).toEqual(['a', 'b', null]);
    expect(out.properties.maybe.description).toBe('@optional "nullable"');
    expect(out.properties.nested.properties.x).toEqual({
      anyOf: [{ $ref: '#/$defs/X' }, { type: 'null' }],
      description: '@optional',
    });
  });

  it('moves unsupported keywords into the description', () => {
    expect(out.properties.q).toEqual({ type: 'string', description: '@minLength 2' });
    expect(
      ctx.losses.some(
        (l) => l.pointer === '/inputSchema/properties/q/minLength' && l.action === 'moved-to-description',
      ),
    ).toBe(true);
  });

  it('is undone by restoreSchema', () => {
    const losses: never[] = [];
    const back = restoreSchema(out, '/inputSchema', losses, { nullable: false }) as Loose;
    expect(back.required).toEqual(['q']);
    expect(back.properties.q).toEqual(schema.properties.q);
    expect(back.properties.limit).toEqual(schema.properties.limit);
    expect(back.properties.mode).toEqual(schema.properties.mode);
    expect(back.properties.maybe).toEqual(schema.properties.maybe);
    expect(back.properties.nested.properties.x).toEqual({ $ref: '#/$defs/X' });
  });
});

describe('closeObjects (Anthropic strict)', () => {
  it('closes objects but keeps optional properties optional', () => {
    const out = closeObjects({ type: 'object', properties: { a: { type: 'string' } } }, '', testContext(), {
      requireAll: false,
    });
    expect(out).toEqual({
      type: 'object',
      properties: { a: { type: 'string' } },
      additionalProperties: false,
    });
  });
});
