import { Anthropic } from '@llamaindex/anthropic';
import type { ChatMessage } from '@llamaindex/core/llms';
import { FunctionTool } from '@llamaindex/core/tools';
import { OpenAI } from '@llamaindex/openai';
import { check } from '@toolarsenal/tooladapter';
import { createIndex } from '@toolarsenal/toolindex';
import type { Tool } from '@toolarsenal/toolmodel';
import { createRunner } from '@toolarsenal/toolrun';
import { deny, policy, toolset } from '@toolarsenal/toolset';
import { loadMcpCorpus } from '@toolarsenal/toolkit-testing';
import { describe, expect, it } from 'vitest';
import {
  type ArsenalFunctionTool,
  fromLlamaIndexTools,
  toLlamaIndexTools,
  toolSelectingAgent,
} from './index.js';
import { ScriptedLLM } from './test-fixtures/scripted-llm.js';

/** All 527 tools in one runner (same-name tools of different servers side by side, kept by id). */
function convertAll(tools: readonly Tool[]): ArsenalFunctionTool[] {
  return toLlamaIndexTools(tools, { runner: createRunner({ tools }) });
}

describe('527 real MCP tools through LlamaIndex', () => {
  const corpus = loadMcpCorpus();

  it('canonical → LlamaIndex → canonical is lossless (same schema, same tool)', () => {
    const li = convertAll(corpus);
    expect(li).toHaveLength(527);
    expect(new Set(li.map((t) => t.metadata.name)).size).toBe(527);
    for (const tool of li)
      expect(tool.metadata.parameters, tool.metadata.name).toEqual(tool.canonical.inputSchema);
    expect(fromLlamaIndexTools(li).tools.map((t) => t.contentHash)).toEqual(
      li.map((t) => t.canonical.contentHash),
    );
    // As a third party sees them: plain FunctionTools with the same metadata.
    const plain = li.map((t) =>
      FunctionTool.from(() => '', {
        name: t.metadata.name,
        description: t.metadata.description,
        parameters: structuredClone(t.metadata.parameters) as never,
      }),
    );
    fromLlamaIndexTools(plain).tools.forEach((tool, i) => {
      expect(tool.inputSchema, li[i]!.canonical.id).toEqual(li[i]!.canonical.inputSchema);
      expect(tool.description).toBe(li[i]!.canonical.description);
    });
  });

  it('LlamaIndex’s OpenAI adapter sends every schema unchanged and valid for OpenAI', () => {
    const li = convertAll(corpus);
    const defs = li.map((t) => OpenAI.toTool(t));
    defs.forEach((def, i) => {
      expect(def).toEqual({
        type: 'function',
        function: {
          name: li[i]!.metadata.name,
          description: li[i]!.metadata.description,
          parameters: li[i]!.canonical.inputSchema,
        },
      });
    });
    expect(check(defs, 'openai-chat')).toEqual([]);
  });

  it('LlamaIndex’s Anthropic adapter accepts every tool; what it keeps of each schema is valid for Anthropic', () => {
    const li = convertAll(corpus);
    const anthropic = new Anthropic({ apiKey: 'sk-ant-test-no-network', model: 'claude-3-7-sonnet' });
    const prepare = (
      anthropic as unknown as { prepareToolsForAPI(tools: unknown[]): Record<string, unknown>[] }
    ).prepareToolsForAPI;
    const defs = prepare.call(anthropic, li);
    expect(defs).toHaveLength(527);
    expect(check(defs, 'anthropic')).toEqual([]);
  });

  it('a LlamaIndex agent workflow over 500 real tools: the LLM gets only the selected tools, calls run through toolrun, denied tools never offered, bad arguments come back as tool errors', async () => {
    const tools = corpus.slice(0, 500);
    const calls: string[] = [];
    const runner = createRunner({ defaults: { retry: false } });
    for (const tool of tools)
      runner.register(tool, (args) => {
        calls.push(tool.id);
        return { tool: tool.name, arguments: args };
      });
    const set = toolset('assistant')
      .from(tools)
      .policy(policy('read-only-files', {}, deny.tool('write_file', 'edit_file', 'move_file')))
      .build();
    const liTools = toLlamaIndexTools(set, { runner });
    const index = createIndex();
    index.add(tools);
    const stock = tools.find((t) => t.name === 'get_current_stock_price')!;
    const llm = new ScriptedLLM([
      { toolCalls: [{ name: 'get_current_stock_price', input: { symbol: 'AAPL' }, id: 'c1' }] },
      { toolCalls: [{ name: 'get_current_stock_price', input: { ticker: 'AAPL' }, id: 'c2' }] },
      { text: 'Apple trades at …' },
      { text: 'I cannot write files.' },
    ]);
    const workflow = toolSelectingAgent({ llm, tools: liTools, index, limit: 8 });
    const out = await workflow.run('What is the current stock price of Apple (AAPL)?');
    expect(llm.offered).toHaveLength(3);
    for (const offered of llm.offered) {
      expect(offered.length).toBeLessThanOrEqual(8);
      expect(offered).toContain('get_current_stock_price');
    }
    const results = (await out.data.state!.memory.getLLM())
      .map(
        (m: ChatMessage) =>
          (m.options as { toolResult?: { isError: boolean; result: string } } | undefined)?.toolResult,
      )
      .filter((r): r is { isError: boolean; result: string } => r !== undefined);
    expect(results.map((r) => r.isError)).toEqual([false, true]);
    expect(results[1]!.result).toContain('/symbol: is required but missing');
    expect(calls).toEqual([stock.id]);

    await toolSelectingAgent({ llm, tools: liTools, index, limit: 8 }).run(
      'Write the text "hello" into the file notes.txt and move it to /archive',
    );
    const offeredForWrite = llm.offered[3]!;
    expect(offeredForWrite.length).toBeGreaterThan(0);
    for (const denied of ['write_file', 'edit_file', 'move_file'])
      expect(offeredForWrite).not.toContain(denied);
  });
});
