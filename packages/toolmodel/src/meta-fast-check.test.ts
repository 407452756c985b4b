import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createAjv } from './ajv.js';
import { checkJsonSchema } from './json-schema-check.js';
import { normalizeSchemaDraft } from './json-schema-normalize.js';
import { isCertainlyValidSchema } from './meta-fast-check.js';
import { SAMPLE_MCP_TOOLS } from './test-fixtures/sample-mcp-tools.js';

const official = createAjv({ validateFormats: false, allErrors: false }).getSchema(
  'https://json-schema.org/draft/2020-12/schema',
)!;

const KEYWORDS = [
  ...['items', 'contains', 'additionalProperties', 'propertyNames', 'if', 'then', 'else', 'not'],
  ...[
    'unevaluatedItems',
    'unevaluatedProperties',
    'contentSchema',
    '$defs',
    'properties',
    'patternProperties',
  ],
  ...['dependentSchemas', 'definitions', 'prefixItems', 'allOf', 'anyOf', 'oneOf', '$comment', 'title'],
  ...['description', 'format', 'contentEncoding', 'contentMediaType', 'pattern', '$schema', '$ref'],
  ...['$dynamicRef', '$recursiveRef', '$anchor', '$dynamicAnchor', '$recursiveAnchor', 'maximum', 'minimum'],
  ...[
    'exclusiveMaximum',
    'exclusiveMinimum',
    'maxLength',
    'minLength',
    'maxItems',
    'minItems',
    'maxContains',
  ],
  ...['minContains', 'maxProperties', 'minProperties', 'uniqueItems', 'deprecated', 'readOnly', 'writeOnly'],
  ...['enum', 'examples', 'type', 'required', 'multipleOf', '$id', 'dependentRequired', 'dependencies'],
  ...['$vocabulary', 'const', 'default', 'x-vendor', 'nullable'],
];

/** Schema-shaped values: real keywords with values of every kind, nested. */
const schemaLike = fc.letrec<{ schema: unknown; value: unknown }>((tie) => ({
  schema: fc.oneof(
    { depthSize: 'small' },
    fc.boolean(),
    fc.dictionary(fc.constantFrom(...KEYWORDS), tie('value'), { maxKeys: 5 }),
  ),
  value: fc.oneof(
    { depthSize: 'small' },
    tie('schema'),
    fc.constantFrom('string', 'object', 'integer', 'nope', 'a_b', '1x', '#a', 'a#', '', 0, -1, 1.5, 3, null),
    fc.array(tie('schema'), { maxLength: 3 }),
    fc.array(fc.constantFrom('string', 'null', 'a', 'a', 'number'), { maxLength: 3 }),
    fc.dictionary(fc.string({ maxLength: 3 }), tie('schema'), { maxKeys: 3 }),
    fc.dictionary(fc.string({ maxLength: 3 }), fc.array(fc.constantFrom('a', 'b', 'a'), { maxLength: 2 })),
    fc.jsonValue({ maxDepth: 2 }),
  ),
}));

describe('isCertainlyValidSchema (fast meta-validation path)', () => {
  it('never accepts what the official 2020-12 meta-schema rejects (property)', () => {
    let accepted = 0;
    fc.assert(
      fc.property(schemaLike.schema, (schema) => {
        if (isCertainlyValidSchema(schema)) {
          accepted++;
          expect(official(schema)).toBe(true);
        }
      }),
      { numRuns: 3000 },
    );
    // The generator must exercise the accepting side too, or the property proves nothing.
    expect(accepted).toBeGreaterThan(300);
  });

  it('accepts realistic MCP schemas, as the official meta-schema does', () => {
    for (const tool of SAMPLE_MCP_TOOLS) {
      for (const raw of [tool.inputSchema, tool.outputSchema]) {
        if (raw === undefined) continue;
        const schema = normalizeSchemaDraft(raw).schema;
        expect(official(schema)).toBe(true);
        expect(isCertainlyValidSchema(schema)).toBe(true);
      }
    }
  });

  it('refuses typical mistakes (then ajv reports them)', () => {
    for (const bad of [
      { type: 'text' },
      { required: 'a' },
      { required: ['a', 'a'] },
      { minLength: -1 },
      { minItems: 1.5 },
      { anyOf: [] },
      { properties: { a: 3 } },
      { $anchor: '1x' },
      { $id: 'a#b' },
      { multipleOf: 0 },
      { items: [{}] },
      null,
      [],
    ]) {
      expect(isCertainlyValidSchema(bad)).toBe(false);
      expect(official(bad)).toBe(false);
    }
  });

  it('the copy tells it certain only where the full fast check agrees, and the check then says the same (property)', () => {
    let certain = 0;
    fc.assert(
      fc.property(schemaLike.schema, fc.boolean(), (schema, freeze) => {
        const normalized = normalizeSchemaDraft(schema, '/s', { freeze });
        if (!normalized.certain) return;
        certain++;
        expect(isCertainlyValidSchema(normalized.schema)).toBe(true);
        const hints = { hasLocalRef: normalized.hasLocalRef, hasPattern: normalized.hasPattern };
        expect(checkJsonSchema(normalized.schema, '/s', { ...hints, certain: true })).toEqual(
          checkJsonSchema(normalized.schema, '/s', hints),
        );
      }),
      { numRuns: 3000 },
    );
    expect(certain).toBeGreaterThan(300);
  });

  it('the copy is certain of realistic MCP schemas, older drafts included', () => {
    for (const tool of SAMPLE_MCP_TOOLS)
      for (const raw of [tool.inputSchema, tool.outputSchema])
        if (raw !== undefined) expect(normalizeSchemaDraft(raw).certain).toBe(true);
    const draft04 = {
      $schema: 'http://json-schema.org/draft-04/schema#',
      id: 'urn:x',
      type: 'object',
      properties: { n: { type: 'integer', minimum: 1, exclusiveMinimum: true }, t: { items: [{}, true] } },
      definitions: { d: { type: 'string' } },
      dependencies: { a: ['b'], c: { required: ['d'] } },
    };
    const normalized = normalizeSchemaDraft(draft04);
    expect(normalized.certain).toBe(true);
    expect(isCertainlyValidSchema(normalized.schema)).toBe(true);
  });

  it('the copy is not sure where the full fast check is not (absent values, deep nesting)', () => {
    let deep: Record<string, unknown> = { type: 'string' };
    for (let i = 0; i < 210; i++) deep = { type: 'object', properties: { a: deep } };
    for (const schema of [{ type: 'object', properties: { a: { default: undefined } } }, deep]) {
      expect(isCertainlyValidSchema(normalizeSchemaDraft(schema).schema)).toBe(false);
      expect(normalizeSchemaDraft(schema).certain).toBe(false);
    }
  });
});
