import type { ChatMessage } from '@llamaindex/core/llms';
import { LLMAgent } from '@llamaindex/core/agent';
import { agentToolCallResultEvent, multiAgent } from '@llamaindex/workflow';
import { createIndex } from '@toolarsenal/toolindex';
import { deny, policy, toolset } from '@toolarsenal/toolset';
import { describe, expect, it } from 'vitest';
import { createToolRetriever, ToolSelectingAgent, toLlamaIndexTools, toolSelectingAgent } from './index.js';
import { catalogRunner, loadCatalog } from '@toolarsenal/toolkit-testing';
import { ScriptedLLM } from './test-fixtures/scripted-llm.js';

function setup() {
  const tools = loadCatalog();
  const { runner, calls } = catalogRunner(tools);
  const guarded = toolset('assistant')
    .from(tools)
    .policy(policy('no-admin', {}, deny.namespace('admin').because('admin tools are not for the assistant')))
    .build();
  const index = createIndex();
  index.add(tools);
  return { tools, runner, calls, guarded, index };
}

function toolResults(messages: ChatMessage[]) {
  return messages
    .map(
      (m) =>
        (m.options as { toolResult?: { id: string; result: string; isError: boolean } } | undefined)
          ?.toolResult,
    )
    .filter((r): r is { id: string; result: string; isError: boolean } => r !== undefined);
}

describe('LlamaIndex agent workflow with per-step tool selection over the in-repo catalogue (32 tools)', () => {
  it('offers only the selected tools each step; calls run through toolrun; bad arguments come back as a tool error and the loop goes on', async () => {
    const { runner, calls, guarded, index } = setup();
    const tools = toLlamaIndexTools(guarded, { runner });
    expect(tools.map((t) => t.metadata.name)).not.toContain('delete_user');
    const llm = new ScriptedLLM([
      { toolCalls: [{ name: 'get_forecast', input: { city: 'Paris' }, id: 'c1' }] },
      { toolCalls: [{ name: 'get_forecast', input: { days: 3 }, id: 'c2' }] },
      { text: 'Sunny in Paris.' },
    ]);
    const workflow = toolSelectingAgent({ llm, tools, index, limit: 4, pinned: ['get_time'] });
    const stream = workflow.runStream('What is the weather forecast for Paris this week?');
    const results: { toolName: string; isError: boolean; raw: unknown }[] = [];
    let final = '';
    for await (const event of stream) {
      if (agentToolCallResultEvent.include(event))
        results.push({
          toolName: event.data.toolName,
          isError: event.data.toolOutput.isError,
          raw: event.data.raw,
        });
      if ('result' in (event.data as object)) final = String((event.data as { result: unknown }).result);
    }
    expect(llm.offered).toHaveLength(3);
    for (const offered of llm.offered) {
      expect(offered).toContain('get_time');
      expect(offered).toContain('get_forecast');
      expect(offered.length).toBeLessThanOrEqual(5);
      expect(offered).not.toContain('delete_user');
    }
    expect(results.map((r) => [r.toolName, r.isError])).toEqual([
      ['get_forecast', false],
      ['get_forecast', true],
    ]);
    expect(results[0]!.raw).toEqual({ city: 'Paris', forecast: [{ day: 'mon', tempC: 21, rainMm: 0 }] });
    expect(final).toBe('Sunny in Paris.');
    expect(calls).toEqual([{ id: 'weather:get_forecast@1.0.0', args: { city: 'Paris' } }]);
  });

  it('the model reads the runner’s validation message and a failed call as an error result', async () => {
    const { runner, index } = setup();
    const llm = new ScriptedLLM([
      { toolCalls: [{ name: 'get_forecast', input: { days: 3 }, id: 'c1' }] },
      { toolCalls: [{ name: 'get_air_quality', input: { city: 'Paris' }, id: 'c2' }] },
      { text: 'done' },
    ]);
    const out = await toolSelectingAgent({
      llm,
      tools: toLlamaIndexTools(loadCatalog(), { runner }),
      index,
    }).run('weather forecast and air quality in Paris');
    const results = toolResults(await out.data.state!.memory.getLLM());
    expect(results.map((r) => r.isError)).toEqual([true, true]);
    expect(results[0]!.result).toContain('Error [INVALID_ARGUMENTS]');
    expect(results[0]!.result).toContain('/city: is required but missing');
    expect(results[1]!.result).toContain('upstream air-quality service unavailable');
  });

  it('arsenal mode: the agent starts with no tools, tools are made on demand, and a denied tool is never offered', async () => {
    const { runner, calls, guarded, index } = setup();
    const llm = new ScriptedLLM([
      { toolCalls: [{ name: 'get_stock_price', input: { symbol: 'AAPL' }, id: 's1' }] },
      { text: 'AAPL trades at 189.5 USD.' },
    ]);
    const workflow = toolSelectingAgent({ llm, arsenal: { index, runner, toolset: guarded }, limit: 3 });
    await workflow.run('What is the current stock price of AAPL?');
    expect(llm.offered[0]![0]).toBe('get_stock_price');
    expect(llm.offered[0]!.length).toBeLessThanOrEqual(3);
    expect(calls).toEqual([{ id: 'finance:get_stock_price@1.0.0', args: { symbol: 'AAPL' } }]);

    const denied = new ScriptedLLM([{ text: 'no' }]);
    await toolSelectingAgent({
      llm: denied,
      arsenal: { index, runner, toolset: guarded },
      limit: 5,
      minRelevance: 0,
    }).run('delete user account u1 and all its data');
    expect(denied.offered[0]!.length).toBeGreaterThan(0);
    expect(denied.offered.flat()).not.toContain('delete_user');
  });

  it('in a multi-agent workflow the hand-off tool always passes through', async () => {
    const { runner, index } = setup();
    const llm = new ScriptedLLM([{ text: 'hi' }]);
    const a = new ToolSelectingAgent({
      name: 'a',
      llm,
      tools: toLlamaIndexTools(loadCatalog(), { runner }),
      index,
      limit: 2,
      canHandoffTo: ['b'],
    });
    const b = new ToolSelectingAgent({ name: 'b', llm: new ScriptedLLM([]), tools: [], index });
    await multiAgent({ agents: [a, b], rootAgent: a }).run('send an email to the team');
    expect(llm.offered[0]).toContain('handOff');
    expect(llm.offered[0]).toContain('send_email');
    expect(llm.offered[0]!.length).toBeLessThanOrEqual(3);
  });

  it('createToolRetriever feeds LlamaIndex’s LLMAgent (toolRetriever) the best tools for the message', async () => {
    const { runner, index, calls } = setup();
    const tools = toLlamaIndexTools(loadCatalog(), { runner });
    const toolRetriever = createToolRetriever({ index, tools, k: 3 });

    expect(
      (await toolRetriever.retrieve('translate this text to French')).map((t) => t.metadata.name)[0],
    ).toBe('translate_text');
    const llm = new ScriptedLLM([
      { toolCalls: [{ name: 'translate_text', input: { text: 'hello', target_language: 'fr' }, id: 't1' }] },
      { text: 'bonjour' },
    ]);
    const agent = new LLMAgent({ llm, toolRetriever });
    const response = await agent.chat({ message: 'translate "hello" to French' });

    expect(String(response.message.content)).toBe('bonjour');
    expect(llm.offered[0]![0]).toBe('translate_text');
    expect(llm.offered[0]!.length).toBeLessThanOrEqual(3);
    expect(calls.map((c) => c.id)).toEqual(['translate:translate_text@1.0.0']);
  });
});
