import { describe, expect, it } from 'vitest';
import { createArgsCodec } from '../decode/args-codec.js';
import type { Loose } from '../test-fixtures/context.js';
import { testContext } from '../test-fixtures/context.js';
import { lowerToGeminiSchema } from './gemini-schema.js';
import { restoreSchema } from './restore.js';

describe('lowerToGeminiSchema', () => {
  const schema = {
    type: 'object',
    properties: {
      level: { type: 'integer', enum: [1, 2, 3], description: 'Level' },
      name: { type: ['string', 'null'] },
      kind: { const: 'fixed' },
      maybe: { anyOf: [{ type: 'number', exclusiveMinimum: 0 }, { type: 'null' }], default: null },
      email: { type: 'string', format: 'email' },
    },
    required: ['level', 'ghost'],
    additionalProperties: false,
  };
  const ctx = testContext();
  const out = lowerToGeminiSchema(schema, '/inputSchema', ctx) as Loose;

  it('writes non-string enums as strings with format enum and keeps the originals in a tag', () => {
    expect(out.properties.level).toEqual({
      type: 'string',
      enum: ['1', '2', '3'],
      format: 'enum',
      description: 'Level\n\n@enum [1,2,3]\n@type "integer"',
    });
  });

  it('expresses null with nullable and removes fields Gemini rejects', () => {
    expect(out.properties.name).toEqual({ type: 'string', nullable: true });
    expect(out.properties.kind).toEqual({ enum: ['fixed'], type: 'string' });
    expect(out.properties.maybe.nullable).toBe(true);
    expect(out.properties.maybe.anyOf).toBeUndefined();
    expect(out.properties.maybe.type).toBe('number');
    expect(out.properties.maybe.description).toContain('@exclusiveMinimum 0');
    expect(out.properties.email.format).toBeUndefined();
    expect(out.required).toEqual(['level']);
    expect(out.additionalProperties).toBeUndefined();
    expect(out.description).toBe('@additionalProperties false');
  });

  it('records every change', () => {
    const keywords = new Set(ctx.losses.map((l) => l.keyword));
    for (const k of [
      'enum',
      'const',
      'type',
      'required',
      'format',
      'additionalProperties',
      'exclusiveMinimum',
    ])
      expect(keywords).toContain(k);
  });

  it('maps string enum values back to numbers in decode, and restores the schema', () => {
    const codec = createArgsCodec(out);
    expect(codec.decode({ level: '2', name: null })).toEqual({ level: 2, name: null });
    expect(codec.encode({ level: 3 })).toEqual({ level: '3' });
    const back = restoreSchema(out, '/inputSchema', [], { nullable: true }) as Loose;
    expect(back.properties.level).toEqual(schema.properties.level);
    expect(back.properties.name).toEqual(schema.properties.name);
    expect(back.additionalProperties).toBe(false);
    expect(back.properties.email).toEqual(schema.properties.email);
  });
});
