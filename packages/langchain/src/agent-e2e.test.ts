import { AIMessage, HumanMessage, ToolMessage } from '@langchain/core/messages';
import { createIndex } from '@toolarsenal/toolindex';
import type { Tool } from '@toolarsenal/toolmodel';
import { deny, policy, toolset } from '@toolarsenal/toolset';
import { createAgent } from 'langchain';
import { describe, expect, it } from 'vitest';
import { type SelectionEvent, toLangChainTools, toolArsenalMiddleware } from './index.js';
import { catalogRunner, loadCatalog } from '@toolarsenal/toolkit-testing';
import { RecordingModel } from './test-fixtures/recording-model.js';

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

function toolMessages(messages: readonly unknown[]): ToolMessage[] {
  return messages.filter((m): m is ToolMessage => ToolMessage.isInstance(m));
}

describe('createAgent with toolArsenalMiddleware over the in-repo catalogue (32 tools)', () => {
  it('offers only the selected tools each turn; calls run through toolrun; bad arguments come back as a tool error and the loop goes on', async () => {
    const { runner, calls, guarded, index, tools } = setup();
    const lcTools = toLangChainTools(guarded, { runner });
    expect(lcTools.map((t) => t.name)).not.toContain('delete_user');
    const model = new RecordingModel()
      .respondWithTools([{ name: 'get_forecast', args: { city: 'Paris' }, id: 'c1' }])
      .respondWithTools([{ name: 'get_forecast', args: { days: 3 }, id: 'c2' }])
      .respond(new AIMessage('Sunny in Paris.'));
    const events: SelectionEvent[] = [];
    const agent = createAgent({
      model,
      tools: lcTools,
      middleware: [
        toolArsenalMiddleware({ index, limit: 4, pinned: ['get_time'], onSelect: (e) => events.push(e) }),
      ],
    });
    const out = await agent.invoke({
      messages: [new HumanMessage('What is the weather forecast for Paris this week?')],
    });

    // Three model calls, each given pinned get_time plus at most 4 retrieved tools, never all 31.
    expect(model.offered).toHaveLength(3);
    for (const offered of model.offered) {
      expect(offered).toContain('get_time');
      expect(offered).toContain('get_forecast');
      expect(offered.length).toBeLessThanOrEqual(5);
      expect(offered).not.toContain('delete_user');
    }
    expect(events.map((e) => e.query)).toEqual(
      Array(3).fill('What is the weather forecast for Paris this week?'),
    );
    expect(events[0]!.offered).toEqual(model.offered[0]);

    const results = toolMessages(out.messages);
    expect(results.map((m) => [m.tool_call_id, m.status])).toEqual([
      ['c1', 'success'],
      ['c2', 'error'],
    ]);
    // Structured output: the model reads JSON text, the artifact carries the object.
    expect(JSON.parse(results[0]!.text)).toEqual({
      city: 'Paris',
      forecast: [{ day: 'mon', tempC: 21, rainMm: 0 }],
    });
    expect(results[0]!.artifact).toEqual({ city: 'Paris', forecast: [{ day: 'mon', tempC: 21, rainMm: 0 }] });
    // toolrun's validation message, not LangChain's generic one.
    expect(results[1]!.text).toContain('Error [INVALID_ARGUMENTS]');
    expect(results[1]!.text).toContain('/city: is required but missing');
    expect(out.messages.at(-1)!.text).toBe('Sunny in Paris.');
    expect(calls).toEqual([{ id: 'weather:get_forecast@1.0.0', args: { city: 'Paris' } }]);
    // The failed tool is fed back as a failed tool; the working one stays active in the turn.
    const forecast = tools.find((t) => t.name === 'get_forecast')!;
    expect(events[1]!.selection.active.map((t: Tool) => t.id)).toEqual([forecast.id]);
  });

  it('a policy-denied tool is never offered, even when the request names it', async () => {
    const { runner, guarded, index } = setup();
    const model = new RecordingModel()
      .respondWithTools([{ name: 'delete_user', args: { user_id: 'u1' }, id: 'x1' }])
      .respond(new AIMessage('I cannot do that.'));
    const agent = createAgent({
      model,
      tools: toLangChainTools(guarded, { runner }),
      middleware: [toolArsenalMiddleware({ index, limit: 5, minRelevance: 0 })],
    });
    const out = await agent.invoke({
      messages: [new HumanMessage('Delete the user account u1 and all its data')],
    });
    for (const offered of model.offered) expect(offered).not.toContain('delete_user');
    const [refused] = toolMessages(out.messages);
    expect(refused!.status).toBe('error');
    expect(refused!.text).toContain('delete_user is not a valid tool');
  });

  it('arsenal mode: no tools passed to createAgent, tools made on demand, policy applied to offers and calls', async () => {
    const { runner, calls, guarded, index } = setup();
    const model = new RecordingModel()
      .respondWithTools([{ name: 'get_stock_price', args: { symbol: 'AAPL' }, id: 's1' }])
      .respond(new AIMessage('AAPL trades at 189.5 USD.'));
    const agent = createAgent({
      model,
      tools: [],
      middleware: [toolArsenalMiddleware({ arsenal: { index, runner, toolset: guarded }, limit: 3 })],
    });
    const out = await agent.invoke({
      messages: [new HumanMessage('What is the current stock price of AAPL?')],
    });
    expect(model.offered[0]![0]).toBe('get_stock_price');
    expect(model.offered[0]!.length).toBeLessThanOrEqual(3);
    const [result] = toolMessages(out.messages);
    expect(result!.status).toBe('success');
    expect(result!.artifact).toEqual({ symbol: 'AAPL', price: 189.5, currency: 'USD' });
    expect(calls).toEqual([{ id: 'finance:get_stock_price@1.0.0', args: { symbol: 'AAPL' } }]);

    const denied = new RecordingModel()
      .respondWithTools([{ name: 'delete_user', args: { user_id: 'u1' }, id: 'd1' }])
      .respond(new AIMessage('done'));
    const agent2 = createAgent({
      model: denied,
      tools: [],
      middleware: [
        toolArsenalMiddleware({ arsenal: { index, runner, toolset: guarded }, limit: 5, minRelevance: 0 }),
      ],
    });
    const out2 = await agent2.invoke({ messages: [new HumanMessage('delete user account u1')] });
    expect(denied.offered.flat()).not.toContain('delete_user');
    expect(toolMessages(out2.messages)[0]!.status).toBe('error');
    expect(calls).toHaveLength(1);
  });

  it('find_tools strategy: the model searches, then the tools it found are offered and callable', async () => {
    const { runner, calls, index } = setup();
    const model = new RecordingModel()
      .respondWithTools([{ name: 'find_tools', args: { query: 'translate text into French' }, id: 'f1' }])
      .respondWithTools([
        { name: 'translate_text', args: { text: 'hello', target_language: 'fr' }, id: 't1' },
      ])
      .respond(new AIMessage('bonjour'));
    const agent = createAgent({
      model,
      tools: toLangChainTools(loadCatalog(), { runner }),
      middleware: [toolArsenalMiddleware({ index, strategy: 'find_tools', pinned: ['get_time'] })],
    });
    const out = await agent.invoke({ messages: [new HumanMessage('Say hello in French')] });

    expect(model.offered[0]).toEqual(['get_time', 'find_tools']);
    expect(model.offered[1]).toContain('translate_text');
    expect(model.offered[1]).toContain('find_tools');
    const [found, translated] = toolMessages(out.messages);
    expect(found!.text).toMatch(
      /^1\. translate_text: Translate text into another language\. \[required: text, target_language\]/,
    );
    expect(translated!.status).toBe('success');
    expect(calls.map((c) => c.id)).toEqual(['translate:translate_text@1.0.0']);
  });

  it('without an index the middleware indexes the agent tools itself, plain LangChain tools included', async () => {
    const { runner } = setup();
    const model = new RecordingModel().respond(new AIMessage('ok'));
    const agent = createAgent({
      model,
      tools: toLangChainTools(loadCatalog(), { runner }),
      middleware: [toolArsenalMiddleware({ limit: 2 })],
    });
    await agent.invoke({ messages: [new HumanMessage('convert 14:00 from Paris time to Tokyo time')] });
    expect(model.offered[0]).toContain('convert_time');
    expect(model.offered[0]!.length).toBeLessThanOrEqual(2);
  });
});
