import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { JSONRPCMessage } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { createRunner, type ExecutionUpdate } from '@toolarsenal/toolrun';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectMcp, createMcpPool, customTransport, http, type McpConnection } from './index.js';
import { stdio } from './stdio.js';
import { binOf, type RunningServer, startEverythingHttp } from './test-fixtures/real-servers.js';

// Our client driving real MCP servers from npm (no one here wrote them), through a toolrun Runner.
const everythingStdio = () =>
  stdio({
    command: process.execPath,
    args: [binOf('@modelcontextprotocol/server-everything'), 'stdio'],
    stderr: 'ignore',
  });

describe('server-everything over stdio', () => {
  let connection: McpConnection;
  beforeAll(async () => {
    connection = await connectMcp({ name: 'everything', transport: everythingStdio() });
  });
  afterAll(async () => {
    await connection.close();
  });

  it('imports its tools as canonical tools with annotations, titles and output schemas', () => {
    const byName = new Map(connection.tools().map((t) => [t.name, t]));
    const sum = byName.get('get-sum')!;
    expect(sum.id).toBe('everything:get-sum@1.0.0');
    expect(sum.source).toBe('mcp');
    expect(sum.title).toBe('Get Sum Tool');
    expect(sum.annotations).toMatchObject({ readOnlyHint: true, idempotentHint: true });
    expect(sum.inputSchema.required).toEqual(['a', 'b']);
    expect(byName.get('get-structured-content')!.outputSchema).toMatchObject({ type: 'object' });
    expect(connection.problems).toEqual([]);
    expect(connection.era).toBe('legacy');
  });

  it('calls tools through a runner: text, structured content, images', async () => {
    const runner = createRunner({ tools: [...connection.tools()], executors: [connection.executor] });
    const sum = await runner.run({ name: 'everything:get-sum@1.0.0', arguments: { a: 2, b: 40 } });
    expect(sum.status).toBe('success');
    expect(sum.result).toMatch(/42/);
    const structured = await runner.run({
      name: 'everything:get-structured-content@1.0.0',
      arguments: { location: 'New York' },
    });
    expect(structured.status).toBe('success');
    expect(structured.result).toMatchObject({ temperature: expect.any(Number) });
    const image = await runner.run({ name: 'everything:get-tiny-image@1.0.0', arguments: {} });
    expect(image.content?.some((b) => b.type === 'image' && b.mimeType === 'image/png')).toBe(true);
  });

  it('surfaces progress notifications as runner updates', async () => {
    const runner = createRunner({ tools: [...connection.tools()], executors: [connection.executor] });
    const updates: ExecutionUpdate[] = [];
    const result = await runner.run(
      { name: 'everything:trigger-long-running-operation@1.0.0', arguments: { duration: 0.3, steps: 3 } },
      { onUpdate: (u) => updates.push(u) },
    );
    expect(result.status).toBe('success');
    // Every step's notification arrives before the result settles the call, however the reads are
    // chunked (all three in one read under load): the connection settles responses in order.
    const progress = updates.filter((u) => u.type === 'progress') as { progress: number; total?: number }[];
    expect(progress.map((p) => p.progress)).toEqual([1, 2, 3]);
    expect(progress.every((p) => p.total === 3)).toBe(true);
  });

  it('cancels: the caller is released at once and the connection stays usable', async () => {
    const runner = createRunner({ tools: [...connection.tools()], executors: [connection.executor] });
    const controller = new AbortController();
    const running = runner.run(
      { name: 'everything:trigger-long-running-operation@1.0.0', arguments: { duration: 30, steps: 30 } },
      { signal: controller.signal },
    );
    setTimeout(() => controller.abort(), 50);
    const result = await running;
    expect(result.status).toBe('cancelled');
    const echo = await runner.run({ name: 'everything:echo@1.0.0', arguments: { message: 'still here' } });
    expect(echo.result).toBe('Echo: still here');
  });

  it('maps the deadline to a typed timeout', async () => {
    const runner = createRunner({ tools: [...connection.tools()], executors: [connection.executor] });
    const result = await runner.run(
      { name: 'everything:trigger-long-running-operation@1.0.0', arguments: { duration: 5, steps: 5 } },
      { timeoutMs: 200 },
    );
    expect(result.status).toBe('timeout');
    expect(result.error?.code).toBe('TIMEOUT');
  });

  it('maps protocol errors: unknown tool and invalid arguments', async () => {
    await expect(connection.callTool('no-such-tool', {})).resolves.toMatchObject({ isError: true });
    const bad = await connection.callTool('get-sum', { a: 'x' }).then(
      (r) => r,
      (e: unknown) => e,
    );
    // The v1 server either answers -32602 (typed INVALID_ARGUMENTS) or an isError result.
    if (bad instanceof Error)
      expect(bad).toMatchObject({ code: 'INVALID_ARGUMENTS', status: 'invalid_arguments' });
    else expect(bad).toMatchObject({ isError: true });
    const runner = createRunner({ tools: [...connection.tools()], executors: [connection.executor] });
    const unknown = await runner.run({ name: 'everything:no-such-tool@1.0.0', arguments: {} });
    expect(unknown.status).toBe('not_found');
  });
});

