import { describe, expect, it } from 'vitest';
import { check, type Violation } from './index.js';

const rules = (v: Violation[]) => v.map((x) => x.rule);

describe('check', () => {
  it('OpenAI: name pattern, root object, array items, in OpenAI words', () => {
    const v = check(
      {
        type: 'function',
        function: {
          name: 'a.b',
          parameters: { type: 'object', properties: { l: { type: 'array' } }, anyOf: [{ required: ['l'] }] },
        },
      },
      'openai-chat',
    );
    expect(rules(v)).toEqual(
      expect.arrayContaining(['openai.name', 'openai.array-items', 'openai.parameters.root-combinator']),
    );
    expect(v.find((x) => x.rule === 'openai.array-items')!.message).toBe(
      "Invalid schema for function 'a.b': In context=('properties', 'l'), array schema missing items.",
    );
    expect(v.find((x) => x.rule === 'openai.name')!.pointer).toBe('/function/name');
  });

  it('OpenAI strict: closed objects, every key required, unsupported keywords', () => {
    const value = {
      type: 'function',
      name: 'f',
      strict: true,
      parameters: { type: 'object', properties: { roles: { type: 'string', minLength: 1 } } },
    };
    const v = check(value, 'openai-responses');
    expect(v.map((x) => x.message)).toEqual(
      expect.arrayContaining([
        "Invalid schema for function 'f': In context=(), 'additionalProperties' is required to be supplied and to be false.",
        "Invalid schema for function 'f': In context=(), 'required' is required to be supplied and to be an array including every key in properties. Missing 'roles'.",
        "Invalid schema for function 'f': In context=('properties', 'roles'), 'minLength' is not permitted.",
      ]),
    );
  });

  it('Anthropic: top-level combinators and strict rules', () => {
    const v = check(
      {
        name: 'f',
        strict: true,
        input_schema: {
          type: 'object',
          oneOf: [{ required: ['a'] }],
          properties: { a: { type: 'array', minItems: 3 } },
        },
      },
      'anthropic',
    );
    expect(v.map((x) => x.message)).toContain(
      'tools.0.custom.input_schema: input_schema does not support oneOf, allOf, or anyOf at the top level',
    );
    expect(rules(v)).toEqual(
      expect.arrayContaining(['anthropic.strict.additional-properties', 'anthropic.strict.min-items']),
    );
  });

  it('Gemini: unknown fields, type arrays, numeric enums, undefined required names, empty objects', () => {
    const parameters = {
      type: 'object',
      properties: {
        a: { type: ['string', 'null'] },
        b: { type: 'integer', enum: [1, 2] },
        c: { type: 'object', additionalProperties: false },
      },
      required: ['a', 'ghost'],
    };
    const v = check([{ functionDeclarations: [{ name: 'f', parameters }] }], 'gemini');
    expect(v.map((x) => x.message)).toEqual(
      expect.arrayContaining([
        `Invalid JSON payload received. Unknown name "additionalProperties" at 'parameters.properties[c]': Cannot find field.`,
        "Invalid value at 'parameters.properties[b].enum[0]' (TYPE_STRING), 1",
        'parameters.required[1]: property is not defined',
        'parameters.properties[c].properties: should be non-empty for OBJECT type',
      ]),
    );
    expect(rules(v)).toContain('gemini.type-array');
    expect(v.every((x) => x.pointer.startsWith('/0/functionDeclarations/0/'))).toBe(true);
  });

  it('MCP and documents: object input schema, duplicate names, limits as options', () => {
    const doc = {
      tools: [
        { name: 'a', inputSchema: { type: 'string' } },
        { name: 'a', inputSchema: { type: 'object' } },
      ],
    };
    expect(rules(check(doc, 'mcp'))).toEqual(['mcp.input-schema.object', 'document.duplicate-name']);
    const big = { name: 'b', inputSchema: { type: 'object', properties: { e: { enum: ['x', 'y', 'z'] } } } };
    expect(rules(check(big, 'mcp', { limits: { maxEnumValues: 2 } }))).toEqual(['mcp.max-enum-values']);
  });

  it('never throws on hostile values', () => {
    const evil = JSON.parse('{"name":"x","inputSchema":{"type":"object","properties":{"__proto__":{}}}}');
    expect(rules(check(evil, 'mcp'))).toEqual(['input.unsafe-json']);
    expect(check(42, 'openai-chat')).toEqual([
      { pointer: '', rule: 'openai.tool.object', message: 'an OpenAI tool must be an object' },
    ]);
  });
});

describe('limits', () => {
  it('OpenAI strict: total characters of names and enum values, as an option', async () => {
    const { defineTool } = await import('@toolarsenal/toolmodel');
    const { fromCanonical, ConversionError } = await import('./index.js');
    const tool = defineTool({
      name: 'e',
      inputSchema: {
        type: 'object',
        properties: { v: { type: 'string', enum: ['aaaa', 'bbbb', 'cccc'] } },
        required: ['v'],
      },
    });
    expect(() =>
      fromCanonical(tool, 'openai-chat', { strict: true, limits: { maxSchemaChars: 10 } }),
    ).toThrow(ConversionError);
    const value = fromCanonical(tool, 'openai-chat', { strict: true }).value;
    expect(check(value, 'openai-chat')).toEqual([]);
    expect(rules(check(value, 'openai-chat', { limits: { maxSchemaChars: 10 } }))).toEqual([
      'openai.strict.max-schema-chars',
    ]);
    // Non-strict conversions are not bound by it.
    expect(fromCanonical(tool, 'openai-chat', { limits: { maxSchemaChars: 10 } }).losses).toEqual([]);
  });
});
