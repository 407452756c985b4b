import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineTool } from '@toolarsenal/toolmodel';
import type { Executor } from '@toolarsenal/toolrun';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Arsenal, ArsenalConfigError, ArsenalError, createArsenal, parseConfig } from './index.js';

const fixtures = fileURLToPath(new URL('./test-fixtures/', import.meta.url));
const memoryServer = fileURLToPath(
  new URL('../../../node_modules/@modelcontextprotocol/server-memory/dist/index.js', import.meta.url),
);
const open: Arsenal[] = [];
const dirs: string[] = [];
afterEach(async () => {
  vi.useRealTimers();
  while (open.length > 0) await open.pop()!.close({ graceMs: 0 });
  while (dirs.length > 0) rmSync(dirs.pop()!, { recursive: true, force: true });
});

function arsenalOf(yaml: string, options: Parameters<typeof createArsenal>[1] = {}, dir = fixtures): Arsenal {
  const arsenal = createArsenal(parseConfig(yaml, { dir, env: {} }), options);
  open.push(arsenal);
  return arsenal;
}

const LOCAL = `
sources:
  - name: wiki
    file: openai-tools.json
  - name: notes
    module: local-tools.mjs
  - name: todo
    openapi: { document: todo-api.yaml }
`;

describe('createArsenal: sources → tools → index → runner', () => {
  it('namespaces every source, searches across them and calls module handlers', async () => {
    const arsenal = arsenalOf(LOCAL);
    await arsenal.ready();
    expect(arsenal.status().map((s) => [s.name, s.kind, s.status, s.tools])).toEqual([
      ['wiki', 'file', 'ready', 2],
      ['notes', 'module', 'ready', 3],
      ['todo', 'openapi', 'ready', 3],
    ]);
    expect(arsenal.tools().map((t) => t.id)).toContain('wiki:get_weather@1.0.0');
    expect(arsenal.tools().map((t) => t.id)).toContain('todo:createTodo@1.0.0');
    const { hits } = await arsenal.search('add two numbers');
    expect(hits[0]!.id).toBe('notes:add@1.0.0');
    const sum = await arsenal.call('notes:add', { a: 2, b: 3 });
    expect([sum.status, sum.result]).toEqual(['success', { sum: 5 }]);
    // Two sources have a `search` tool: the bare name is ambiguous, the ids are not.
    const ambiguous = await arsenal.call('search', { query: 'x' });
    expect(ambiguous.error?.code).toBe('TOOL_AMBIGUOUS');
    expect([...(ambiguous.error?.details?.candidates as string[])].sort()).toEqual([
      'notes:search@1.0.0',
      'wiki:search@1.0.0',
    ]);
    expect((await arsenal.call('notes:search@1.0.0', { query: 'x' })).result).toBe('notes about x');
    // A static file has no implementation. OpenAPI calls go over HTTP, only to allowed hosts: the
    // document's loopback server is not reached unless listed exactly in `allowedHosts`.
    expect((await arsenal.call('wiki:get_weather', { city: 'Oslo' })).error?.code).toBe('EXECUTOR_NOT_FOUND');
    const refused = await arsenal.call('todo:listTodos', {});
    expect(refused.status).toBe('failure');
    expect(refused.error?.message).toMatch(/host "127\.0\.0\.1" is a loopback address; list it exactly/);
    expect(arsenal.health()).toMatchObject({ status: 'ok', tools: 8 });
  });

  it("calls OpenAPI sources over HTTP by default, with the source's base URL, allowed hosts and headers", async () => {
    const seen: { method?: string; url?: string; client?: string | string[] }[] = [];
    const server = createServer((req, res) => {
      seen.push({ method: req.method, url: req.url, client: req.headers['x-client'] });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify([{ id: 1, title: 'Book the venue' }]));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const { port } = server.address() as AddressInfo;
      const arsenal = arsenalOf(`
sources:
  - name: todo
    openapi:
      document: todo-api.yaml
      baseUrl: 'http://127.0.0.1:${port}/v2'
      allowedHosts: ['127.0.0.1:${port}']
      headers: { x-client: arsenal-test }
`);
      await arsenal.ready();
      const listed = await arsenal.call('todo:listTodos', {});
      expect([listed.status, listed.result]).toEqual(['success', [{ id: 1, title: 'Book the venue' }]]);
      expect(seen).toEqual([{ method: 'GET', url: '/v2/todos', client: 'arsenal-test' }]);
    } finally {
      await new Promise((r) => server.close(r));
    }
  });

  it('routes OpenAPI calls to the executor it is given (one line to wire the HTTP executor)', async () => {
    const seen: string[] = [];
    const executor: Executor = {
      source: 'openapi',
      execute: (request) => {
        seen.push(request.tool.id);
        return { ok: true, args: request.arguments };
      },
    };
    const arsenal = arsenalOf(LOCAL, { openapiExecutor: executor });
    await arsenal.ready();
    const result = await arsenal.call('todo:createTodo', { body: { title: 'milk' } });
    expect(result.status).toBe('success');
    expect(seen).toEqual(['todo:createTodo@1.0.0']);
  });

  it('a toolset from the config is served with its policy: denied tools are neither listed, found nor called', async () => {
    const arsenal = arsenalOf(`${LOCAL}
toolsets:
  - id: safe
    namespace: [notes, wiki]
    policy:
      id: no-wait
      rules:
        - deny: { tool: [wait] }
          reason: waiting is not allowed here
serve: { toolset: safe }
`);
    await arsenal.ready();
    const visible = arsenal.list().map((t) => t.id);
    expect(visible).toContain('notes:add@1.0.0');
    expect(visible).not.toContain('notes:wait@1.0.0');
    expect(visible.some((id) => id.startsWith('todo:'))).toBe(false);
    const found = await arsenal.search('wait some milliseconds', { limit: 10 });
    expect(found.hits.map((h) => h.id)).not.toContain('notes:wait@1.0.0');
    const denied = await arsenal.call('notes:wait', { ms: 1 });
    expect([denied.status, denied.error?.message]).toEqual([
      'permission_denied',
      expect.stringContaining('waiting is not allowed here'),
    ]);
    expect((await arsenal.call('todo:listTodos', {})).status).toBe('permission_denied');
    expect(arsenal.toolset('safe').size).toBe(5); // members; the policy then refuses `wait`
    expect(() => arsenal.toolset('nope')).toThrow(ArsenalError);
  });

  it('register: tools in code with handlers, change events, and removal', async () => {
    const arsenal = arsenalOf('{}');
    const changes: number[] = [];
    arsenal.on('change', (e) => changes.push(e.tools));
    const remove = arsenal.register([
      {
        tool: defineTool({
          name: 'greet',
          namespace: 'code',
          inputSchema: { type: 'object', properties: {} },
        }),
        handler: () => 'hello',
      },
    ]);
    expect((await arsenal.call('code:greet')).result).toBe('hello');
    remove();
    expect((await arsenal.call('code:greet')).status).toBe('not_found');
    expect(changes).toEqual([1, 0]);
    expect(() => arsenal.register([{ tool: { name: 'x' }, handler: 'nope' as never }])).toThrow(ArsenalError);
    expect(() => arsenal.register([{ name: 'bad name!' }])).toThrow();
  });

  it('a source that lists the same tools again keeps one object per tool across index, runner and served set', async () => {
    const arsenal = arsenalOf('{}');
    const listeners = new Set<() => void>();
    const make = (description: string) => [
      defineTool({ name: 'sum', namespace: 'calc', description, inputSchema: { type: 'object' } }),
    ];
    let listed = make('Returns the sum of two numbers');
    arsenal.register({
      name: 'calc',
      kind: 'custom',
      namespace: 'calc',
      start: async () => undefined,
      tools: () => listed,
      state: () => ({
        name: 'calc',
        kind: 'custom',
        namespace: 'calc',
        status: 'ready',
        tools: 1,
        failures: 0,
      }),
      healthy: () => true,
      subscribe: (listener) => (listeners.add(listener), () => listeners.delete(listener)),
      close: async () => undefined,
    });
    const first = arsenal.tools()[0]!;
    listed = make('Returns the sum of two numbers'); // a re-list: new objects, same content
    for (const listener of listeners) listener();
    const { hits } = await arsenal.search('sum of two numbers');
    expect(hits[0]!.tool).toBe(first);
    expect(arsenal.tools()[0]).toBe(first);
    expect(arsenal.served.tools()[0]).toBe(first);
    listed = make('Adds two numbers'); // a real change replaces it everywhere
    for (const listener of listeners) listener();
    const changed = arsenal.tools()[0]!;
    expect(changed).not.toBe(first);
    expect((await arsenal.search('adds two numbers')).hits[0]!.tool).toBe(changed);
  });

  it('refuses a bad config object with the same errors as a file', () => {
    expect(() => createArsenal({ sources: [{ name: 'a', files: 'x.json' }] })).toThrow(ArsenalConfigError);
    expect(() => createArsenal({ sources: [{ name: 'a', files: 'x.json' }] })).toThrow(/did you mean "file"/);
  });
});

