import { ToolMessage } from '@langchain/core/messages';
import { DynamicStructuredTool, tool as lcTool } from '@langchain/core/tools';
import { createIndex } from '@toolarsenal/toolindex';
import { defineTool } from '@toolarsenal/toolmodel';
import { createRunner } from '@toolarsenal/toolrun';
import { obligate, policy, toolset } from '@toolarsenal/toolset';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  canonicalIdOf,
  fromLangChainTools,
  isArsenalTool,
  ToolIndexRetriever,
  ToolkitError,
  toLangChainTools,
  ToolNames,
} from './index.js';
import { catalogRunner, loadCatalog, weatherTool as weather } from '@toolarsenal/toolkit-testing';

describe('toLangChainTools', () => {
  it('keeps the canonical JSON Schema as the tool schema and answers ToolMessages for tool calls', async () => {
    const runner = createRunner();
    runner.register(weather, ({ city }) => `${String(city)}: 21°C`);
    const [tool] = toLangChainTools([weather], { runner });
    expect(isArsenalTool(tool)).toBe(true);
    expect(tool!.schema).toBe(weather.inputSchema);
    expect(tool!.responseFormat).toBe('content');
    expect(canonicalIdOf(tool)).toBe('demo:get_weather@1.0.0');
    const ok = await tool!.invoke({
      type: 'tool_call',
      id: 'a',
      name: 'get_weather',
      args: { city: 'Oslo' },
    });
    expect(ok).toBeInstanceOf(ToolMessage);
    expect([ok.status, ok.text, ok.tool_call_id]).toEqual(['success', 'Oslo: 21°C', 'a']);
    // Direct invocation with plain arguments returns the text, like any LangChain tool.
    expect(await tool!.invoke({ city: 'Rome' })).toBe('Rome: 21°C');
    const bad = await tool!.invoke({ type: 'tool_call', id: 'b', name: 'get_weather', args: { city: 3 } });
    expect(bad.status).toBe('error');
    expect(bad.text).toContain('/city: must be string');
  });

  it('throwOnError turns failures into ToolkitError (TOOLKIT_CALL_FAILED) with the runner status', async () => {
    const runner = createRunner();
    runner.register(weather, () => 'x');
    const [tool] = toLangChainTools([weather], { runner, throwOnError: true });
    const error = await tool!.invoke({ city: 1 }).catch((e: unknown) => e);
    expect(ToolkitError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({
      code: 'TOOLKIT_CALL_FAILED',
      status: 'invalid_arguments',
      errorCode: 'INVALID_ARGUMENTS',
    });
  });

  it('confirmation: the policy obligation and the runner rule ask `confirm`; a declined call never runs', async () => {
    const tools = loadCatalog();
    const { runner, calls } = catalogRunner(tools);
    const set = toolset('s')
      .from(tools)
      .policy(policy('p', {}, obligate.tool('send_email').confirm('emails leave the company')))
      .build();
    const asked: string[] = [];
    let answer = false;
    const lc = toLangChainTools(set, {
      runner,
      confirm: ({ tool, reason }) => {
        asked.push(`${tool.name}: ${reason}`);
        return answer;
      },
    });
    const byName = (n: string) => lc.find((t) => t.name === n)!;
    const mail = { to: ['a@example.com'], subject: 'hi', body: 'hello' };
    const declined = await byName('send_email').invoke({
      type: 'tool_call',
      id: '1',
      name: 'send_email',
      args: mail,
    });
    expect([declined.status, declined.text]).toEqual([
      'error',
      'Error [CONFIRMATION_REJECTED]: The user declined the call to "send_email". Do not repeat it unless the user asks.',
    ]);
    answer = true;
    const sent = await byName('send_email').invoke({
      type: 'tool_call',
      id: '2',
      name: 'send_email',
      args: mail,
    });
    expect(sent.status).toBe('success');
    // delete_* needs confirmation by the runner's default rule.
    const deleted = await byName('delete_file').invoke({
      type: 'tool_call',
      id: '3',
      name: 'delete_file',
      args: { path: '/tmp/x' },
    });
    expect(deleted.status).toBe('success');
    expect(asked).toEqual([
      'send_email: emails leave the company',
      'send_email: emails leave the company',
      'delete_file: the tool is marked destructive',
    ]);
    expect(calls.map((c) => c.id)).toEqual(['mail:send_email@1.0.0', 'files:delete_file@1.0.0']);
  });

  it('without a confirm handler a call needing confirmation does not run and says so', async () => {
    const tools = loadCatalog();
    const { runner, calls } = catalogRunner(tools);
    const del = toLangChainTools(tools, { runner }).find((t) => t.name === 'delete_file')!;
    const answer = await del.invoke({ type: 'tool_call', id: '1', name: 'delete_file', args: { path: 'a' } });
    expect(answer.status).toBe('error');
    expect(answer.text).toMatch(
      /^Error \[CONFIRMATION_REQUIRED\]: The call to "delete_file" is waiting for the user's confirmation/,
    );
    expect(calls).toEqual([]);
  });

  it('maps clashing and invalid names collision-free and keeps them fixed in a shared registry', () => {
    const a = defineTool({ name: 'search', namespace: 'docs', description: 'Search docs.' });
    const b = defineTool({ name: 'search', namespace: 'web', description: 'Search the web.' });
    const c = defineTool({ name: 'lookup.v2', namespace: 'web', description: 'Lookup.' });
    const names = new ToolNames();
    const runnerA = createRunner({ tools: [a, c] });
    const runnerB = createRunner({ tools: [b] });
    const first = toLangChainTools([a, c], { runner: runnerA, names });
    const second = toLangChainTools([b], { runner: runnerB, names });
    expect(first.map((t) => t.name)).toEqual(['search', 'lookup_v2']);
    // Named once, a tool keeps its name; the later same-name tool is qualified by its namespace.
    expect(second[0]!.name).toBe('web_search');
    expect(names.idOf(second[0]!.name)).toBe('web:search@1.0.0');
  });

  it('refuses a tool the runner does not hold, naming the same-name tool it holds instead', () => {
    const a = defineTool({ name: 'search', namespace: 'docs', description: 'Search docs.' });
    const b = defineTool({ name: 'search', namespace: 'web', description: 'Search the web.' });
    expect(() => toLangChainTools([a, b], { runner: createRunner({ tools: [b] }) })).toThrow(
      /does not hold tool "docs:search@1.0.0".*holds "web:search@1.0.0" under the name "search"/,
    );
    // Same-name tools of two namespaces live side by side in one runner (kept by id).
    expect(toLangChainTools([a, b], { runner: createRunner({ tools: [a, b] }) })).toHaveLength(2);
  });
});

describe('fromLangChainTools', () => {
  it('reads Zod and JSON-schema tools into canonical tools and runs them through the runner', async () => {
    const add = lcTool(({ a, b }: { a: number; b: number }) => String(a + b), {
      name: 'add',
      description: 'Add two numbers.',
      schema: z.object({ a: z.number(), b: z.number() }),
    });
    const echo = new DynamicStructuredTool({
      name: 'echo',
      description: 'Echo text.',
      schema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
      responseFormat: 'content_and_artifact',
      func: async ({ text }: { text: string }) => [text, { echoed: text }],
    });
    const failing = lcTool(
      () => {
        throw new Error('backend down');
      },
      { name: 'broken', description: 'Always fails.', schema: z.object({}) },
    );
    const { tools, executor } = fromLangChainTools([add, echo, failing], { namespace: 'lc' });
    expect(tools.map((t) => [t.id, t.source])).toEqual([
      ['lc:add@1.0.0', 'langchain'],
      ['lc:echo@1.0.0', 'langchain'],
      ['lc:broken@1.0.0', 'langchain'],
    ]);
    expect(tools[0]!.inputSchema).toMatchObject({
      type: 'object',
      properties: { a: { type: 'number' }, b: { type: 'number' } },
      required: ['a', 'b'],
    });
    const runner = createRunner({ executors: [executor], tools });
    expect(await runner.run({ name: 'lc:add@1.0.0', arguments: { a: 2, b: 3 } })).toMatchObject({
      status: 'success',
      result: '5',
    });
    expect(await runner.run({ name: 'lc:echo@1.0.0', arguments: { text: 'hi' } })).toMatchObject({
      result: { echoed: 'hi' },
    });
    expect(await runner.run({ name: 'lc:add@1.0.0', arguments: { a: 'x' } })).toMatchObject({
      status: 'invalid_arguments',
    });
    const broken = await runner.run({ name: 'lc:broken@1.0.0', arguments: {} });
    expect(broken.status).toBe('failure');
    expect(broken.error?.message).toContain('backend down');
  });

  it('gives tools made by toLangChainTools back exactly (same canonical tool)', () => {
    const tools = loadCatalog();
    const { runner } = catalogRunner(tools);
    const back = fromLangChainTools(toLangChainTools(tools, { runner })).tools;
    expect(back.map((t) => t.contentHash)).toEqual(tools.map((t) => t.contentHash));
  });

  it('adds to an existing executor and refuses duplicate ids', () => {
    const one = lcTool(() => '1', { name: 'one', description: '', schema: z.object({}) });
    const first = fromLangChainTools([one], { namespace: 'x' });
    const again = fromLangChainTools(
      [lcTool(() => '2', { name: 'two', description: '', schema: z.object({}) })],
      {
        namespace: 'x',
        executor: first.executor,
      },
    );
    expect(again.executor).toBe(first.executor);
    expect(first.executor.has('x:two@1.0.0')).toBe(true);
    expect(() => fromLangChainTools([one, one])).toThrow(/a second tool with the id "one@1.0.0"/);
  });
});

describe('ToolIndexRetriever', () => {
  it('returns tool documents with ids and scores', async () => {
    const index = createIndex();
    index.add(loadCatalog());
    const retriever = new ToolIndexRetriever({ index, k: 2 });
    const docs = await retriever.invoke('refund a payment to a customer');
    expect(docs[0]!.metadata).toMatchObject({
      id: 'payments:refund_payment@1.0.0',
      name: 'refund_payment',
      namespace: 'payments',
    });
    expect(docs[0]!.pageContent).toContain('Refund a captured payment fully or partly.');
    expect(docs[0]!.pageContent).toContain('- payment_id (required): Payment id');
    expect(docs.length).toBeLessThanOrEqual(2);
    expect(await retriever.invoke('   ')).toEqual([]);
  });
});
