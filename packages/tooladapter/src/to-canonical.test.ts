import { defineTool, InvalidArgumentError } from '@toolarsenal/toolmodel';
import { describe, expect, it } from 'vitest';
import {
  ConversionError,
  DialectMismatchError,
  detectFormat,
  fromCanonical,
  fromCanonicalMany,
  namespaceFromField,
  toCanonical,
  toNamespace,
} from './index.js';
import { BFCL_ROWS, MCP_CATALOGUE_ROWS } from './test-fixtures/catalogue.js';

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

describe('toCanonical: catalogues', () => {
  it('reads rows wrapping a tool ({tool, server}, {function, entry_id}) through the wrapper', () => {
    expect(detectFormat(MCP_CATALOGUE_ROWS)).toEqual({ dialect: 'mcp', kind: 'document', wrapped: true });
    expect(detectFormat(BFCL_ROWS)).toEqual({ dialect: 'legacy-function', kind: 'document', wrapped: true });
    expect(toCanonical(BFCL_ROWS).tools.map((t) => t.name)).toEqual(['math.factorial']);
    // One row alone (a JSON Lines line) too.
    expect(toCanonical(MCP_CATALOGUE_ROWS[2]).tools[0]?.name).toBe('think');
  });

  it('namespaces tools from many servers so shared names stay apart', () => {
    const plain = toCanonical(MCP_CATALOGUE_ROWS).tools.map((t) => t.id);
    expect(plain).toEqual(['search@1.0.0', 'search@1.0.0', 'think@1.0.0']);
    const byServer = toCanonical(MCP_CATALOGUE_ROWS, 'mcp', { namespace: namespaceFromField('server_key') });
    expect(byServer.tools.map((t) => t.id)).toEqual([
      'bing-cn-mcp:search@1.0.0',
      'biomcp:search@1.0.0',
      'biomcp:think@1.0.0',
    ]);
    // Free text becomes a valid namespace; one namespace for all composes with a tool's own.
    expect(
      toCanonical(MCP_CATALOGUE_ROWS, 'mcp', { namespace: namespaceFromField('server') }).tools[0]?.namespace,
    ).toBe('Bing-CN');
    expect(toCanonical(MCP_CATALOGUE_ROWS[2], 'mcp', { namespace: 'acme' }).tools[0]?.id).toBe(
      'acme:think@1.0.0',
    );
  });

  it('names the pointer of a row without the namespace field, and refuses invalid namespaces up front', () => {
    expect(() =>
      toCanonical([{ tool: { name: 'a', inputSchema: { type: 'object' } } }], 'mcp', {
        namespace: namespaceFromField('server'),
      }),
    ).toThrow(/the row of this tool has no "server" field.*\(at \/0\/tool\)/);
    expect(() => toCanonical(MCP_CATALOGUE_ROWS, 'mcp', { namespace: 'not valid!' })).toThrow(
      InvalidArgumentError,
    );
    expect(toNamespace('@org/My Server')).toBe('org-My-Server');
    expect(toNamespace('...')).toBeUndefined();
  });

  it('applies limits per tool definition, and a larger one to the whole input', () => {
    const rows = Array.from({ length: 40 }, (_, i) => ({
      server: 's',
      tool: { name: `t${i}`, inputSchema: { type: 'object', properties: { a: { type: 'string' } } } },
    }));
    // Every definition is small; the file as a whole exceeds a per-definition bound of 200 values.
    expect(toCanonical(rows, 'mcp', { limits: { maxNodes: 200 } }).tools).toHaveLength(40);
    expect(() => toCanonical(rows, 'mcp', { documentLimits: { maxNodes: 200 } })).toThrow(
      /more than 200 values/,
    );
    expect(() => toCanonical(rows, 'mcp', { limits: { maxNodes: 5 } })).toThrow(/\(at \/0\/tool/);
    expect(() => toCanonical(rows, 'mcp', { limits: { maxNodez: 5 } as never })).toThrow(
      InvalidArgumentError,
    );
  });
});
