import { FunctionTool, tool as liTool } from '@llamaindex/core/tools';
import { createIndex } from '@toolarsenal/toolindex';
import { createRunner } from '@toolarsenal/toolrun';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  canonicalIdOf,
  createToolRetriever,
  fromLlamaIndexTools,
  isArsenalFunctionTool,
  ToolIndexRetriever,
  toLlamaIndexTools,
  ToolSelectingAgent,
  toolSelectingAgent,
} from './index.js';
import {
  catalogRunner,
  errorCode as code,
  loadCatalog,
  weatherTool as weather,
} from '@toolarsenal/toolkit-testing';
import { ScriptedLLM } from './test-fixtures/scripted-llm.js';

describe('toLlamaIndexTools', () => {
  it('has the canonical JSON Schema as parameters; calls go through the runner; failures throw the model-facing message', async () => {
    const runner = createRunner();
    runner.register(weather, ({ city }) => `${String(city)}: 21°C`);
    const [tool] = toLlamaIndexTools([weather], { runner });
    expect(isArsenalFunctionTool(tool)).toBe(true);
    expect(tool!.metadata).toEqual({
      name: 'get_weather',
      description: weather.description,
      parameters: weather.inputSchema,
    });
    expect(canonicalIdOf(tool)).toBe('demo:get_weather@1.0.0');
    expect(await tool!.call({ city: 'Oslo' })).toBe('Oslo: 21°C');
    const error = await Promise.resolve(tool!.call({ city: 3 } as never)).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'TOOLKIT_CALL_FAILED', status: 'invalid_arguments' });
    expect((error as Error).message).toContain('/city: must be string');
  });

  it('returns structured output for tools with an outputSchema', async () => {
    const tools = loadCatalog();
    const { runner } = catalogRunner(tools);
    const price = toLlamaIndexTools(tools, { runner }).find((t) => t.metadata.name === 'get_stock_price')!;
    expect(await price.call({ symbol: 'MSFT' })).toEqual({ symbol: 'MSFT', price: 189.5, currency: 'USD' });
  });
});

describe('fromLlamaIndexTools', () => {
  it('reads Zod and JSON-schema FunctionTools and runs them through the runner', async () => {
    const add = liTool({
      name: 'add',
      description: 'Add two numbers.',
      parameters: z.object({ a: z.number(), b: z.number() }),
      execute: ({ a, b }) => a + b,
    });
    const echo = FunctionTool.from(({ text }: { text: string }) => ({ echoed: text }), {
      name: 'echo',
      description: 'Echo text.',
      parameters: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
    });
    const { tools, executor } = fromLlamaIndexTools([add, echo], { namespace: 'li' });
    expect(tools.map((t) => [t.id, t.source])).toEqual([
      ['li:add@1.0.0', 'llamaindex'],
      ['li:echo@1.0.0', 'llamaindex'],
    ]);
    expect(tools[0]!.inputSchema).toMatchObject({
      properties: { a: { type: 'number' } },
      required: ['a', 'b'],
    });
    const runner = createRunner({ executors: [executor], tools });
    expect(await runner.run({ name: 'li:add@1.0.0', arguments: { a: 2, b: 3 } })).toMatchObject({
      result: 5,
    });
    expect(await runner.run({ name: 'li:echo@1.0.0', arguments: { text: 'x' } })).toMatchObject({
      result: { echoed: 'x' },
    });
    expect(await runner.run({ name: 'li:echo@1.0.0', arguments: {} })).toMatchObject({
      status: 'invalid_arguments',
    });
  });

  it('gives tools made by toLlamaIndexTools back exactly', () => {
    const tools = loadCatalog();
    const { runner } = catalogRunner(tools);
    const back = fromLlamaIndexTools(toLlamaIndexTools(tools, { runner })).tools;
    expect(back.map((t) => t.contentHash)).toEqual(tools.map((t) => t.contentHash));
  });
});

describe('retrievers', () => {
  it('ToolIndexRetriever returns tool nodes with ids and scores', async () => {
    const index = createIndex();
    index.add(loadCatalog());
    const nodes = await new ToolIndexRetriever({ index, k: 2 }).retrieve('refund a payment');
    expect(nodes[0]!.node.metadata).toMatchObject({
      toolId: 'payments:refund_payment@1.0.0',
      name: 'refund_payment',
    });
    expect(nodes[0]!.score).toBeGreaterThan(0);
    expect(nodes.length).toBeLessThanOrEqual(2);
  });
});

