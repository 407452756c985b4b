import { defineTool, parseTool } from '@toolarsenal/toolmodel';
import { describe, expect, it } from 'vitest';
import { check } from './check.js';
import { fromCanonical } from './from-canonical.js';
import { toCanonical } from './to-canonical.js';

// A recursive schema the way OpenAPI generators write it: `allOf: [{$ref}]` to attach a description.
const tree = defineTool({
  name: 'create_node',
  description: 'Create a tree node.',
  inputSchema: {
    type: 'object',
    properties: { node: { $ref: '#/$defs/Node' } },
    required: ['node'],
    $defs: {
      Node: {
        type: 'object',
        properties: {
          label: { type: 'string' },
          children: {
            type: 'array',
            items: { allOf: [{ $ref: '#/$defs/Node' }], description: 'A child node' },
          },
        },
      },
    },
  },
});

describe('allOf wrappers around a recursive $ref', () => {
  for (const dialect of ['openai-responses', 'openai-chat'] as const) {
    it(`stay a $ref in ${dialect} strict mode and pass check`, () => {
      const conversion = fromCanonical(tree, dialect, { strict: true });
      expect(check(conversion.value, dialect, { strict: true })).toEqual([]);
      expect(JSON.stringify(conversion.value)).not.toContain('@allOf');
      const args = { node: { label: 'root', children: [{ label: 'leaf', children: [] }] } };
      expect(conversion.decode(conversion.encodeArgs(args))).toEqual(args);
    });
  }
});

describe('openapi-operation keeps a closed grouped input', () => {
  const imported = defineTool({
    name: 'get_pet',
    description: 'Get a pet.',
    inputSchema: {
      type: 'object',
      properties: {
        path: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] },
      },
      required: ['path'],
      additionalProperties: false,
    },
    sourceMeta: { openapi: { method: 'get', path: '/pets/{id}', parameters: { path: { id: {} } } } },
  });

  it('exports without a loss and imports the same input schema back', () => {
    const exported = fromCanonical(imported, 'openapi-operation');
    expect(exported.losses.filter((l) => l.keyword === 'additionalProperties')).toEqual([]);
    const back = toCanonical(exported.value, 'openapi-operation').tools[0]!;
    expect(back.inputSchema).toEqual(imported.inputSchema);
  });

  it('an open input stays open', () => {
    const { additionalProperties: _closed, ...open } = imported.inputSchema;
    const tool = parseTool({ name: imported.name, inputSchema: open, sourceMeta: imported.sourceMeta });
    const back = toCanonical(fromCanonical(tool, 'openapi-operation').value, 'openapi-operation').tools[0]!;
    expect(back.inputSchema).not.toHaveProperty('additionalProperties');
  });
});