describe('server-everything list changes', () => {
  it('follows notifications/tools/list_changed', async () => {
    // Declaring elicitation makes the server register more tools after initialisation and
    // announce them with notifications/tools/list_changed; we record the wire to prove it.
    const seen: string[] = [];
    const transport = customTransport('stdio', 'everything', () => {
      const t = new StdioClientTransport({
        command: process.execPath,
        args: [binOf('@modelcontextprotocol/server-everything'), 'stdio'],
        stderr: 'ignore',
      });
      const start = t.start.bind(t);
      t.start = async () => {
        await start();
        const forward = t.onmessage;
        t.onmessage = (message: JSONRPCMessage) => {
          if ('method' in message) seen.push(message.method);
          forward?.(message);
        };
      };
      return t;
    });
    const connection = await connectMcp({
      name: 'everything',
      transport,
      era: 'legacy',
      onElicit: () => ({ action: 'decline' }),
    });
    try {
      await until(() => connection.tools().some((t) => t.name === 'trigger-elicitation-request'));
      expect(seen).toContain('notifications/tools/list_changed');
    } finally {
      await connection.close();
    }
  });
});

describe('server-everything over Streamable HTTP and HTTP+SSE', () => {
  let server: RunningServer;
  let sse: RunningServer;
  beforeAll(async () => {
    [server, sse] = await Promise.all([startEverythingHttp(), startEverythingHttp('sse')]);
  });
  afterAll(async () => {
    await Promise.all([server?.stop(), sse?.stop()]);
  });

  it('lists, calls and streams progress over Streamable HTTP', async () => {
    const connection = await connectMcp({ name: 'everything', transport: http(server.url) });
    try {
      expect(connection.tools().map((t) => t.name)).toContain('get-sum');
      const runner = createRunner({ tools: [...connection.tools()], executors: [connection.executor] });
      const updates: ExecutionUpdate[] = [];
      const long = await runner.run(
        { name: 'everything:trigger-long-running-operation@1.0.0', arguments: { duration: 0.2, steps: 2 } },
        { onUpdate: (u) => updates.push(u) },
      );
      expect(long.status).toBe('success');
      expect(updates.filter((u) => u.type === 'progress').length).toBeGreaterThanOrEqual(1);
      const controller = new AbortController();
      const cancelled = runner.run(
        { name: 'everything:trigger-long-running-operation@1.0.0', arguments: { duration: 30, steps: 30 } },
        { signal: controller.signal },
      );
      setTimeout(() => controller.abort(), 50);
      expect((await cancelled).status).toBe('cancelled');
      const sum = await runner.run({ name: 'everything:get-sum@1.0.0', arguments: { a: 1, b: 2 } });
      expect(sum.result).toMatch(/3/);
    } finally {
      await connection.close();
    }
  });

  it('the failed first transport is not a dropped connection: no reconnect races the fallback', async () => {
    const connection = await connectMcp({
      name: 'legacy',
      transport: http(sse.url),
      era: 'legacy',
      reconnect: { initialDelayMs: 0, maxDelayMs: 0 },
    });
    try {
      expect(connection.status).toBe('ready');
      expect(connection.lastError).toBeUndefined();
      const result = await connection.callTool('echo', { message: 'still the first connection' });
      expect(result.content).toEqual([{ type: 'text', text: 'Echo: still the first connection' }]);
    } finally {
      await connection.close();
    }
  });

  it('falls back to HTTP+SSE for a legacy SSE endpoint', async () => {
    const connection = await connectMcp({ name: 'legacy', transport: http(sse.url), era: 'legacy' });
    try {
      const result = await connection.callTool('echo', { message: 'over sse' });
      expect(result.content).toEqual([{ type: 'text', text: 'Echo: over sse' }]);
    } finally {
      await connection.close();
    }
  });
});

