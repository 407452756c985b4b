import { defineTool } from '@toolarsenal/toolmodel';
import { describe, expect, it } from 'vitest';
import {
  ConversionError,
  DialectMismatchError,
  fromCanonical,
  fromCanonicalMany,
  toCanonical,
} from './index.js';

const rawMcp = {
  name: 'fs.read',
  title: 'Read file',
  description: 'Reads a file',
  inputSchema: {
    $schema: 'http://json-schema.org/draft-07/schema#',
    type: 'object',
    properties: { path: { type: 'string' } },
    required: ['path'],
  },
  outputSchema: { type: 'object', properties: { text: { type: 'string' } } },
  annotations: { readOnlyHint: true, 'x-vendor': 'kept' },
  _meta: { 'com.example/trace': { on: true } },
  icons: [{ src: 'https://example.com/i.png', mimeType: 'image/png' }],
  execution: { taskSupport: 'optional' },
};

describe('toCanonical', () => {
  it('reads an MCP tool, keeps _meta, icons, unknown annotation keys and fields, and writes them back', () => {
    const result = toCanonical(rawMcp, 'mcp');
    const tool = result.tools[0]!;
    expect(tool.source).toBe('mcp');
    expect(tool.annotations).toEqual({ readOnlyHint: true });
    expect(result.losses).toEqual([]);
    // $schema draft-07 → 2020-12 is a normalisation reported by toolmodel, not a loss.
    expect(result.changes.map((c) => c.keyword)).toContain('$schema');
    const { $schema: _drop, ...inputSchema } = rawMcp.inputSchema;
    expect(fromCanonical(tool, 'mcp').value).toEqual({ ...rawMcp, inputSchema });
  });

  it('detects the dialect and reads whole documents', () => {
    const tool = defineTool({
      name: 'a',
      inputSchema: { type: 'object', properties: { n: { type: 'integer', enum: [1, 2] } } },
    });
    for (const dialect of [
      'mcp',
      'openai-chat',
      'openai-responses',
      'anthropic',
      'gemini',
      'gemini-json',
      'langchain',
    ] as const) {
      const doc = fromCanonicalMany([tool, defineTool({ name: 'b' })], dialect, { strict: false }).value;
      const back = toCanonical(doc);
      expect(back.tools.map((t) => t.name)).toEqual(['a', 'b']);
      expect(back.tools[0]!.inputSchema).toEqual(tool.inputSchema);
    }
  });

  it('restores Gemini lowering: enums, nullable, description tags', () => {
    const tool = defineTool({
      name: 'g',
      inputSchema: {
        type: 'object',
        properties: {
          level: { type: 'integer', enum: [1, 2] },
          note: { type: ['string', 'null'], maxLength: 10 },
          size: { type: 'number', exclusiveMinimum: 0 },
        },
        required: ['level'],
      },
    });
    const c = fromCanonical(tool, 'gemini');
    const back = toCanonical(c.value, 'gemini');
    expect(back.tools[0]!.inputSchema).toEqual(tool.inputSchema);
    expect(back.losses.some((l) => l.action === 'restored')).toBe(true);
  });

  it('reads Gemini REST upper-case types and absent parameters', () => {
    const result = toCanonical(
      { name: 'x', parameters: { type: 'OBJECT', properties: { a: { type: 'STRING' } } } },
      'gemini',
    );
    expect(result.tools[0]!.inputSchema).toEqual({ type: 'object', properties: { a: { type: 'string' } } });
    expect(toCanonical({ name: 'y' }, 'gemini').tools[0]!.inputSchema).toEqual({
      type: 'object',
      properties: {},
    });
  });

  it('leaves marks in place with restore: false', () => {
    const tool = defineTool({
      name: 't',
      inputSchema: { type: 'object', properties: { a: { type: 'string', minLength: 3 } } },
    });
    const c = fromCanonical(tool, 'anthropic', { strict: true });
    const raw = toCanonical(c.value, 'anthropic', { restore: false }).tools[0]!;
    expect((raw.inputSchema.properties as Record<string, { description?: string }>).a!.description).toBe(
      '@minLength 3',
    );
  });

  it('throws typed errors that name the pointer', () => {
    const cases: Array<[unknown, string]> = [
      [{ name: 'x', inputSchema: { type: 'object', properties: 5 } }, '/inputSchema/properties'],
      [{ tools: [{ name: 'ok' }, { name: '' }] }, '/tools/1/name'],
      [
        JSON.parse(
          '{"name":"x","inputSchema":{"type":"object","properties":{"__proto__":{"type":"string"}}}}',
        ),
        '',
      ],
    ];
    for (const [raw, pointer] of cases) {
      try {
        toCanonical(JSON.parse(JSON.stringify(raw)), 'mcp');
        expect.unreachable();
      } catch (error) {
        expect(ConversionError.isInstance(error)).toBe(true);
        if (pointer) expect((error as ConversionError).pointer).toBe(pointer);
      }
    }
    // Not OpenAI at all: a mismatch that says what it looks like; OpenAI with a foreign field: invalid.
    try {
      toCanonical({ name: 'x', inputSchema: { type: 'object' } }, 'openai-chat');
      expect.unreachable();
    } catch (error) {
      expect(DialectMismatchError.isInstance(error)).toBe(true);
      expect((error as DialectMismatchError).looksLike).toEqual(['mcp']);
    }
    expect(() =>
      toCanonical(
        { type: 'function', function: { name: 'x', inputSchema: { type: 'object' } } },
        'openai-chat',
      ),
    ).toThrow(/not a field of/);
    expect(() => toCanonical({ type: 'web_search_20250305', name: 'web_search' }, 'anthropic')).toThrow(
      ConversionError,
    );
  });

  it('rejects 1,000-deep nesting without a stack overflow', () => {
    let schema: Record<string, unknown> = { type: 'string' };
    for (let i = 0; i < 1000; i++) schema = { type: 'object', properties: { a: schema } };
    expect(() => toCanonical({ name: 'deep', inputSchema: schema }, 'mcp')).toThrow(ConversionError);
  });
});
