import { describe, expect, it } from 'vitest';
import { detectFormat, FormatDetectionError } from './index.js';

const schema = { type: 'object', properties: {} };

describe('detectFormat', () => {
  it('identifies single tools', () => {
    expect(detectFormat({ name: 'a', inputSchema: schema })).toEqual({ dialect: 'mcp', kind: 'tool' });
    expect(detectFormat({ type: 'function', function: { name: 'a', parameters: schema } })).toEqual({
      dialect: 'openai-chat',
      kind: 'tool',
    });
    expect(detectFormat({ type: 'function', name: 'a', parameters: schema, strict: true })).toEqual({
      dialect: 'openai-responses',
      kind: 'tool',
    });
    expect(detectFormat({ name: 'a', input_schema: schema })).toEqual({ dialect: 'anthropic', kind: 'tool' });
    expect(detectFormat({ name: 'a', parametersJsonSchema: schema })).toEqual({
      dialect: 'gemini-json',
      kind: 'tool',
    });
    expect(detectFormat({ name: 'a', parameters: { type: 'OBJECT' } })).toEqual({
      dialect: 'gemini',
      kind: 'tool',
    });
    expect(detectFormat({ name: 'a', description: '', schema })).toEqual({
      dialect: 'langchain',
      kind: 'tool',
    });
    expect(detectFormat({ name: 'a', parameters: { type: 'dict', properties: {} } })).toEqual({
      dialect: 'legacy-function',
      kind: 'tool',
    });
  });

  it('identifies documents', () => {
    expect(detectFormat({ tools: [{ name: 'a', inputSchema: schema }] })).toEqual({
      dialect: 'mcp',
      kind: 'document',
    });
    expect(detectFormat([{ type: 'function', function: { name: 'a' } }])).toEqual({
      dialect: 'openai-chat',
      kind: 'document',
    });
    expect(detectFormat({ tools: [{ name: 'a', input_schema: schema }] })).toEqual({
      dialect: 'anthropic',
      kind: 'document',
    });
    expect(detectFormat([{ functionDeclarations: [{ name: 'a', parameters: schema }] }])).toEqual({
      dialect: 'gemini',
      kind: 'document',
    });
    expect(detectFormat({ functionDeclarations: [{ name: 'a', parametersJsonSchema: schema }] })).toEqual({
      dialect: 'gemini-json',
      kind: 'document',
    });
    expect(detectFormat([{ name: 'a', schema }])).toEqual({ dialect: 'langchain', kind: 'document' });
    expect(detectFormat({ openapi: '3.1.0', paths: {} })).toEqual({
      dialect: 'openapi-operation',
      kind: 'document',
    });
    expect(detectFormat({ name: 'agent', skills: [] })).toEqual({ dialect: 'a2a-skill', kind: 'document' });
  });

  it('reports ambiguity with candidates and unknown shapes with typed errors', () => {
    try {
      detectFormat({ name: 'a', parameters: schema });
      expect.unreachable();
    } catch (error) {
      expect(FormatDetectionError.isInstance(error)).toBe(true);
      expect((error as FormatDetectionError).code).toBe('FORMAT_AMBIGUOUS');
      expect((error as FormatDetectionError).candidates).toEqual(['gemini', 'legacy-function']);
    }
    for (const bad of [
      42,
      null,
      { foo: 1 },
      [],
      [
        { name: 'a', inputSchema: schema },
        { name: 'b', input_schema: schema },
      ],
    ]) {
      expect(() => detectFormat(bad)).toThrow(FormatDetectionError);
    }
  });
});
