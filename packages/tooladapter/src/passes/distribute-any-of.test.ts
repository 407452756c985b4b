import { createAjv, defineTool } from '@toolarsenal/toolmodel';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { check, fromCanonical } from '../index.js';
import { testContext } from '../test-fixtures/context.js';
import { distributedBranches, distributeIntoAnyOf } from './distribute-any-of.js';

const ajv = createAjv({ validateFormats: true });
const accepts = (schema: unknown, value: unknown) => ajv.validate(schema as object, value) as boolean;

describe('distributeIntoAnyOf', () => {
  it('folds the constraints next to an anyOf into its branches (issue 15: ipv4/ipv6)', () => {
    const ctx = testContext();
    const out = distributeIntoAnyOf(
      { type: 'string', description: 'An IP', anyOf: [{ format: 'ipv4' }, { format: 'ipv6' }] },
      '/inputSchema/properties/ip',
      ctx,
    );
    expect(out).toEqual({
      description: 'An IP',
      anyOf: [
        { type: 'string', format: 'ipv4' },
        { type: 'string', format: 'ipv6' },
      ],
    });
    expect(ctx.losses).toEqual([
      {
        pointer: '/inputSchema/properties/ip/anyOf',
        keyword: 'anyOf',
        action: 'rewritten',
        detail:
          '"type" folded into each anyOf branch (same meaning; Test target reads each branch on its own)',
      },
    ]);
  });

  it('leaves a node alone when folding would change its meaning', () => {
    // A different value for the same keyword, siblings that depend on each other, a $ref branch.
    expect(distributedBranches({ minimum: 1, anyOf: [{ minimum: 2 }] })).toBeUndefined();
    expect(
      distributedBranches({ additionalProperties: false, anyOf: [{ properties: { a: {} } }] }),
    ).toBeUndefined();
    expect(distributedBranches({ type: 'string', anyOf: [{ $ref: '#/$defs/x' }] })).toBeUndefined();
    expect(distributedBranches({ type: 'string', anyOf: [{ type: 'integer' }] })).toBeUndefined();
    // type is intersected; integer is a number.
    expect(distributedBranches({ type: ['number', 'null'], anyOf: [{ type: 'integer' }, {}] })).toEqual([
      { type: 'integer' },
      { type: ['number', 'null'] },
    ]);
  });

  it('keeps the meaning: every value is accepted by both or by neither (property)', () => {
    const constraint = fc.record(
      {
        type: fc.constantFrom('string', 'number', 'integer', ['string', 'null'], ['number', 'integer']),
        minimum: fc.integer({ min: -3, max: 3 }),
        maxLength: fc.nat(4),
        format: fc.constantFrom('ipv4', 'email'),
        required: fc.constantFrom(['a'], ['b']),
        properties: fc.constantFrom({ a: { type: 'integer' } }, { b: { type: 'string' } }),
        additionalProperties: fc.constantFrom(false, true),
      },
      { requiredKeys: [] },
    );
    const branch = fc.oneof(constraint, fc.constant(true), fc.constant(false));
    const value = fc.oneof(
      fc.string({ maxLength: 6 }),
      fc.constantFrom('1.2.3.4', '::1', 'a@b.co', null, true),
      fc.integer({ min: -5, max: 5 }),
      fc.double({ min: -5, max: 5, noNaN: true }),
      fc.record(
        { a: fc.oneof(fc.nat(), fc.string()), b: fc.oneof(fc.nat(), fc.string()) },
        { requiredKeys: [] },
      ),
    );
    fc.assert(
      fc.property(
        constraint,
        fc.array(branch, { minLength: 1, maxLength: 3 }),
        fc.array(value, { maxLength: 8 }),
        (k, branches, values) => {
          const node = { ...k, anyOf: branches };
          const folded = distributedBranches(node);
          if (folded === undefined) return;
          const rewritten = { anyOf: folded };
          for (const v of values)
            expect(accepts(rewritten, v), JSON.stringify({ node, v })).toBe(accepts(node, v));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('strict OpenAI and Anthropic keep formats both accept instead of JSON-string stand-ins', () => {
    const tool = defineTool({
      name: 'whois_ip',
      inputSchema: {
        type: 'object',
        properties: { ip: { type: 'string', anyOf: [{ format: 'ipv4' }, { format: 'ipv6' }] } },
        required: ['ip'],
      },
    });
    for (const dialect of ['openai-chat', 'anthropic'] as const) {
      const conversion = fromCanonical(tool, dialect, { strict: true });
      const schema = JSON.stringify(conversion.value);
      expect(schema).toContain('{"type":"string","format":"ipv4"},{"type":"string","format":"ipv6"}');
      expect(schema).not.toContain('@schema');
      expect(conversion.decode({ ip: '1.2.3.4' })).toEqual({ ip: '1.2.3.4' });
      expect(check(conversion.value, dialect)).toEqual([]);
    }
  });
});
