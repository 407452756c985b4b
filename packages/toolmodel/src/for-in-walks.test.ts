import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseToolWithChanges } from './define-tool.js';
import { checkJsonSchema } from './json-schema-check.js';
import { normalizeSchemaDraft } from './json-schema-normalize.js';
import { isCertainlyValidSchema } from './meta-fast-check.js';
import { cloneJson, inspectJson, isPlainObject } from './safe-json.js';

/**
 * The walks read keys with `for…in` (faster than `Object.keys`), which also lists inherited
 * enumerable keys. They skip those unless `Object.prototype` is clean, and `for…in` only plain
 * objects: enumerable keys on a polluted prototype, null-prototype objects or objects with another prototype must
 * not change a result.
 */
const KEYWORDS = ['type', 'properties', 'items', 'anyOf', 'enum', 'required', '$ref', '$schema'];
const key = fc.oneof(fc.string({ maxLength: 5 }), fc.constantFrom(...KEYWORDS, 'definitions', '__proto__'));
const leaf = fc.oneof(
  fc.jsonValue({ maxDepth: 1 }),
  fc.constantFrom<unknown>(
    'object',
    'string',
    [],
    Number.NaN,
    undefined,
    'http://json-schema.org/draft-07/schema#',
  ),
);
const valueArb: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    leaf,
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(key, tie('value'), { maxKeys: 4 }),
    fc.dictionary(key, tie('value'), { maxKeys: 3 }).map((o) => Object.assign(Object.create(null), o)),
    fc
      .dictionary(key, tie('value'), { maxKeys: 3 })
      .map((o) => Object.assign(Object.create({ inherited: { type: 'x' } }), o)),
  ),
})).value;

function everyResult(value: unknown): unknown {
  const frozen = normalizeSchemaDraft(value, '/s', { freeze: true });
  return {
    issues: inspectJson(value, { maxNodes: 40, maxDepth: 5 }),
    clone: cloneJson(value),
    normalized: normalizeSchemaDraft(value, '/s'),
    frozen: { ...frozen, marks: frozenMarks(frozen.schema) },
    certain: isCertainlyValidSchema(value),
    check: checkJsonSchema(value, '/s'),
    // Only where the shape needs no zod (which lists a polluted prototype's keys as unknown fields).
    parsed: isPlainObject(value)
      ? safely(() => parseToolWithChanges({ name: 'tool', inputSchema: value }))
      : undefined,
  };
}

function frozenMarks(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return 0;
  return [
    Object.isFrozen(value),
    Object.keys(value).map((k) => frozenMarks((value as Record<string, unknown>)[k])),
  ];
}

function safely(run: () => unknown): unknown {
  try {
    return run();
  } catch (error) {
    return String(error);
  }
}

describe('walks that read keys with for…in', () => {
  it('give the same results whatever Object.prototype holds (property)', () => {
    fc.assert(
      fc.property(valueArb, (value) => {
        const clean = everyResult(value);
        const proto = Object.prototype as Record<string, unknown>;
        // Keys no code reads by name: only enumerating them could change a result.
        proto.polluted = { type: 'string', enum: [Number.NaN] };
        proto['x-extra'] = 'y'.repeat(50);
        try {
          expect(everyResult(value)).toEqual(clean);
        } finally {
          delete proto.polluted;
          delete proto['x-extra'];
        }
      }),
      { numRuns: 300 },
    );
  });

  it('never list keys inherited from another prototype', () => {
    const schema = Object.assign(Object.create({ enum: 'not a list' }), { type: 'object' });
    expect(inspectJson({ schema })[0]?.code).toBe('non_json');
    expect(Object.keys(cloneJson(schema))).toEqual(['type']);
    expect(isCertainlyValidSchema(schema)).toBe(true);
    expect(isCertainlyValidSchema({ type: 'object', enum: 'not a list' })).toBe(false);
  });
});
