import { ChatAnthropic } from '@langchain/anthropic';
import { AIMessage, HumanMessage, ToolMessage } from '@langchain/core/messages';
import { DynamicStructuredTool } from '@langchain/core/tools';
import { ChatOpenAI } from '@langchain/openai';
import { check } from '@toolarsenal/tooladapter';
import { createIndex } from '@toolarsenal/toolindex';
import type { Tool } from '@toolarsenal/toolmodel';
import { createRunner } from '@toolarsenal/toolrun';
import { deny, policy, toolset } from '@toolarsenal/toolset';
import { createAgent } from 'langchain';
import { loadMcpCorpus } from '@toolarsenal/toolkit-testing';
import { describe, expect, it } from 'vitest';
import { type ArsenalTool, fromLangChainTools, toLangChainTools, toolArsenalMiddleware } from './index.js';
import { RecordingModel } from './test-fixtures/recording-model.js';

/** All 527 tools in one runner (same-name tools of different servers side by side, kept by id). */
function convertAll(tools: readonly Tool[]): ArsenalTool[] {
  return toLangChainTools(tools, { runner: createRunner({ tools }) });
}

type Defs = Record<string, unknown>[];
/** The tools a provider model was bound to: ChatOpenAI keeps them in defaultOptions, others in a binding's config. */
function boundTools(bound: unknown): Defs {
  const b = bound as { defaultOptions?: { tools?: Defs }; config?: { tools?: Defs } };
  return b.defaultOptions?.tools ?? b.config?.tools ?? [];
}

describe('527 real MCP tools through LangChain', () => {
  const corpus = loadMcpCorpus();

  it('canonical → LangChain → canonical is lossless (same schema, same tool)', () => {
    expect(corpus).toHaveLength(527);
    const lc = convertAll(corpus);
    const byId = new Map(corpus.map((t) => [t.id, t]));
    expect(lc).toHaveLength(527);
    expect(new Set(lc.map((t) => t.name)).size).toBe(527);
    for (const tool of lc) expect(tool.schema, tool.name).toEqual(byId.get(tool.canonical.id)!.inputSchema);
    // Our own tools come back as exactly the canonical tool (content hash, every field).
    const back = fromLangChainTools(lc).tools;
    expect(back.map((t) => t.contentHash)).toEqual(lc.map((t) => t.canonical.contentHash));
    // The way a third party sees them: name, description and JSON schema of a plain LangChain tool.
    const plain = lc.map(
      (t) =>
        new DynamicStructuredTool({
          name: t.name,
          description: t.description,
          schema: structuredClone(t.schema) as Record<string, unknown>,
          func: async () => '',
        }),
    );
    const read = fromLangChainTools(plain).tools;
    read.forEach((tool, i) => {
      const original = lc[i]!.canonical;
      expect(tool.inputSchema, original.id).toEqual(original.inputSchema);
      expect(tool.description).toBe(original.description);
    });
  });

  it('binds to ChatOpenAI and ChatAnthropic (dummy keys, no network): every tool, its schema unchanged', () => {
    const lc = convertAll(corpus);
    const openai = new ChatOpenAI({ model: 'gpt-4o-mini', apiKey: 'sk-test-no-network' });
    const anthropic = new ChatAnthropic({ model: 'claude-sonnet-4-5', apiKey: 'sk-ant-test-no-network' });
    for (const strict of [undefined, false]) {
      const binding = openai.bindTools(lc, strict === undefined ? {} : { strict });
      const boundOpenAI = boundTools(binding);
      // The request the client would send carries them unchanged.
      expect(openai.invocationParams({ tools: boundOpenAI } as never).tools).toEqual(boundOpenAI);
      expect(boundOpenAI).toHaveLength(527);
      boundOpenAI.forEach((def, i) => {
        expect(def).toEqual({
          type: 'function',
          function: {
            name: lc[i]!.name,
            description: lc[i]!.description,
            parameters: lc[i]!.schema,
            ...(strict === undefined ? {} : { strict }),
          },
        });
      });
      expect(check(boundOpenAI, 'openai-chat')).toEqual([]);
    }
    const boundAnthropic = boundTools(anthropic.bindTools(lc));
    expect(anthropic.invocationParams({ tools: boundAnthropic } as never).tools).toEqual(boundAnthropic);
    // ChatAnthropic silently drops tools with a top-level anyOf/oneOf/allOf: none may be missing.
    expect(boundAnthropic).toHaveLength(527);
    boundAnthropic.forEach((def, i) => {
      expect(def).toEqual({
        name: lc[i]!.name,
        description: lc[i]!.description,
        input_schema: lc[i]!.schema,
      });
    });
    expect(check(boundAnthropic, 'anthropic')).toEqual([]);
  });

  it('createAgent over 500 real tools: only the selected tools reach the model, calls run through toolrun, denied tools never offered, bad arguments come back as tool errors', async () => {
    const tools = corpus.slice(0, 500);
    expect(tools).toHaveLength(500);
    const calls: string[] = [];
    const runner = createRunner({ defaults: { retry: false } });
    for (const tool of tools)
      runner.register(tool, (args) => {
        calls.push(tool.id);
        return { tool: tool.name, arguments: args };
      });
    const set = toolset('assistant')
      .from(tools)
      .policy(
        policy('read-only-files', {}, deny.tool('write_file', 'edit_file', 'move_file').because('no writes')),
      )
      .build();
    const lcTools = toLangChainTools(set, { runner });
    expect(lcTools.length).toBe(
      500 - tools.filter((t) => ['write_file', 'edit_file', 'move_file'].includes(t.name)).length,
    );
    const index = createIndex();
    index.add(tools);
    const stock = tools.find((t) => t.name === 'get_current_stock_price')!;

    const model = new RecordingModel()
      .respondWithTools([{ name: 'get_current_stock_price', args: { symbol: 'AAPL' }, id: 'c1' }])
      .respondWithTools([{ name: 'get_current_stock_price', args: { ticker: 'AAPL' }, id: 'c2' }])
      .respond(new AIMessage('Apple trades at …'))
      .respond(new AIMessage('I cannot write files.'));
    const agent = createAgent({
      model,
      tools: lcTools,
      middleware: [toolArsenalMiddleware({ index, limit: 8 })],
    });
    const out = await agent.invoke({
      messages: [new HumanMessage('What is the current stock price of Apple (AAPL)?')],
    });
    expect(model.offered).toHaveLength(3);
    for (const offered of model.offered) {
      expect(offered.length).toBeLessThanOrEqual(8);
      expect(offered).toContain('get_current_stock_price');
    }
    const results = out.messages.filter((m): m is ToolMessage => ToolMessage.isInstance(m));
    expect(results.map((m) => m.status)).toEqual(['success', 'error']);
    expect(results[1]!.text).toContain('/symbol: is required but missing');
    expect(calls).toEqual([stock.id]);

    await agent.invoke({
      messages: [new HumanMessage('Write the text "hello" into the file notes.txt and move it to /archive')],
    });
    const offeredForWrite = model.offered[3]!;
    expect(offeredForWrite.length).toBeGreaterThan(0);
    for (const denied of ['write_file', 'edit_file', 'move_file'])
      expect(offeredForWrite).not.toContain(denied);
  });
});
