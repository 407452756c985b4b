import { InMemoryTransport } from '@modelcontextprotocol/client';
import { defineTool, type Tool } from '@toolarsenal/toolmodel';
import { createRunner } from '@toolarsenal/toolrun';
import { toolset } from '@toolarsenal/toolset';
import { afterEach, describe, expect, it } from 'vitest';
import { connectMcp, createMcpServer, customTransport, http, type McpConnection } from './index.js';
import { FIXTURE_TOOLS, PIXEL_PNG, runs } from './test-fixtures/fixture-tools.js';
import { listen } from './node.js';
import { type HttpFixture, serveFixtureHttp } from './test-fixtures/harness.js';

// Our client talking to our server: a toolset goes through MCP and comes back unchanged.
const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!();
});

async function fixtureOverHttp(mode: 'static' | 'dynamic' = 'static'): Promise<HttpFixture> {
  const fixture = await serveFixtureHttp(mode);
  cleanups.push(() => fixture.close());
  return fixture;
}

async function client(url: string, era: 'legacy' | 'modern' | 'auto' = 'auto'): Promise<McpConnection> {
  const connection = await connectMcp({ name: 'remote', transport: http(url), namespace: false, era });
  cleanups.push(() => connection.close());
  return connection;
}

describe('round trip through MCP', () => {
  it.each(['legacy', 'modern'] as const)('keeps every tool exactly (%s era)', async (era) => {
    const fixture = await fixtureOverHttp();
    const connection = await client(fixture.http.url, era);
    expect(connection.era).toBe(era);
    const back = new Map(connection.tools().map((t) => [t.id, t]));
    for (const tool of FIXTURE_TOOLS) {
      const returned = back.get(tool.id);
      expect(returned, tool.id).toBeDefined();
      expect(returned!.contentHash, tool.id).toBe(tool.contentHash);
      expect(returned!.outputSchema).toEqual(tool.outputSchema);
      expect(returned!.capabilities).toEqual(tool.capabilities);
    }
    expect(connection.tools()).toHaveLength(FIXTURE_TOOLS.length);
    const raw = (await connection.client!.listTools(undefined, { cacheMode: 'bypass' })) as {
      ttlMs?: number;
      cacheScope?: string;
    };
    if (era === 'modern') expect(raw).toMatchObject({ ttlMs: 60_000, cacheScope: 'private' });
    else expect(raw.ttlMs).toBeUndefined();
  });

  it('round-trips results: structured content, images, typed errors', async () => {
    const fixture = await fixtureOverHttp();
    const connection = await client(fixture.http.url);
    const runner = createRunner({
      tools: [...connection.tools()],
      executors: [connection.executor],
      defaults: { retry: false },
    });
    const sum = await runner.run({ name: 'math:add@1.0.0', arguments: { a: 20, b: 22 } });
    expect(sum).toMatchObject({ status: 'success', result: { sum: 42 } });
    const pixel = await runner.run({ name: 'image:pixel@1.0.0', arguments: {} });
    expect(pixel.content).toEqual([{ type: 'image', data: PIXEL_PNG, mimeType: 'image/png' }]);
    const boom = await runner.run({ name: 'fail:boom@1.0.0', arguments: {} });
    expect(boom.status).toBe('failure');
    expect(boom.error?.code).toBe('BOOM');
    expect(boom.error?.message).toContain('the boom tool exploded');
    // Arguments the remote runner refuses come back as the same typed error.
    const bad = await connection.callTool('math_add', { a: 'x', b: 1 });
    expect(bad.isError).toBe(true);
    await expect(
      runner.run({ name: 'math:add@1.0.0', arguments: { a: 1, b: 2, c: 3 } }).then((r) => r.status),
    ).resolves.toBe('invalid_arguments');
  });

  it('serves a dynamic server to a client: find, describe and call through the meta-tools', async () => {
    const fixture = await fixtureOverHttp('dynamic');
    const connection = await client(fixture.http.url);
    expect(connection.tools().map((t) => t.name)).toEqual(['find_tools', 'describe_tool', 'call_tool']);
    const found = await connection.callTool('find_tools', { query: 'delete a file' });
    expect((found.structuredContent as { tools: { id: string }[] }).tools[0]!.id).toBe('files_delete_file');
  });
});

