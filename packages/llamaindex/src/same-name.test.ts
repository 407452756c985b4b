import type { ChatMessage } from '@llamaindex/core/llms';
import { createIndex } from '@toolarsenal/toolindex';
import { SAME_NAME_TOOLS, searchRunner } from '@toolarsenal/toolkit-testing';
import { describe, expect, it } from 'vitest';
import { ToolkitError, toLlamaIndexTools, ToolSelectingAgent, toolSelectingAgent } from './index.js';
import { ScriptedLLM } from './test-fixtures/scripted-llm.js';

const { docs, web } = SAME_NAME_TOOLS;

async function results(out: { data: { state?: { memory: { getLLM(): Promise<ChatMessage[]> } } } }) {
  return (await out.data.state!.memory.getLLM())
    .map((m) => (m.options as { toolResult?: { result: string } } | undefined)?.toolResult?.result)
    .filter((r) => r !== undefined);
}

describe('same-name tools of two sources', () => {
  it('toLlamaIndexTools names both by namespace, whatever the order, and each call reaches its own tool', async () => {
    const { runner, calls } = searchRunner([docs, web]);
    const li = toLlamaIndexTools([web, docs], { runner });
    expect(li.map((t) => t.metadata.name)).toEqual(['mcp_web_search', 'docs_search']);
    const llm = new ScriptedLLM([
      {
        toolCalls: [
          { name: 'docs_search', input: { query: 'install' }, id: 'a' },
          { name: 'mcp_web_search', input: { query: 'install' }, id: 'b' },
        ],
      },
      { text: 'Done.' },
    ]);
    const out = await toolSelectingAgent({ llm, tools: li, limit: 4 }).run('Search for install instructions');
    expect(llm.offered[0]!.sort()).toEqual(['docs_search', 'mcp_web_search']);
    expect(await results(out)).toEqual(['docs results for install', 'mcp.web results for install']);
    expect(calls).toEqual([docs.id, web.id]);
  });

  it('arsenal mode: tools made on demand get the qualified names and calls map back by id', async () => {
    const { runner, calls } = searchRunner([docs, web]);
    const index = createIndex();
    index.add([docs, web]);
    const llm = new ScriptedLLM([
      { toolCalls: [{ name: 'mcp_web_search', input: { query: 'news' }, id: 'w' }] },
      { text: 'Done.' },
    ]);
    const out = await toolSelectingAgent({ llm, arsenal: { index, runner }, limit: 4 }).run(
      'Search the web for news',
    );
    expect(llm.offered[0]!.sort()).toEqual(['docs_search', 'mcp_web_search']);
    expect(await results(out)).toEqual(['mcp.web results for news']);
    expect(calls).toEqual([web.id]);
  });

  it('two same-name tools converted apart (no shared registry) are refused with a typed error', () => {
    const { runner } = searchRunner([docs, web]);
    const both = [...toLlamaIndexTools([docs], { runner }), ...toLlamaIndexTools([web], { runner })];
    expect(() => new ToolSelectingAgent({ name: 'a', llm: new ScriptedLLM([]), tools: both })).toThrow(
      ToolkitError,
    );
    expect(() => new ToolSelectingAgent({ name: 'a', llm: new ScriptedLLM([]), tools: both })).toThrow(
      /named "search" like the tool "docs:search@1.0.0"/,
    );
  });
});
