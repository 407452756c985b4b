import { createArgumentValidator } from '@toolarsenal/toolmodel';
import { describe, expect, it } from 'vitest';
import { createRunner, formatResult, toolOutput } from './index.js';

const validator = createArgumentValidator();

describe('formatResult takes a ToolResult as it is (tooladapter formatToolResult)', () => {
  it('formats real results, BigInt and cycles included, into messages that serialise', async () => {
    const runner = createRunner({ validator });
    const cyclic: Record<string, unknown> = { total: 12n };
    cyclic.self = cyclic;
    runner.register({ name: 'count' }, () => cyclic);
    runner.register({ name: 'chart' }, () =>
      toolOutput({ w: 2 }, [{ type: 'image', data: 'AAAA', mimeType: 'image/png' }]),
    );
    const result = await runner.run({ id: 'c1', name: 'count' });
    expect(formatResult(result, { dialect: 'openai-chat' })).toEqual({
      role: 'tool',
      tool_call_id: 'c1',
      content: '{"total":"12","self":"[Circular]"}',
    });
    const mcp = formatResult(result, { dialect: 'mcp' });
    expect(JSON.parse(JSON.stringify(mcp))).toEqual({
      content: [{ type: 'text', text: '{"total":"12","self":"[Circular]"}' }],
      structuredContent: { total: '12', self: '[Circular]' },
    });
    const chart = await runner.run({ id: 'c2', name: 'chart' });
    expect(formatResult(chart, { dialect: 'anthropic' }).content).toEqual([
      { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'AAAA' } },
    ]);
    const missing = await runner.run({ id: 'c3', name: 'nope' });
    expect(formatResult(missing, { dialect: 'gemini' }).functionResponse.response).toEqual({
      error: 'Error [TOOL_NOT_FOUND]: Tool "nope" does not exist.',
    });
  });
});
