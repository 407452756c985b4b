import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatResult, type ToolResult, ToolRunError, truncateText } from './index.js';

function result(overrides: Partial<ToolResult>): ToolResult {
  return {
    callId: 'call_1',
    toolName: 'weather',
    status: 'success',
    ok: true,
    attempt: 1,
    timings: { queuedAt: 0, completedAt: 1, waitMs: 0, latencyMs: 1, totalMs: 1 },
    traceId: '0'.repeat(32),
    spanId: '0'.repeat(16),
    ...overrides,
  };
}

const success = result({ result: { tempC: 21, city: 'Oslo' } });
const failure = result({
  status: 'invalid_arguments',
  ok: false,
  error: new ToolRunError(
    'invalid_arguments',
    'INVALID_ARGUMENTS',
    'Invalid arguments for tool "weather":\n- /city: is required but missing',
  ),
});

describe('formatResult', () => {
  it('OpenAI chat and Responses', () => {
    expect(formatResult(success, { dialect: 'openai' })).toEqual({
      role: 'tool',
      tool_call_id: 'call_1',
      content: '{"tempC":21,"city":"Oslo"}',
    });
    expect(formatResult(failure, { dialect: 'openai-responses' })).toEqual({
      type: 'function_call_output',
      call_id: 'call_1',
      output:
        'Error [INVALID_ARGUMENTS]: Invalid arguments for tool "weather":\n- /city: is required but missing',
    });
  });

  it('Anthropic tool_result with is_error only on errors', () => {
    expect(formatResult(success, { dialect: 'anthropic' })).toEqual({
      type: 'tool_result',
      tool_use_id: 'call_1',
      content: '{"tempC":21,"city":"Oslo"}',
    });
    expect(formatResult(failure, { dialect: 'anthropic' }).is_error).toBe(true);
  });

  it('Gemini functionResponse with output or error', () => {
    expect(formatResult(success, { dialect: 'gemini' })).toEqual({
      functionResponse: { id: 'call_1', name: 'weather', response: { output: { tempC: 21, city: 'Oslo' } } },
    });
    const text = formatResult(result({ result: 'sunny' }), { dialect: 'gemini' });
    expect(text.functionResponse.response).toEqual({ output: 'sunny' });
    const err = formatResult(failure, { dialect: 'gemini' });
    expect(err.functionResponse.response).toMatchObject({ error: expect.stringContaining('/city') });
  });

  it('MCP CallToolResult with structuredContent for objects and isError for failures', () => {
    expect(formatResult(success, { dialect: 'mcp' })).toEqual({
      content: [{ type: 'text', text: '{"tempC":21,"city":"Oslo"}' }],
      structuredContent: { tempC: 21, city: 'Oslo' },
    });
    expect(formatResult(result({ result: [1, 2] }), { dialect: 'mcp' }).structuredContent).toBeUndefined();
    expect(formatResult(failure, { dialect: 'mcp' })).toMatchObject({ isError: true });
  });

  it('truncates huge outputs with a clear marker and drops structured copies', () => {
    const big = result({
      result: { rows: Array.from({ length: 10_000 }, (_, i) => ({ i, text: 'lorem ipsum' })) },
    });
    const mcp = formatResult(big, { dialect: 'mcp', maxLength: 1_000 });
    const first = mcp.content[0];
    const text = first?.type === 'text' ? first.text : '';
    expect(text.length).toBeLessThanOrEqual(1_000);
    expect(text).toMatch(/…\[truncated: showed \d+ of \d+ characters\]$/);
    expect(mcp.structuredContent).toBeUndefined();
    const gemini = formatResult(big, { dialect: 'gemini', maxLength: 1_000 });
    expect(typeof (gemini.functionResponse.response as { output: unknown }).output).toBe('string');
  });

  it('describes pending confirmation without flagging an error, and adds retry hints', () => {
    const pending = result({
      status: 'pending_confirmation',
      ok: false,
      error: new ToolRunError(
        'pending_confirmation',
        'CONFIRMATION_REQUIRED',
        'Waiting for the user. Do not repeat it.',
      ),
    });
    expect(formatResult(pending, { dialect: 'anthropic' }).is_error).toBeUndefined();
    const limited = result({
      status: 'rate_limited',
      ok: false,
      error: new ToolRunError('rate_limited', 'CONCURRENCY_LIMIT', 'Too busy.', {
        retryable: true,
        retryAfterMs: 2500,
      }),
    });
    expect(formatResult(limited, { dialect: 'openai' }).content).toBe(
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
    expect(formatResult(rich, { dialect: 'mcp' })).toEqual({
      content: [
        { type: 'text', text: 'chart attached' },
        { type: 'image', data: 'iVBORw0KGgo=', mimeType: 'image/png' },
      ],
      structuredContent: { width: 2 },
    });
    expect(formatResult(rich, { dialect: 'anthropic' }).content).toEqual([
      { type: 'text', text: 'chart attached' },
      { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'iVBORw0KGgo=' } },
    ]);
    expect(formatResult(rich, { dialect: 'openai' }).content).toBe(
      'chart attached\n[image: image/png, 9 bytes]',
    );
    expect(formatResult(rich, { dialect: 'gemini' }).functionResponse.response).toEqual({
      output: { width: 2 },
    });
  });

  it('serialises awkward values without throwing', () => {
    const cyclic: Record<string, unknown> = { n: 1n };
    cyclic.self = cyclic;
    expect(formatResult(result({ result: cyclic }), { dialect: 'openai' }).content).toBe(
      '{"n":"1","self":"[Circular]"}',
    );
    expect(formatResult(result({ result: undefined }), { dialect: 'openai' }).content).toBe('(no output)');
    expect(() => formatResult(success, { dialect: 'nope' as never })).toThrow(/unknown result dialect/);
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
