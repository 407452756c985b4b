import { describe, expect, it } from 'vitest';
import { ConversionError } from '../errors.js';
import type { Loose } from '../test-fixtures/context.js';
import { testContext } from '../test-fixtures/context.js';
import { inlineRefs } from './inline-refs.js';
import { lowerSchema } from './pipelines.js';

describe('inlineRefs', () => {
  it('inlines $defs refs and relative refs, records each, and is pure', () => {
    const schema = {
      type: 'object',
      properties: {
        a: { $ref: '#/$defs/A', description: 'the a' },
        list: { type: 'array', items: { type: 'string' } },
        again: { $ref: '#/properties/list/items' },
      },
      $defs: { A: { type: 'integer' } },
    };
    const copy = structuredClone(schema);
    const ctx = testContext();
    const out = inlineRefs(schema, '/inputSchema', ctx, { keepRecursive: false });
    expect(out).toEqual({
      type: 'object',
      properties: {
        a: { type: 'integer', description: 'the a' },
        list: { type: 'array', items: { type: 'string' } },
        again: { type: 'string' },
      },
    });
    expect(schema).toEqual(copy);
    expect(ctx.losses.filter((l) => l.action === 'inlined').map((l) => l.pointer)).toContain(
      '/inputSchema/properties/a/$ref',
    );
  });

  it('unfolds recursion a bounded number of times, then cuts with a JSON-string stand-in', () => {
    const schema = {
      type: 'object',
      properties: { node: { $ref: '#/$defs/Node' } },
      $defs: { Node: { type: 'object', properties: { child: { $ref: '#/$defs/Node' } } } },
    };
    const ctx = testContext({ maxRecursionUnfold: 2 });
    const out = inlineRefs(schema, '', ctx, { keepRecursive: false }) as unknown as Loose;
    const cut = out.properties.node.properties.child.properties.child;
    expect(cut.type).toBe('string');
    expect(cut.description).toContain('@schema {"$ref":"#/$defs/Node"}');
    expect(ctx.argsChanged).toBe(true);
  });

  it('keeps recursive $defs refs where the target supports recursion', () => {
    const schema = {
      type: 'object',
      properties: { node: { $ref: '#/$defs/Node' } },
      $defs: { Node: { type: 'object', properties: { child: { $ref: '#/$defs/Node' } } } },
    };
    const out = inlineRefs(schema, '', testContext(), { keepRecursive: true }) as Loose;
    expect(out.properties.node.properties.child).toEqual({ $ref: '#/$defs/Node' });
    expect(out.$defs.Node.properties.child).toEqual({ $ref: '#/$defs/Node' });
  });

  it('throws a typed error on recursion when asked to, and on exponential fan-out', () => {
    const loop = {
      type: 'object',
      properties: { a: { $ref: '#/$defs/A' } },
      $defs: { A: { anyOf: [{ $ref: '#/$defs/A' }] } },
    };
    expect(() => inlineRefs(loop, '', testContext(), { keepRecursive: false, onRecursion: 'error' })).toThrow(
      ConversionError,
    );
    const defs: Record<string, unknown> = { D0: { type: 'string' } };
    for (let i = 1; i < 30; i++)
      defs[`D${i}`] = { anyOf: [{ $ref: `#/$defs/D${i - 1}` }, { $ref: `#/$defs/D${i - 1}` }] };
    const bomb = { type: 'object', properties: { x: { $ref: '#/$defs/D29' } }, $defs: defs };
    try {
      inlineRefs(bomb, '', testContext(), { keepRecursive: false });
      expect.unreachable();
    } catch (error) {
      expect(ConversionError.isInstance(error) && error.reason).toBe('ref-expansion-too-large');
    }
  });

  it('is skipped for schemas without refs: the pipeline returns them untouched (same object)', () => {
    const schema = { type: 'object', properties: { a: { type: 'string' } } };
    expect(lowerSchema(schema, '', testContext(), 'anthropic-strict').properties).toBe(schema.properties);
  });
});
