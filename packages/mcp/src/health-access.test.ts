import { defineTool } from '@toolarsenal/toolmodel';
import { createRunner } from '@toolarsenal/toolrun';
import { policy, toolset } from '@toolarsenal/toolset';
import { afterEach, describe, expect, it } from 'vitest';
import { createMcpServer, McpError, type ToolArsenalMcpServer } from './index.js';
import { listen } from './node.js';
import { connectInProcess } from './test-fixtures/harness.js';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!();
});

const tools = [
  defineTool({ name: 'search', namespace: 'docs', description: 'Search the docs.' }),
  defineTool({ name: 'search', namespace: 'web', description: 'Search the web.' }),
  defineTool({ name: 'wipe', namespace: 'admin', description: 'Wipe everything.', capabilities: ['wipe'] }),
];

const connect = (server: ToolArsenalMcpServer) => connectInProcess(server, cleanups);

describe('listen: health endpoint', () => {
  it('answers GET /healthz with ok by default, and the given report (503 when down)', async () => {
    const server = createMcpServer({ tools, mode: 'static' });
    cleanups.push(() => server.close());
    let report: { status: 'ok' | 'degraded' | 'down'; sources: { name: string; status: string }[] } = {
      status: 'degraded',
      sources: [{ name: 'docs', status: 'connected' }],
    };
    const plain = await listen(server, { port: 0 });
    cleanups.push(() => plain.close());
    const base = plain.url.replace(/\/mcp$/, '');
    const ok = await fetch(`${base}/healthz`);
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ status: 'ok' });

    const reported = await listen(server, { port: 0, health: () => report });
    cleanups.push(() => reported.close());
    const rbase = reported.url.replace(/\/mcp$/, '');
    const degraded = await fetch(`${rbase}/healthz`);
    expect(degraded.status).toBe(200);
    expect(await degraded.json()).toEqual(report);
    report = { status: 'down', sources: [] };
    expect((await fetch(`${rbase}/healthz`)).status).toBe(503);
    expect((await fetch(`${rbase}/healthz`, { method: 'POST' })).status).toBe(405);
    expect((await fetch(`${rbase}/elsewhere`)).status).toBe(404);
  });

  it('a health callback that throws answers 503 (down) instead of crashing; bad options are refused', async () => {
    const server = createMcpServer({ tools });
    cleanups.push(() => server.close());
    const serving = await listen(server, {
      port: 0,
      healthPath: '/status',
      health: () => {
        throw new Error('pool closed');
      },
    });
    cleanups.push(() => serving.close());
    const res = await fetch(serving.url.replace(/\/mcp$/, '/status'));
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ status: 'down', error: 'pool closed' });
    await expect(listen(server, { healthPath: '/mcp' })).rejects.toThrow(McpError);
    await expect(listen(server, { healthPath: 'healthz' })).rejects.toThrow(/healthPath/);
  });
});

describe('access: one decision path through the runner', () => {
  it('the default runner enforces the toolset as its policy; a tool the runner refuses is not listed', async () => {
    const set = toolset('guarded')
      .from(tools)
      .policy(policy('p', {}, { effect: 'deny', match: { namespace: ['web'] }, reason: 'no web' }))
      .build();
    const server = createMcpServer({ toolset: set, mode: 'static' });
    cleanups.push(() => server.close());
    const client = await connect(server);
    // Both `search` tools are served (distinct ids); the denied one is neither listed nor callable.
    const listed = (await client.listTools()).tools.map((t) => t.name);
    expect(listed).toEqual(['docs_search', 'admin_wipe']);
    const denied = await client.callTool({ name: 'web_search', arguments: {} });
    expect(denied.isError).toBe(true);
    expect(JSON.stringify(denied.content)).toMatch(/TOOL_NOT_FOUND/);
  });

  it('a given runner decides listing too (its policy and the declared capabilities)', async () => {
    const runner = createRunner({
      policy: {
        evaluate: (_p, tool) =>
          tool.namespace === 'docs'
            ? { allow: false, reason: 'docs closed', obligations: { confirmation: false, audit: false } }
            : { allow: true, reason: 'open', obligations: { confirmation: false, audit: false } },
      },
    });
    for (const tool of tools) runner.register(tool, () => 'ran');
    const server = createMcpServer({
      tools,
      runner,
      mode: 'static',
      principal: () => ({ id: 'caller', capabilities: [] }),
    });
    cleanups.push(() => server.close());
    const client = await connect(server);
    expect((await client.listTools()).tools.map((t) => t.name)).toEqual(['web_search']);
  });

  it('refuses a toolset with a runner that does not enforce it', () => {
    const set = toolset('s').from(tools).build();
    expect(() => createMcpServer({ toolset: set, runner: createRunner() })).toThrow(/policy/);
    const server = createMcpServer({ toolset: set, runner: createRunner({ policy: set }) });
    return server.close();
  });
});

describe('listen: graceful close', () => {
  it('with graceMs, a request under way is answered before the server closes', async () => {
    const slow = defineTool({ name: 'slow', description: 'Answers after a while.' });
    const runner = createRunner();
    runner.register(slow, () => new Promise((resolve) => setTimeout(() => resolve('done'), 300)));
    const server = createMcpServer({ tools: [slow], runner, mode: 'static' });
    cleanups.push(() => server.close());
    const serving = await listen(server, { port: 0 });
    const { Client: HttpClient, StreamableHTTPClientTransport } =
      await import('@modelcontextprotocol/client');
    const client = new HttpClient({ name: 'test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(serving.url)));
    cleanups.push(() => client.close());
    const call = client.callTool({ name: 'slow', arguments: {} });
    await new Promise((resolve) => setTimeout(resolve, 100));
    await serving.close({ graceMs: 5_000 });
    expect(JSON.stringify((await call).content)).toContain('done');
    await expect(fetch(serving.url, { method: 'POST' })).rejects.toThrow();
  });
});

describe('listen: request bodies', () => {
  it('refuses a body that is not JSON (400 parse error) or over the size limit (413), and still serves good calls', async () => {
    const server = createMcpServer({ tools, mode: 'static' });
    cleanups.push(() => server.close());
    const serving = await listen(server, { port: 0 });
    cleanups.push(() => serving.close());
    const post = (body: string, contentType = 'application/json') =>
      fetch(serving.url, {
        method: 'POST',
        headers: { 'content-type': contentType, accept: 'application/json, text/event-stream' },
        body,
      });
    const broken = await post('{"jsonrpc": "2.0", "method": ');
    expect(broken.status).toBe(400);
    expect(await broken.json()).toMatchObject({ error: { code: -32700, message: /not valid JSON/ } });
    const empty = await post('');
    expect(empty.status).toBe(400);
    const huge = await post(`{"x":"${'a'.repeat(4 * 1024 * 1024 + 1)}"}`);
    expect(huge.status).toBe(413);
    expect(await huge.json()).toMatchObject({ error: { message: /Payload Too Large/ } });
    // Not JSON at all: left to the SDK, which answers 415.
    expect((await post('hello', 'text/plain')).status).toBe(415);
    const { Client: HttpClient, StreamableHTTPClientTransport } =
      await import('@modelcontextprotocol/client');
    const client = new HttpClient({ name: 'test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(serving.url)));
    cleanups.push(() => client.close());
    expect((await client.listTools()).tools.map((t) => t.name).sort()).toEqual(
      ['docs_search', 'web_search', 'admin_wipe'].sort(),
    );
  });
});