describe('server-filesystem and server-memory', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'toolarsenal-mcp-'));
    writeFileSync(join(dir, 'hello.txt'), 'hello from a temp dir\n');
  });
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it('reads and writes files in a temp dir, and refuses paths outside it', async () => {
    const pool = createMcpPool([
      {
        name: 'fs',
        transport: stdio({
          command: process.execPath,
          args: [binOf('@modelcontextprotocol/server-filesystem'), dir],
          stderr: 'ignore',
        }),
      },
      {
        name: 'memory',
        transport: stdio({
          command: process.execPath,
          args: [binOf('@modelcontextprotocol/server-memory')],
          env: { MEMORY_FILE_PATH: join(dir, 'memory.jsonl') },
          stderr: 'ignore',
        }),
      },
    ]);
    try {
      await pool.ready();
      expect(pool.status().map((s) => [s.name, s.status])).toEqual([
        ['fs', 'ready'],
        ['memory', 'ready'],
      ]);
      const runner = createRunner({ tools: [...pool.tools()], executors: [pool.executor] });
      const read = await runner.run({
        name: 'fs:read_text_file@1.0.0',
        arguments: { path: join(dir, 'hello.txt') },
      });
      expect(read.status).toBe('success');
      expect(JSON.stringify(read.content)).toContain('hello from a temp dir');
      const write = await runner.run({
        name: 'fs:write_file@1.0.0',
        arguments: { path: join(dir, 'new.txt'), content: 'written by the runner' },
      });
      expect(write.status).toBe('pending_confirmation'); // server-filesystem marks write_file destructive
      const confirmed = await runner.confirm(write.confirmation!.token);
      expect(confirmed.status).toBe('success');
      expect(readFileSync(join(dir, 'new.txt'), 'utf8')).toBe('written by the runner');
      const outside = await runner.run({
        name: 'fs:read_text_file@1.0.0',
        arguments: { path: '/etc/hostname' },
      });
      expect(outside.status).toBe('failure');
      expect(outside.error?.code).toBe('TOOL_ERROR');
      expect(outside.error?.message).toMatch(/denied|outside|not allowed/i);

      const created = await runner.run({
        name: 'memory:create_entities@1.0.0',
        arguments: {
          entities: [{ name: 'Ada', entityType: 'person', observations: ['wrote the first program'] }],
        },
      });
      expect(created.status).toBe('success');
      const graph = await runner.run({ name: 'memory:read_graph@1.0.0', arguments: {} });
      expect(JSON.stringify(graph.result ?? graph.content)).toContain('wrote the first program');
    } finally {
      await pool.close();
    }
  });
});

async function until(check: () => boolean, timeoutMs = 10_000): Promise<void> {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > timeoutMs) throw new Error('condition not reached');
    await new Promise((r) => setTimeout(r, 20));
  }
}
