import { describe, expect, it } from 'vitest';
import { parseToolWithChanges } from './define-tool.js';
import { detectDraft, normalizeSchemaDraft } from './json-schema-normalize.js';

describe('normalizeSchemaDraft: older drafts → 2020-12, reported', () => {
  it('detects drafts from $schema', () => {
    expect(detectDraft({ $schema: 'http://json-schema.org/draft-04/schema#' })).toBe('draft-04');
    expect(detectDraft({ $schema: 'http://json-schema.org/draft-07/schema#' })).toBe('draft-07');
    expect(detectDraft({ $schema: 'https://json-schema.org/draft/2020-12/schema' })).toBe('2020-12');
    expect(detectDraft({ $schema: 'https://example.com/x' })).toBe('unknown');
    expect(detectDraft({})).toBeUndefined();
  });

  it('definitions → $defs with refs rewritten', () => {
    const { schema, changes } = normalizeSchemaDraft({
      $schema: 'http://json-schema.org/draft-07/schema#',
      type: 'object',
      properties: {
        a: { $ref: '#/definitions/A' },
        list: { type: 'array', items: { $ref: '#/definitions/A' } },
      },
      definitions: { A: { type: 'string' } },
    });
    expect(schema).toEqual({
      type: 'object',
      properties: { a: { $ref: '#/$defs/A' }, list: { type: 'array', items: { $ref: '#/$defs/A' } } },
      $defs: { A: { type: 'string' } },
    });
    expect(changes.map((c) => c.keyword).sort()).toEqual(['$ref', '$ref', '$schema', 'definitions']);
  });

  it('draft-04 boolean exclusiveMinimum/Maximum → numbers', () => {
    const { schema, changes } = normalizeSchemaDraft({
      type: 'number',
      minimum: 1,
      exclusiveMinimum: true,
      maximum: 9,
      exclusiveMaximum: false,
    });
    expect(schema).toEqual({ type: 'number', exclusiveMinimum: 1, maximum: 9 });
    expect(changes).toHaveLength(2);
  });

  it('tuple items → prefixItems, additionalItems → items', () => {
    const { schema } = normalizeSchemaDraft({
      type: 'array',
      items: [{ type: 'string' }, { type: 'number' }],
      additionalItems: false,
    });
    expect(schema).toEqual({
      type: 'array',
      prefixItems: [{ type: 'string' }, { type: 'number' }],
      items: false,
    });
  });

  it('draft-04 id → $id, dependencies split', () => {
    const { schema } = normalizeSchemaDraft({
      $schema: 'http://json-schema.org/draft-04/schema#',
      id: 'urn:x',
      type: 'object',
      dependencies: { a: ['b'], c: { required: ['d'] } },
    });
    expect(schema).toEqual({
      $id: 'urn:x',
      type: 'object',
      dependentRequired: { a: ['b'] },
      dependentSchemas: { c: { required: ['d'] } },
    });
  });

  it('leaves property names that look like keywords alone', () => {
    const input = { type: 'object', properties: { id: { type: 'string' }, definitions: { type: 'string' } } };
    const { schema, changes } = normalizeSchemaDraft(input);
    expect(schema).toEqual(input);
    expect(changes).toEqual([]);
  });

  it('changes are visible through parseToolWithChanges', () => {
    const { tool, changes } = parseToolWithChanges({
      name: 'x',
      inputSchema: {
        type: 'object',
        properties: { n: { type: 'number', minimum: 0, exclusiveMinimum: true } },
      },
    });
    expect((tool.inputSchema.properties as Record<string, unknown>).n).toEqual({
      type: 'number',
      exclusiveMinimum: 0,
    });
    expect(changes[0]?.pointer).toBe('/inputSchema/properties/n/exclusiveMinimum');
  });
});