describe('list changes', () => {
  function liveSource(initial: Tool[]) {
    let tools = initial;
    const listeners = new Set<() => void>();
    return {
      list: () => tools,
      subscribe(listener: () => void) {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
      set(next: Tool[]) {
        tools = next;
        for (const l of listeners) l();
      },
    };
  }
  const extra = defineTool({ name: 'late', description: 'Added after the client connected.' });

  it('notifies connected 2025-era clients (a stateful connection)', async () => {
    const source = liveSource([...FIXTURE_TOOLS]);
    const server = createMcpServer({ tools: source, mode: 'static', listChangedDebounceMs: 10 });
    cleanups.push(() => server.close());
    const transport = customTransport('memory', 'in-process', async () => {
      const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
      await server.factory({ era: 'legacy' }).connect(serverSide);
      return clientSide;
    });
    const connection = await connectMcp({ name: 'live', transport, era: 'legacy', namespace: false });
    cleanups.push(() => connection.close());
    // The connection is a change-notifying source: a live toolset over it follows along.
    const set = toolset('remote').from(connection).live().build();
    expect(set.size).toBe(FIXTURE_TOOLS.length);
    const changed = new Promise<void>((resolve) => connection.subscribe(resolve));
    source.set([...FIXTURE_TOOLS, extra]);
    await changed;
    expect(connection.tools().map((t) => t.name)).toContain('late');
    expect(set.has('late@1.0.0')).toBe(true);
  });

  it('notifies 2026-era clients over HTTP through subscriptions/listen', async () => {
    const source = liveSource([...FIXTURE_TOOLS]);
    const server = createMcpServer({ tools: source, mode: 'static', listChangedDebounceMs: 10 });
    const serving = await listen(server);
    cleanups.push(async () => {
      await serving.close();
      await server.close();
    });
    const connection = await client(serving.url, 'modern');
    const changed = new Promise<void>((resolve) => connection.subscribe(resolve));
    source.set([...FIXTURE_TOOLS, extra]);
    await changed;
    expect(connection.tools().map((t) => t.name)).toContain('late');
  });
});

describe('confirmation', () => {
  it('asks through elicitation on a 2025-era connection and runs once when accepted', async () => {
    const fixture = await fixtureOverHttp();
    const server = createMcpServer({ tools: FIXTURE_TOOLS, runner: fixture.runner, mode: 'static' });
    cleanups.push(() => server.close());
    const asked: string[] = [];
    const transport = customTransport('memory', 'in-process', async () => {
      const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
      await server.factory({ era: 'legacy' }).connect(serverSide);
      return clientSide;
    });
    const connection = await connectMcp({
      name: 'confirming',
      transport,
      era: 'legacy',
      namespace: false,
      onElicit: (request) => {
        asked.push(request.message);
        return { action: 'accept', content: { confirm: !request.message.includes('keep.txt') } };
      },
    });
    cleanups.push(() => connection.close());
    const before = runs.get('delete_file') ?? 0;
    const accepted = await connection.callTool('files_delete_file', { path: 'a.txt' });
    expect(accepted.content).toEqual([{ type: 'text', text: 'deleted a.txt' }]);
    expect(runs.get('delete_file')).toBe(before + 1);
    const declined = await connection.callTool('files_delete_file', { path: 'keep.txt' });
    expect(declined.isError).toBe(true);
    expect(JSON.stringify(declined.content)).toContain('CONFIRMATION_REJECTED');
    expect(runs.get('delete_file')).toBe(before + 1);
    expect(asked[0]).toContain('a.txt');
  });

  it('asks through an input_required round on the 2026 era over HTTP', async () => {
    const fixture = await fixtureOverHttp();
    let asked = 0;
    const connection = await connectMcp({
      name: 'modern',
      transport: http(fixture.http.url),
      era: 'modern',
      namespace: false,
      onElicit: () => {
        asked++;
        return { action: 'accept', content: { confirm: true } };
      },
    });
    cleanups.push(() => connection.close());
    const before = runs.get('delete_file') ?? 0;
    const result = await connection.callTool('files_delete_file', { path: 'b.txt' });
    expect(result.content).toEqual([{ type: 'text', text: 'deleted b.txt' }]);
    expect(asked).toBe(1);
    expect(runs.get('delete_file')).toBe(before + 1);
  });

  it('falls back to the runner token in _meta when the client cannot be asked', async () => {
    const fixture = await fixtureOverHttp();
    const connection = await client(fixture.http.url, 'legacy');
    const before = runs.get('delete_file') ?? 0;
    const pending = await connection.callTool('files_delete_file', { path: 'c.txt' });
    expect(pending.isError).toBeFalsy();
    const meta = pending._meta?.['io.toolarsenal/confirmation'] as { token: string; reason: string };
    expect(meta.reason).toMatch(/destructive/);
    expect(runs.get('delete_file')).toBe(before);
    // The host (not the model) confirms by sending the token back in the request's _meta.
    const sdk = connection.client!;
    const forged = await sdk.callTool({
      name: 'files_delete_file',
      arguments: {},
      _meta: { 'io.toolarsenal/confirm': 'forged' },
    });
    expect(JSON.stringify(forged.content)).toContain('CONFIRMATION_UNKNOWN');
    const confirmed = await sdk.callTool({
      name: 'files_delete_file',
      arguments: {},
      _meta: { 'io.toolarsenal/confirm': meta.token },
    });
    expect(confirmed.content).toEqual([{ type: 'text', text: 'deleted c.txt' }]);
    const again = await sdk.callTool({
      name: 'files_delete_file',
      arguments: {},
      _meta: { 'io.toolarsenal/confirm': meta.token },
    });
    expect(JSON.stringify(again.content)).toContain('CONFIRMATION_UNKNOWN');
    expect(runs.get('delete_file')).toBe(before + 1);
  });
});