describe('hostile input', () => {
  it('conversion entries refuse wrong shapes with typed errors naming the argument', () => {
    const runner = createRunner();
    expect(code(() => toLlamaIndexTools('x' as never, { runner }))).toBe('TOOLKIT_INVALID_TOOL');
    expect(code(() => toLlamaIndexTools([weather], null as never))).toBe('TOOLKIT_INVALID_OPTIONS');
    expect(code(() => toLlamaIndexTools([weather], { runner: {} as never }))).toBe('TOOLKIT_INVALID_OPTIONS');
    expect(code(() => toLlamaIndexTools([weather], { runner }))).toBe('TOOLKIT_TOOL_NOT_REGISTERED');
    expect(code(() => fromLlamaIndexTools({} as never))).toBe('TOOLKIT_INVALID_TOOL');
    expect(() => fromLlamaIndexTools([null as never])).toThrow(/tools\[0\] is null/);
    expect(() => fromLlamaIndexTools([{ metadata: { name: 'x' } } as never])).toThrow(/tools\[0\].*call\(\)/);
    expect(code(() => fromLlamaIndexTools([], { namespace: 'Bad Namespace!' }))).toBe(
      'TOOLKIT_INVALID_OPTIONS',
    );
    const proto = JSON.parse('{"type":"object","properties":{"__proto__":{"type":"string"}}}') as Record<
      string,
      unknown
    >;
    const hostile = FunctionTool.from(() => 'x', { name: 'h', description: '', parameters: proto as never });
    expect(code(() => fromLlamaIndexTools([hostile]))).toBe('TOOLKIT_INVALID_TOOL');
    let deep: Record<string, unknown> = { type: 'string' };
    for (let i = 0; i < 500; i++) deep = { type: 'object', properties: { a: deep } };
    const tooDeep = FunctionTool.from(() => 'x', { name: 'd', description: '', parameters: deep as never });
    expect(code(() => fromLlamaIndexTools([tooDeep]))).toBe('TOOLKIT_INVALID_TOOL');
  });

  it('retrievers and agents refuse bad options', () => {
    const index = createIndex();
    expect(code(() => new ToolIndexRetriever({ index: {} as never }))).toBe('TOOLKIT_INVALID_OPTIONS');
    expect(code(() => new ToolIndexRetriever({ index, k: 0 }))).toBe('TOOLKIT_INVALID_OPTIONS');
    expect(
      code(() =>
        createToolRetriever({
          index,
          tools: [liTool({ name: 'x', description: '', parameters: z.object({}), execute: () => 1 })],
        }),
      ),
    ).toBe('TOOLKIT_INVALID_TOOL');
    const llm = new ScriptedLLM([]);
    expect(code(() => new ToolSelectingAgent({ llm, tools: [], limit: 0 }))).toBe('TOOLKIT_INVALID_OPTIONS');
    expect(
      code(
        () => new ToolSelectingAgent({ llm, tools: [], index, arsenal: { index, runner: createRunner() } }),
      ),
    ).toBe('TOOLKIT_INVALID_OPTIONS');
    expect(code(() => toolSelectingAgent({ llm, tools: [], pinned: ['[x'] }))).toBe(
      'TOOLKIT_INVALID_OPTIONS',
    );
    expect(code(() => toolSelectingAgent({ llm, tools: [], context: { recentMessages: -1 } }))).toBe(
      'TOOLKIT_INVALID_OPTIONS',
    );
  });

  it('a conversation with hostile messages still selects (no throw)', async () => {
    const tools = loadCatalog();
    const { runner } = catalogRunner(tools);
    const agent = new ToolSelectingAgent({
      llm: new ScriptedLLM([]),
      tools: toLlamaIndexTools(tools, { runner }),
      limit: 3,
    });
    const messages = [
      {
        role: 'user',
        content: [
          { type: 'text', text: 'weather '.repeat(20_000) },
          { type: 'image_url', image_url: { url: 'x' } },
        ],
      },
      { role: 'assistant', content: '', options: { toolCall: [{ id: 1, name: null }] } },
      { role: 'user', content: 'x', options: { toolResult: { id: 'nope', result: 5 } } },
      null,
      { role: 'user', content: { weird: true } },
    ] as never;
    const offered = await agent.selectTools(messages, agent.tools);
    expect(offered.length).toBeLessThanOrEqual(3);
  });
});