describe('failing sources', () => {
  it('a source that fails to start is reported, retried with backoff, and does not stop the others', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const dir = mkdtempSync(join(tmpdir(), 'arsenal-retry-'));
    dirs.push(dir);
    copyFileSync(join(fixtures, 'openai-tools.json'), join(dir, 'tools.json'));
    const arsenal = arsenalOf(
      `
sources:
  - name: late
    module: later.mjs
    retry: { initialDelayMs: 1000, maxDelayMs: 4000 }
  - name: wiki
    file: tools.json
`,
      {},
      dir,
    );
    const statuses: string[] = [];
    arsenal.on('status', (s) => statuses.push(`${s.name}:${s.status}`));
    await arsenal.ready();
    const late = arsenal.status().find((s) => s.name === 'late')!;
    expect(late).toMatchObject({ status: 'retrying', failures: 1 });
    expect(late.error).toMatch(/later\.mjs/);
    expect(arsenal.status().find((s) => s.name === 'wiki')!.status).toBe('ready');
    expect(arsenal.health().status).toBe('degraded');
    await vi.advanceTimersByTimeAsync(1000);
    // The retry's file access is real I/O: wait for it (the next retry is at least 500 ms away).
    await vi.waitFor(() => expect(arsenal.status().find((s) => s.name === 'late')!.failures).toBe(2));
    // The module appears; the next retry (at most maxDelayMs later) loads it.
    writeFileSync(
      join(dir, 'later.mjs'),
      "export const tools = [{ tool: { name: 'add', description: 'Add.' }, handler: () => 2 }];\n",
    );
    await vi.advanceTimersByTimeAsync(4000);
    await vi.waitFor(() => expect(arsenal.status().find((s) => s.name === 'late')!.status).toBe('ready'));
    expect(arsenal.tools().map((t) => t.id)).toContain('late:add@1.0.0');
    expect(statuses).toEqual(['late:retrying', 'wiki:ready', 'late:ready']);
    expect(arsenal.health().status).toBe('ok');
  });

  it('gives up after maxAttempts and says so', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const arsenal = arsenalOf(
      'sources:\n  - name: gone\n    file: missing.json\n    retry: { maxAttempts: 1 }\n',
    );
    await arsenal.ready();
    await vi.advanceTimersByTimeAsync(60_000);
    await vi.waitFor(() => expect(arsenal.status()[0]!.status).toBe('failed'));
    expect(arsenal.health().status).toBe('down');
  });

  it('an MCP server is pooled: its tools are namespaced and called over stdio', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'arsenal-mcp-'));
    dirs.push(dir);
    const arsenal = arsenalOf(
      `
sources:
  - name: memory
    mcp:
      command: ${JSON.stringify(process.execPath)}
      args: [${JSON.stringify(memoryServer)}]
      env: { MEMORY_FILE_PATH: ${JSON.stringify(join(dir, 'memory.jsonl'))} }
      era: legacy
`,
      {},
      dir,
    );
    await arsenal.ready();
    expect(arsenal.status()[0]).toMatchObject({ kind: 'mcp', status: 'ready' });
    const created = await arsenal.call('memory:create_entities', {
      entities: [{ name: 'Ada', entityType: 'person', observations: ['wrote the first program'] }],
    });
    expect(created.status).toBe('success');
    const graph = await arsenal.call('memory:read_graph', {});
    expect(JSON.stringify(graph.result)).toContain('wrote the first program');
  });
});

describe('shutdown', () => {
  it('lets calls under way finish within the grace period', async () => {
    const arsenal = arsenalOf('sources:\n  - name: notes\n    module: local-tools.mjs\n');
    await arsenal.ready();
    const call = arsenal.call('notes:wait', { ms: 150 });
    await vi.waitFor(() => expect(arsenal.inFlight).toBe(1));
    await arsenal.close({ graceMs: 10_000 });
    expect((await call).result).toBe('waited 150 ms');
  });

  it('cancels calls still running at the end of the grace period, and refuses new ones while draining', async () => {
    const arsenal = arsenalOf('sources:\n  - name: notes\n    module: local-tools.mjs\n');
    await arsenal.ready();
    const call = arsenal.call('notes:wait', { ms: 60_000 });
    await vi.waitFor(() => expect(arsenal.inFlight).toBe(1));
    const draining = arsenal.drain(20);
    const refused = await arsenal.call('notes:add', { a: 1, b: 1 });
    expect(refused.error?.code).toBe('SHUTTING_DOWN');
    await draining;
    expect((await call).error?.code).toBe('SHUTDOWN_CANCELLED');
  });
});
