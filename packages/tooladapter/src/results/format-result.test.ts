import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ConversionError, UnknownDialectError } from '../errors.js';
import { formatToolResult, truncateText } from './format-result.js';
import { TOOL_RESULT_DIALECTS, type ToolResultLike } from './result-types.js';

function result(overrides: Partial<ToolResultLike>): ToolResultLike {
  return { callId: 'call_1', toolName: 'weather', status: 'success', ok: true, ...overrides };
}

const success = result({ result: { tempC: 21, city: 'Oslo' } });
const failure = result({
  status: 'invalid_arguments',
  ok: false,
  error: {
    code: 'INVALID_ARGUMENTS',
    message: 'Invalid arguments for tool "weather":\n- /city: is required but missing',
  },
});

describe('formatToolResult', () => {
  it('OpenAI chat and Responses', () => {
    expect(formatToolResult(success, { dialect: 'openai-chat' })).toEqual({
      role: 'tool',
      tool_call_id: 'call_1',
      content: '{"tempC":21,"city":"Oslo"}',
    });
    expect(formatToolResult(failure, { dialect: 'openai-responses' })).toEqual({
      type: 'function_call_output',
      call_id: 'call_1',
      output:
        'Error [INVALID_ARGUMENTS]: Invalid arguments for tool "weather":\n- /city: is required but missing',
    });
  });

  it('Anthropic tool_result with is_error only on errors', () => {
    expect(formatToolResult(success, { dialect: 'anthropic' })).toEqual({
      type: 'tool_result',
      tool_use_id: 'call_1',
      content: '{"tempC":21,"city":"Oslo"}',
    });
    expect(formatToolResult(failure, { dialect: 'anthropic' }).is_error).toBe(true);
  });

  it('Gemini functionResponse with output or error, for both Gemini dialects', () => {
    for (const dialect of ['gemini', 'gemini-json'] as const) {
      expect(formatToolResult(success, { dialect })).toEqual({
        functionResponse: {
          id: 'call_1',
          name: 'weather',
          response: { output: { tempC: 21, city: 'Oslo' } },
        },
      });
      expect(formatToolResult(result({ result: 'sunny' }), { dialect }).functionResponse.response).toEqual({
        output: 'sunny',
      });
      expect(formatToolResult(failure, { dialect }).functionResponse.response).toEqual({
        error:
          'Error [INVALID_ARGUMENTS]: Invalid arguments for tool "weather":\n- /city: is required but missing',
      });
    }
  });

  it('MCP CallToolResult with structuredContent for objects and isError for failures', () => {
    expect(formatToolResult(success, { dialect: 'mcp' })).toEqual({
      content: [{ type: 'text', text: '{"tempC":21,"city":"Oslo"}' }],
      structuredContent: { tempC: 21, city: 'Oslo' },
    });
    expect(
      formatToolResult(result({ result: [1, 2] }), { dialect: 'mcp' }).structuredContent,
    ).toBeUndefined();
    expect(formatToolResult(failure, { dialect: 'mcp' })).toEqual({
      content: [
        {
          type: 'text',
          text: 'Error [INVALID_ARGUMENTS]: Invalid arguments for tool "weather":\n- /city: is required but missing',
        },
      ],
      isError: true,
    });
  });

  it('LangChain ToolMessage fields with status and the structured artifact', () => {
    expect(formatToolResult(success, { dialect: 'langchain' })).toEqual({
      content: '{"tempC":21,"city":"Oslo"}',
      tool_call_id: 'call_1',
      name: 'weather',
      status: 'success',
      artifact: { tempC: 21, city: 'Oslo' },
    });
    expect(formatToolResult(failure, { dialect: 'langchain' }).status).toBe('error');
  });

  it('truncates huge outputs with a clear marker and drops structured copies', () => {
    const big = result({
      result: { rows: Array.from({ length: 10_000 }, (_, i) => ({ i, text: 'lorem ipsum' })) },
    });
    const mcp = formatToolResult(big, { dialect: 'mcp', maxLength: 1_000 });
    const first = mcp.content[0];
    const text = first?.type === 'text' ? first.text : '';
    expect(text.length).toBeLessThanOrEqual(1_000);
    expect(text.length).toBeGreaterThan(990);
    expect(text).toMatch(/\n…\[truncated: showed \d+ of more than \d+ characters\]$/);
    expect(mcp.structuredContent).toBeUndefined();
    const gemini = formatToolResult(big, { dialect: 'gemini', maxLength: 1_000 });
    expect(typeof (gemini.functionResponse.response as { output: unknown }).output).toBe('string');
    const long = formatToolResult(result({ result: 'x'.repeat(5_000) }), {
      dialect: 'openai-chat',
      maxLength: 100,
    });
    expect(long.content).toBe(`${'x'.repeat(56)}\n…[truncated: showed 56 of 5000 characters]`);
  });

  it('describes pending confirmation without flagging an error, and adds retry hints', () => {
    const pending = result({
      status: 'pending_confirmation',
      ok: false,
      error: { code: 'CONFIRMATION_REQUIRED', message: 'Waiting for the user. Do not repeat it.' },
    });
    expect(formatToolResult(pending, { dialect: 'anthropic' }).is_error).toBeUndefined();
    const limited = result({
      status: 'rate_limited',
      ok: false,
      error: { code: 'CONCURRENCY_LIMIT', message: 'Too busy.', retryable: true, retryAfterMs: 2500 },
    });
    expect(formatToolResult(limited, { dialect: 'openai-chat' }).content).toBe(
      'Error [CONCURRENCY_LIMIT]: Too busy. Retry after 3 s.',
    );
  });

  it('passes rich content blocks to MCP and Anthropic, placeholders elsewhere', () => {
    const rich = result({
      result: { width: 2 },
      content: [
        { type: 'text', text: 'chart attached' },
        { type: 'image', data: 'iVBORw0KGgo=', mimeType: 'image/png' },
      ],
    });
    expect(formatToolResult(rich, { dialect: 'mcp' })).toEqual({
      content: [
        { type: 'text', text: 'chart attached' },
        { type: 'image', data: 'iVBORw0KGgo=', mimeType: 'image/png' },
      ],
      structuredContent: { width: 2 },
    });
    expect(formatToolResult(rich, { dialect: 'anthropic' }).content).toEqual([
      { type: 'text', text: 'chart attached' },
      { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'iVBORw0KGgo=' } },
    ]);
    expect(formatToolResult(rich, { dialect: 'openai-chat' }).content).toBe(
      'chart attached\n[image: image/png, 9 bytes]',
    );
    expect(formatToolResult(rich, { dialect: 'gemini' }).functionResponse.response).toEqual({
      output: { width: 2 },
    });
  });

  it('BigInt and cyclic outputs give messages that serialise, in every dialect (issue #14)', () => {
    const cyclic: Record<string, unknown> = { n: 1n, list: [2n] };
    cyclic.self = cyclic;
    for (const dialect of TOOL_RESULT_DIALECTS) {
      const message = formatToolResult(result({ result: cyclic }), { dialect });
      expect(() => JSON.stringify(message)).not.toThrow();
    }
    expect(formatToolResult(result({ result: cyclic }), { dialect: 'openai-chat' }).content).toBe(
      '{"n":"1","list":["2"],"self":"[Circular]"}',
    );
    expect(formatToolResult(result({ result: cyclic }), { dialect: 'mcp' }).structuredContent).toEqual({
      n: '1',
      list: ['2'],
      self: '[Circular]',
    });
  });

  it('an object referenced twice is written twice, not as [Circular] (issue #14)', () => {
    const shared = { id: 7 };
    const out = formatToolResult(result({ result: { a: shared, b: shared, list: [shared, shared] } }), {
      dialect: 'openai-chat',
    });
    expect(out.content).toBe('{"a":{"id":7},"b":{"id":7},"list":[{"id":7},{"id":7}]}');
  });

  it('shared references cannot blow up the work: the copy stops at the budget', () => {
    let dag: unknown = { leaf: true };
    for (let i = 0; i < 60; i++) dag = [dag, dag]; // 2^60 paths
    const out = formatToolResult(result({ result: dag }), { dialect: 'mcp', maxLength: 200 });
    const first = out.content[0];
    const text = first?.type === 'text' ? first.text : '';
    expect(text.length).toBeLessThanOrEqual(200);
    expect(text).toMatch(/truncated: showed \d+ of more than \d+ characters/);
  });

  it('structured copies are independent plain JSON: Dates through toJSON, __proto__ keys kept as data', () => {
    const value = JSON.parse('{"__proto__": {"polluted": true}, "at": null}') as Record<string, unknown>;
    value.at = new Date(0);
    const out = formatToolResult(result({ result: value }), { dialect: 'mcp' });
    expect(JSON.stringify(out.structuredContent)).toBe(
      '{"__proto__":{"polluted":true},"at":"1970-01-01T00:00:00.000Z"}',
    );
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(out.structuredContent).not.toBe(value);
  });

  it('rejects a maxLength that is not an integer of at least 64 (NaN used to give an empty text)', () => {
    for (const maxLength of [Number.NaN, 10, 100.5, Number.POSITIVE_INFINITY, '100' as never]) {
      expect(() => formatToolResult(success, { dialect: 'openai-chat', maxLength })).toThrow(ConversionError);
    }
    expect(() => formatToolResult(success, { dialect: 'openai-chat', maxLength: Number.NaN })).toThrow(
      /maxLength must be an integer of at least 64, got NaN/,
    );
  });

  it('dialects without a result message and unknown names are typed errors', () => {
    expect(() => formatToolResult(success, { dialect: 'openapi-operation' as never })).toThrow(
      /has no tool-result message/,
    );
    expect(() => formatToolResult(success, { dialect: 'openai' as never })).toThrow(UnknownDialectError);
  });

  it('every message serialises, whatever the output (property)', () => {
    const cyclicArb = fc.anything().map((v) => {
      const holder: Record<string, unknown> = { v, big: 10n ** 30n };
      holder.loop = holder;
      return holder;
    });
    fc.assert(
      fc.property(
        fc.oneof(fc.anything({ withBigInt: true, withMap: true, withSet: true, withDate: true }), cyclicArb),
        fc.constantFrom(...TOOL_RESULT_DIALECTS),
        fc.integer({ min: 64, max: 500 }),
        (value, dialect, maxLength) => {
          const message = formatToolResult(result({ result: value }), { dialect, maxLength });
          expect(typeof JSON.stringify(message)).toBe('string');
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('truncateText', () => {
  it('never exceeds the limit and never splits a surrogate pair', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'grapheme', maxLength: 400 }),
        fc.integer({ min: 64, max: 300 }),
        (text, max) => {
          const out = truncateText(text, max);
          expect(out.length).toBeLessThanOrEqual(max);
          if (text.length <= max) expect(out).toBe(text);
          else {
            expect(out).toContain('[truncated:');
            expect(out).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
          }
        },
      ),
    );
  });
});
