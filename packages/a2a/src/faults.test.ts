import { defineTool } from '@toolarsenal/toolmodel';
import { createRunner } from '@toolarsenal/toolrun';
import { toolset } from '@toolarsenal/toolset';
import { afterEach, describe, expect, it } from 'vitest';
import { connectAgent } from './client/agent.js';
import { createA2AServer } from './server/server.js';
import { type SampleAgent, startSampleAgent } from './test-fixtures/sdk-agent.js';
import { startToolsetServer, type ToolsetServer } from './test-fixtures/toolset-server.js';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!();
});

async function sample(options: Parameters<typeof startSampleAgent>[0] = {}): Promise<SampleAgent> {
  const s = await startSampleAgent(options);
  cleanups.push(() => s.close());
  return s;
}

async function ours(): Promise<ToolsetServer> {
  const s = await startToolsetServer();
  cleanups.push(() => s.close());
  return s;
}

async function waitFor(check: () => boolean, ms = 5_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('an agent that never completes its task', () => {
  it.each([true, false])(
    'times out at the runner’s deadline and sends a cancel (streaming %s)',
    async (streaming) => {
      const s = await sample({ streaming });
      const agent = await connectAgent({ cardUrl: s.cardUrl, pollIntervalMs: 20, maxPollIntervalMs: 40 });
      const runner = createRunner({ executors: [agent.executor], tools: [...agent.tools] });
      const result = await runner.run(
        { name: 'forever', arguments: { message: 'wait' } },
        { timeoutMs: 300 },
      );
      expect(result.status).toBe('timeout');
      await waitFor(() => s.log.cancelled.length === 1);
      expect(s.log.runs.get('forever')).toBe(1);
    },
  );

  it('our server: the deadline cancels the remote task and aborts its handler', async () => {
    const s = await ours();
    const agent = await connectAgent({ cardUrl: s.url });
    const runner = createRunner({ executors: [agent.executor], tools: [...agent.tools] });
    const result = await runner.run({ name: 'slow', arguments: {} }, { timeoutMs: 300 });
    expect(result.status).toBe('timeout');
    await waitFor(() => s.log.aborted.length === 1);
    expect(s.log.runs.get('slow')).toBe(1);
  });
});

describe('a card that changes between fetch and call', () => {
  it('refuses the call to a changed skill (nothing runs), and refresh() picks up the change', async () => {
    const v1 = defineTool({
      name: 'quote',
      description: 'A quote',
      inputSchema: { type: 'object', properties: { symbol: { type: 'string' } }, required: ['symbol'] },
    });
    const v2 = defineTool({
      name: 'quote',
      description: 'A quote',
      inputSchema: { type: 'object', properties: { ticker: { type: 'string' } }, required: ['ticker'] },
    });
    let runs = 0;
    const start = async (tool: typeof v1, port?: number) => {
      const runner = createRunner();
      runner.register(tool, (args) => {
        runs++;
        return { price: 1, args };
      });
      const server = createA2AServer({
        runner,
        toolset: toolset('t').from([tool]).build(),
        card: { name: 'Quotes', description: 'quotes' },
      });
      const { url } = await server.listen(port === undefined ? {} : { port });
      return { server, url };
    };
    const first = await start(v1);
    const agent = await connectAgent({ cardUrl: first.url });
    await first.server.close();
    const second = await start(v2, Number(new URL(first.url).port));
    cleanups.push(() => second.server.close());
    const runner = createRunner({ executors: [agent.executor], tools: [...agent.tools] });
    const stale = await runner.run({ name: 'quote', arguments: { symbol: 'ACME' } });
    expect(stale.status).toBe('failure');
    expect(stale.error?.code).toBe('A2A_TASK_REJECTED');
    expect(stale.error?.message).toContain('changed since the agent card was read');
    expect(runs).toBe(0);
    const changes = await agent.refresh();
    expect(changes.changed.map((t) => t.name)).toEqual(['quote']);
    const fresh = createRunner({ executors: [agent.executor], tools: [...agent.tools] });
    const ok = await fresh.run({ name: 'quote', arguments: { ticker: 'ACME' } });
    expect(ok.result).toEqual({ price: 1, args: { ticker: 'ACME' } });
    expect(runs).toBe(1);
  });

  it('an agent that went away is a typed transport error, not a hang', async () => {
    const s = await startSampleAgent();
    const agent = await connectAgent({ cardUrl: s.cardUrl });
    await s.close();
    const runner = createRunner({ executors: [agent.executor], tools: [...agent.tools] });
    const result = await runner.run({ name: 'echo', arguments: { message: 'hi' } });
    expect(result.status).toBe('failure');
    expect(result.error?.code).toBe('A2A_TRANSPORT');
  });
});

describe('a 5 MB artifact', () => {
  it.each([true, false])(
    'SDK agent: arrives whole (streaming %s; an oversized event falls back to polling)',
    async (streaming) => {
      const s = await sample({ streaming });
      const agent = await connectAgent({ cardUrl: s.cardUrl, pollIntervalMs: 20 });
      const runner = createRunner({ executors: [agent.executor], tools: [...agent.tools] });
      const result = await runner.run({ name: 'big', arguments: { message: 'all of it' } });
      expect(result.status).toBe('success');
      expect((result.result as string).length).toBe(5 * 1024 * 1024);
      expect(s.log.runs.get('big')).toBe(1);
    },
  );

  it('our server: arrives whole and the tool ran once', async () => {
    const s = await ours();
    const agent = await connectAgent({ cardUrl: s.url, pollIntervalMs: 20 });
    const runner = createRunner({ executors: [agent.executor], tools: [...agent.tools] });
    const result = await runner.run({ name: 'big_report', arguments: {} });
    expect((result.result as string).length).toBe(5 * 1024 * 1024);
    expect(s.log.runs.get('big_report')).toBe(1);
  });

  it('a limit below the artifact is a typed error', async () => {
    const s = await sample({ streaming: false });
    const agent = await connectAgent({
      cardUrl: s.cardUrl,
      pollIntervalMs: 20,
      limits: { maxResponseBytes: 1024 * 1024 },
    });
    const runner = createRunner({ executors: [agent.executor], tools: [...agent.tools] });
    const result = await runner.run({ name: 'big', arguments: { message: 'all' } });
    expect(result.error?.code).toBe('A2A_RESPONSE_TOO_LARGE');
    expect(s.log.runs.get('big')).toBe(1);
  });
});

describe('100 concurrent tasks', () => {
  it('our client → our server: every call answered once', async () => {
    const s = await ours();
    const agent = await connectAgent({ cardUrl: s.url });
    const runner = createRunner({ executors: [agent.executor], tools: [...agent.tools] });
    const cities = Array.from({ length: 100 }, (_, i) => `city-${i}`);
    const results = await Promise.all(
      cities.map((city) => runner.run({ name: 'get_weather', arguments: { city } })),
    );
    expect(results.map((r) => (r.result as { city: string }).city)).toEqual(cities);
    expect(s.log.runs.get('get_weather')).toBe(100);
  });

  it.each([true, false])(
    'our client → SDK agent: every call answered once (streaming %s)',
    async (streaming) => {
      const s = await sample({ streaming });
      const agent = await connectAgent({ cardUrl: s.cardUrl, pollIntervalMs: 20, maxPollIntervalMs: 100 });
      const runner = createRunner({ executors: [agent.executor], tools: [...agent.tools] });
      const words = Array.from({ length: 100 }, (_, i) => `w${i}`);
      const results = await Promise.all(
        words.map((message) => runner.run({ name: 'echo', arguments: { message } })),
      );
      expect(results.map((r) => r.result)).toEqual(words.map((w) => `echo: ${w}`));
      expect(s.log.runs.get('echo')).toBe(100);
    },
  );
});
