import { AIMessage, HumanMessage, ToolMessage } from '@langchain/core/messages';
import { DynamicStructuredTool } from '@langchain/core/tools';
import { createIndex } from '@toolarsenal/toolindex';
import { createRunner } from '@toolarsenal/toolrun';
import { errorCode as code, weatherTool as weather } from '@toolarsenal/toolkit-testing';
import { describe, expect, it } from 'vitest';
import { readConversation } from './conversation.js';
import {
  createFindToolsTool,
  fromLangChainTools,
  ToolIndexRetriever,
  toLangChainTools,
  toolArsenalMiddleware,
} from './index.js';

function jsonTool(name: string, schema: Record<string, unknown>) {
  return new DynamicStructuredTool({ name, description: 'x', schema, func: async () => 'x' });
}

describe('hostile input to the public entries', () => {
  it('toLangChainTools', () => {
    const runner = createRunner({ tools: [weather] });
    expect(code(() => toLangChainTools('tools' as never, { runner }))).toBe('TOOLKIT_INVALID_TOOL');
    expect(code(() => toLangChainTools([weather, 5 as never], { runner }))).toBe('TOOLKIT_INVALID_TOOL');
    expect(code(() => toLangChainTools([weather], undefined as never))).toBe('TOOLKIT_INVALID_OPTIONS');
    expect(code(() => toLangChainTools([weather], { runner, throwOnError: 'yes' as never }))).toBe(
      'TOOLKIT_INVALID_OPTIONS',
    );
    expect(code(() => toLangChainTools([weather], { runner, names: {} as never }))).toBe(
      'TOOLKIT_INVALID_OPTIONS',
    );
    expect(code(() => toLangChainTools([weather], { runner, nameRule: { pattern: 'x' } as never }))).toBe(
      'TOOLKIT_INVALID_OPTIONS',
    );
  });

  it('fromLangChainTools: prototype-polluting, cyclic, over-deep and non-object schemas are typed errors', () => {
    const proto = JSON.parse('{"type":"object","properties":{"__proto__":{"type":"string"}}}') as Record<
      string,
      unknown
    >;
    const cyclic: Record<string, unknown> = { type: 'object', properties: {} };
    (cyclic.properties as Record<string, unknown>).self = cyclic;
    let deep: Record<string, unknown> = { type: 'string' };
    for (let i = 0; i < 500; i++) deep = { type: 'object', properties: { a: deep } };
    for (const schema of [proto, cyclic, deep, { type: 'string' }])
      expect(code(() => fromLangChainTools([jsonTool('t', schema)]))).toBe('TOOLKIT_INVALID_TOOL');
    expect(code(() => fromLangChainTools([{ name: 1 } as never]))).toBe('TOOLKIT_INVALID_TOOL');
    expect(code(() => fromLangChainTools('x' as never))).toBe('TOOLKIT_INVALID_TOOL');
    expect(code(() => fromLangChainTools([], { namespace: '../etc' }))).toBe('TOOLKIT_INVALID_OPTIONS');
    expect(code(() => fromLangChainTools([], { executor: { source: 'x', execute: () => 1 } as never }))).toBe(
      'TOOLKIT_INVALID_OPTIONS',
    );
    expect(({} as Record<string, unknown>).type).toBeUndefined();
  });

  it('toolArsenalMiddleware, createFindToolsTool and ToolIndexRetriever options', () => {
    const index = createIndex();
    for (const bad of [
      null,
      { strategy: 'llm' },
      { index, arsenal: { index, runner: createRunner() } },
      { limit: 0 },
      { limit: 1e9 },
      { pinned: [42] },
      { onSelect: 'log' },
      { context: { recentMessages: 1000 } },
      { arsenal: 'all' },
      { arsenal: { index } },
    ])
      expect(
        code(() => toolArsenalMiddleware(bad as never)),
        JSON.stringify(bad),
      ).toBe('TOOLKIT_INVALID_OPTIONS');
    expect(code(() => createFindToolsTool({ index: null } as never))).toBe('TOOLKIT_INVALID_OPTIONS');
    expect(code(() => createFindToolsTool({ index, candidates: 1 } as never))).toBe(
      'TOOLKIT_INVALID_OPTIONS',
    );
    expect(code(() => new ToolIndexRetriever({ index, k: 101 }))).toBe('TOOLKIT_INVALID_OPTIONS');
    expect(code(() => new ToolIndexRetriever(7 as never))).toBe('TOOLKIT_INVALID_OPTIONS');
  });

  it('find_tools answers bad arguments with a fixable message', async () => {
    const index = createIndex();
    index.add([weather]);
    const find = createFindToolsTool({ index });
    const bad = await find.invoke({ type: 'tool_call', id: '1', name: 'find_tools', args: { query: '' } });
    expect(bad.text).toBe('Error [INVALID_ARGUMENTS]: find_tools needs "query": the task in plain words.');
    const ok = await find.invoke({
      type: 'tool_call',
      id: '2',
      name: 'find_tools',
      args: { query: 'weather in Oslo' },
    });
    expect(ok.text).toBe('1. get_weather: Current weather for a city. [required: city]');
  });

  it('readConversation bounds and survives odd message histories', () => {
    const history = [
      new HumanMessage('a'.repeat(100_000)),
      new AIMessage({ content: '', tool_calls: [{ id: 'c1', name: 'get_weather', args: {} }] }),
      new ToolMessage({ content: 'boom', tool_call_id: 'c1', status: 'error' }),
      new ToolMessage({ content: 'orphan', tool_call_id: 'nope' }),
      new AIMessage({ content: [{ type: 'text', text: 'thinking' }] }),
      ...Array.from({ length: 1000 }, (_, i) => new AIMessage(`m${i}`)),
    ];
    const turn = readConversation(history, (name) => (name === 'get_weather' ? weather.id : undefined));
    // The scan is bounded to the latest 500 messages: the early human message and tool call fall out.
    expect(turn.query).toBe('');
    expect(turn.recent).toHaveLength(6);
    const short = readConversation(history.slice(0, 5), (name) =>
      name === 'get_weather' ? weather.id : undefined,
    );
    expect([short.failed, short.used, short.active]).toEqual([[weather.id], [], []]);
  });
});
