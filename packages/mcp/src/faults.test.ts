import { fileURLToPath } from 'node:url';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { createRunner } from '@toolarsenal/toolrun';
import { afterEach, describe, expect, it } from 'vitest';
import { connectMcp, createMcpPool, customTransport, http, McpError } from './index.js';
import { stdio } from './stdio.js';
import { runs } from './test-fixtures/fixture-tools.js';
import { fixtureCommand, serveFixtureHttp } from './test-fixtures/harness.js';

// Each fault ends in a typed error or a result: nothing hangs, no call runs twice.
const RAW = fileURLToPath(new URL('./test-fixtures/raw-server.mjs', import.meta.url));
const raw = (behaviour: string) =>
  stdio({ command: process.execPath, args: [RAW, behaviour], stderr: 'ignore' });
const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!();
});

describe('faults', () => {
  it('a server process killed mid-call: typed transport error, tools stay listed but unhealthy, then it comes back', async () => {
    let pid: number | null = null;
    const transport = customTransport('stdio', 'fixture', () => {
      const t = new StdioClientTransport({ ...fixtureCommand('static'), stderr: 'ignore' });
      const start = t.start.bind(t);
      t.start = async () => {
        await start();
        pid = t.pid;
      };
      return t;
    });
    const pool = createMcpPool([
      {
        name: 'fixture',
        transport,
        era: 'legacy',
        namespace: false,
        reconnect: { initialDelayMs: 400, maxDelayMs: 800 },
      },
    ]);
    cleanups.push(() => pool.close());
    await pool.ready();
    const connection = pool.get('fixture')!;
    const runner = createRunner({ tools: [...pool.tools()], executors: [pool.executor] });
    const waitTool = pool.tools().find((t) => t.name === 'wait')!;
    const running = runner.run({ name: waitTool.id, arguments: { ms: 20_000 } });
    await new Promise((r) => setTimeout(r, 300));
    process.kill(pid!, 'SIGKILL');
    const result = await running;
    expect(result.status).toBe('failure');
    expect(result.error?.code).toBe('MCP_TRANSPORT_ERROR');
    expect(result.error?.retryable).toBe(false);
    expect(result.attempt).toBe(1);
    // Down: still listed, unhealthy, calls fail fast without being sent.
    expect(pool.tools().some((t) => t.name === 'wait')).toBe(true);
    expect(connection.status).toBe('reconnecting');
    expect(pool.health(waitTool)).toBe(0);
    const fast = await runner.run({
      name: pool.tools().find((t) => t.name === 'echo')!.id,
      arguments: { text: 'x' },
    });
    expect(fast.error?.code).toBe('MCP_SERVER_UNAVAILABLE');
    await until(() => connection.status === 'ready');
    expect(pool.health(waitTool)).toBe(1);
    const echo = await runner.run({
      name: pool.tools().find((t) => t.name === 'echo')!.id,
      arguments: { text: 'back' },
    });
    expect(echo.result).toBe('back');
  });

  it('a server that never answers the handshake: connect fails with a typed error in time', async () => {
    const error = await connectMcp({
      name: 'silent',
      transport: raw('hang-connect'),
      era: 'legacy',
      connectTimeoutMs: 300,
      reconnect: false,
    }).catch((e: unknown) => e);
    expect(McpError.isInstance(error)).toBe(true);
    expect((error as McpError).code).toBe('MCP_CONNECT_FAILED');
  });

  it('a server that never answers a call: typed timeout', async () => {
    const connection = await connectMcp({ name: 'hang', transport: raw('hang-call'), era: 'legacy' });
    cleanups.push(() => connection.close());
    const runner = createRunner({ tools: [...connection.tools()], executors: [connection.executor] });
    const result = await runner.run({ name: 'hang:call_me@1.0.0', arguments: {} }, { timeoutMs: 200 });
    expect(result.status).toBe('timeout');
    expect(result.attempt).toBe(1);
  });

  it('a server sending malformed JSON-RPC: typed errors, no hang', async () => {
    const connection = await connectMcp({
      name: 'bad',
      transport: raw('malformed'),
      era: 'legacy',
      reconnect: false,
    });
    cleanups.push(() => connection.close());
    const runner = createRunner({
      tools: [...connection.tools()],
      executors: [connection.executor],
      defaults: { timeoutMs: 500 },
    });
    // A line that is not JSON is dropped by the SDK (reported to onerror): the call it was meant
    // to answer ends at its deadline, and the connection stays usable.
    const first = await runner.run({ name: 'bad:call_me@1.0.0', arguments: {} });
    expect(first.status).toBe('timeout');
    expect(connection.status).toBe('ready');
    // A response of the wrong shape is a typed protocol error.
    const second = await runner.run({ name: 'bad:call_me@1.0.0', arguments: {} });
    expect(second.status).toBe('failure');
    expect(second.error?.code).toBe('MCP_PROTOCOL_ERROR');
  });

  it('structuredContent that breaks the declared outputSchema is a typed INVALID_OUTPUT failure', async () => {
    const connection = await connectMcp({ name: 'out', transport: raw('badoutput'), era: 'legacy' });
    cleanups.push(() => connection.close());
    expect(connection.tools()[0]!.outputSchema).toMatchObject({ required: ['n'] });
    const runner = createRunner({ tools: [...connection.tools()], executors: [connection.executor] });
    const result = await runner.run({ name: 'out:call_me@1.0.0', arguments: {} });
    expect(result.status).toBe('failure');
    expect(result.error?.code).toBe('INVALID_OUTPUT');
  });

  it('a 5 MB result arrives whole', async () => {
    const connection = await connectMcp({ name: 'big', transport: raw('big'), era: 'legacy' });
    cleanups.push(() => connection.close());
    const runner = createRunner({ tools: [...connection.tools()], executors: [connection.executor] });
    const result = await runner.run({ name: 'big:call_me@1.0.0', arguments: {} });
    expect(result.status).toBe('success');
    expect((result.result as string).length).toBe(5_000_000);
  });

  it.each(['stdio', 'http'] as const)(
    '100 concurrent calls over %s: every one answered once',
    async (kind) => {
      let transport;
      if (kind === 'http') {
        const fixture = await serveFixtureHttp('static');
        cleanups.push(() => fixture.close());
        transport = http(fixture.http.url);
      } else {
        transport = stdio({ ...fixtureCommand('static'), stderr: 'ignore' });
      }
      const connection = await connectMcp({ name: 'fixture', transport, namespace: false, era: 'legacy' });
      cleanups.push(() => connection.close());
      const runner = createRunner({ tools: [...connection.tools()], executors: [connection.executor] });
      const before = runs.get('add') ?? 0;
      const results = await Promise.all(
        Array.from({ length: 100 }, (_, i) =>
          runner.run({ name: 'math:add@1.0.0', arguments: { a: i, b: 1000 } }),
        ),
      );
      expect(results.map((r) => r.status)).toEqual(Array(100).fill('success'));
      expect(results.map((r) => (r.result as { sum: number }).sum)).toEqual(
        Array.from({ length: 100 }, (_, i) => i + 1000),
      );
      expect(results.every((r) => r.attempt === 1)).toBe(true);
      // Over HTTP the handlers run in this process, so the executions can be counted exactly.
      if (kind === 'http') expect(runs.get('add')).toBe(before + 100);
    },
  );
});

async function until(check: () => boolean, timeoutMs = 15_000): Promise<void> {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > timeoutMs) throw new Error('condition not reached');
    await new Promise((r) => setTimeout(r, 20));
  }
}
