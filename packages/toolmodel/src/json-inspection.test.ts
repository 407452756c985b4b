import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { InvalidArgumentError } from './errors.js';
import { inspectJson, JsonInspection } from './safe-json.js';
import { parseTool } from './define-tool.js';
import type { JsonLimits } from './limits.js';

const limitsArb: fc.Arbitrary<JsonLimits> = fc.record({
  maxDepth: fc.integer({ min: 0, max: 6 }),
  maxNodes: fc.integer({ min: 0, max: 60 }),
  maxStringLength: fc.integer({ min: 0, max: 8 }),
  maxArrayLength: fc.integer({ min: 0, max: 6 }),
});

// Plain JSON with some values inspectJson reports (non-JSON numbers, undefined in arrays, class
// instances, forbidden keys), so recorded subtrees are sometimes clean and sometimes not.
const hostileLeaf = fc.constantFrom<unknown>(Number.NaN, Infinity, undefined, new Date(0), () => 1);
const valueArb: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    fc.jsonValue({ maxDepth: 3 }),
    hostileLeaf,
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.string({ maxLength: 6 }), tie('value'), { maxKeys: 4 }),
    tie('value').map((v) => JSON.parse(`{"__proto__": ${JSON.stringify(v) ?? 'null'}}`) as unknown),
  ),
})).value;

describe('JsonInspection', () => {
  it('a second walk counting the recorded subtrees reports exactly what a full walk reports (property)', () => {
    fc.assert(
      fc.property(
        fc.dictionary(fc.string({ maxLength: 6 }), valueArb, { maxKeys: 5 }),
        limitsArb,
        fc.array(fc.tuple(fc.nat(), fc.constantFrom('same', 'wrapped', 'fresh')), { maxLength: 6 }),
        fc.boolean(),
        (raw, limits, picks, sameLimits) => {
          const inspection = new JsonInspection();
          inspectJson(raw, limits, '/raw', inspection);
          // A derived value, as a decoder builds one: some raw fields at the same level, some
          // wrapped deeper (sourceMeta…), some new.
          const fields = Object.values(raw);
          const derived: Record<string, unknown> = {};
          picks.forEach(([i, how], k) => {
            const field = fields.length > 0 ? fields[i % fields.length] : undefined;
            derived[`f${k}`] =
              how === 'same' ? field : how === 'wrapped' ? { wrap: { field } } : { fresh: [k] };
          });
          const second = sameLimits ? limits : { ...limits, maxNodes: limits.maxNodes + 1 };
          expect(inspectJson(derived, second, '', inspection)).toEqual(inspectJson(derived, second));
        },
      ),
      { numRuns: 500 },
    );
  });

  it('counts recorded subtrees against maxNodes and walks them near the limit to report where', () => {
    const schema = { type: 'object', properties: { a: { type: 'string' }, b: { type: 'number' } } };
    const raw = { name: 'x', inputSchema: schema };
    const limits = { maxNodes: 10 };
    const inspection = new JsonInspection();
    expect(inspectJson(raw, limits, '', inspection)).toEqual([]);
    const derived = { name: 'x', source: 'mcp', inputSchema: schema, meta: { a: 1 } };
    const full = inspectJson(derived, limits);
    expect(full).toHaveLength(1);
    expect(full[0]!.code).toBe('too_large');
    expect(inspectJson(derived, limits, '', inspection)).toEqual(full);
  });

  it('refuses anything but a JsonInspection (it cannot be forged from data)', () => {
    expect(() => inspectJson({}, {}, '', {} as JsonInspection)).toThrow(InvalidArgumentError);
    expect(() => parseTool({ name: 'x' }, { inspected: { start: () => undefined } as never })).toThrow(
      InvalidArgumentError,
    );
  });

  it('parseTool with the inspection of the raw definition builds the same tool', () => {
    const raw = {
      name: 'search',
      inputSchema: { type: 'object', properties: { q: { type: 'string', maxLength: 80 } } },
    };
    const inspected = new JsonInspection();
    expect(inspectJson(raw, {}, '', inspected)).toEqual([]);
    const tool = parseTool({ ...raw, source: 'mcp' }, { inspected });
    expect(tool).toEqual(parseTool({ ...raw, source: 'mcp' }));
    expect(tool.contentHash).toBe(parseTool({ ...raw, source: 'mcp' }).contentHash);
  });
});
