import type { ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The gateway example (examples/gateway) end to end: `toolarsenal serve --config` in a child
// process over the example's toolarsenal.yaml (server-everything, server-filesystem,
// server-memory from npm, and an OpenAPI document over the example's own HTTP API), driven by
// the official MCP SDK client over HTTP and stdio.

interface Example {
  url: string;
  healthUrl: string;
  child: ChildProcess;
  api: { url: string };
  stop(): Promise<number | null>;
}
interface StdioLaunch {
  command: string;
  args: string[];
  env: Record<string, string>;
  close(): Promise<void>;
}
interface ExampleModule {
  exampleDir: string;
  startExample(options: Record<string, unknown>): Promise<Example & StdioLaunch>;
}

const exampleUrl = new URL('../../../../examples/gateway/gateway.mjs', import.meta.url);
let example: ExampleModule;

type ToolCard = { id: string; name?: string };
type CallResult = Awaited<ReturnType<Client['callTool']>>;
const textOf = (r: CallResult) => JSON.stringify(r.content);
const idsOf = (r: CallResult) =>
  ((r.structuredContent as { tools?: ToolCard[] })?.tools ?? []).map((t) => t.id);

async function connectHttp(url: string): Promise<Client> {
  const client = new Client({ name: 'e2e', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  return client;
}

async function health(
  url: string,
): Promise<{ status: string; inFlight: number; sources: { name: string; status: string }[] }> {
  return (await (await fetch(url)).json()) as never;
}

async function until<T>(probe: () => Promise<T>, ok: (value: T) => boolean, ms = 30_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (ok(value)) return value;
    if (Date.now() > end) throw new Error(`condition not met in ${ms} ms; last: ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Child processes of `pid` whose command line contains `needle` (Linux /proc). */
function descendants(pid: number, needle: string): number[] {
  const found: number[] = [];
  const walk = (parent: number) => {
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        const ppid = Number(readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1]!.split(' ')[1]);
        if (ppid !== parent) continue;
        if (readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes(needle)) found.push(Number(entry));
        walk(Number(entry));
      } catch {
        // the process ended meanwhile
      }
    }
  };
  walk(pid);
  return found;
}

beforeAll(async () => {
  example = (await import(exampleUrl.href)) as ExampleModule;
}, 120_000);

describe('the gateway example over HTTP', () => {
  let gateway: Example;
  let client: Client;
  beforeAll(async () => {
    gateway = await example.startExample({ port: 0, apiPort: 0, output: 'pipe' });
    client = await connectHttp(gateway.url);
  }, 120_000);
  afterAll(async () => {
    await client?.close();
    expect(await gateway?.stop()).toBe(0);
  }, 60_000);

  it('lists the meta-tools and reports every source healthy', async () => {
    expect((await client.listTools()).tools.map((t) => t.name)).toEqual([
      'find_tools',
      'describe_tool',
      'call_tool',
    ]);
    const report = await health(gateway.healthUrl);
    expect(report.status).toBe('ok');
    expect(report.sources.map((s) => [s.name, s.status])).toEqual([
      ['everything', 'ready'],
      ['files', 'ready'],
      ['memory', 'ready'],
      ['todo', 'ready'],
    ]);
  });

  it('finds, describes and calls tools of every MCP source', async () => {
    const sum = await client.callTool({ name: 'find_tools', arguments: { query: 'the sum of two numbers' } });
    expect(idsOf(sum)).toContain('everything_get-sum');
    const described = await client.callTool({
      name: 'describe_tool',
      arguments: { id: 'everything_get-sum' },
    });
    expect(textOf(described)).toMatch(/inputSchema.*properties/);
    const added = await client.callTool({
      name: 'call_tool',
      arguments: { id: 'everything_get-sum', arguments: { a: 2, b: 3 } },
    });
    expect(textOf(added)).toContain('5');

    const read = await client.callTool({ name: 'find_tools', arguments: { query: 'read a text file' } });
    expect(idsOf(read)).toContain('files_read_text_file');
    const file = join(example.exampleDir, 'workspace', 'launch-checklist.md');
    const content = await client.callTool({
      name: 'call_tool',
      arguments: { id: 'files_read_text_file', arguments: { path: file } },
    });
    expect(textOf(content)).toContain('Freeze the release branch');

    const memory = await client.callTool({
      name: 'find_tools',
      arguments: { query: 'create entities in the knowledge graph' },
    });
    expect(idsOf(memory)).toContain('memory_create_entities');
    const created = await client.callTool({
      name: 'call_tool',
      arguments: {
        id: 'memory_create_entities',
        arguments: { entities: [{ name: 'Grace', entityType: 'person', observations: ['wrote COBOL'] }] },
      },
    });
    expect(created.isError).toBeFalsy();
    const graph = await client.callTool({
      name: 'call_tool',
      arguments: { id: 'memory_read_graph', arguments: {} },
    });
    expect(textOf(graph)).toContain('wrote COBOL');
  });

  it('finds, describes and calls the OpenAPI source over HTTP', async () => {
    const found = await client.callTool({ name: 'find_tools', arguments: { query: 'list my todo items' } });
    expect(idsOf(found)[0]).toBe('todo_listTodos');
    const described = await client.callTool({ name: 'describe_tool', arguments: { id: 'todo_createTodo' } });
    expect(textOf(described)).toContain('title');
    const called = await client.callTool({
      name: 'call_tool',
      arguments: { id: 'todo_listTodos', arguments: {} },
    });
    expect(called.isError).toBeFalsy();
    expect(textOf(called)).toContain('Send the invitations');
  });

  it('a tool the policy denies is neither found, described nor callable', async () => {
    const found = await client.callTool({
      name: 'find_tools',
      arguments: { query: 'write a file', limit: 20 },
    });
    expect(idsOf(found)).not.toContain('files_write_file');
    const described = await client.callTool({ name: 'describe_tool', arguments: { id: 'files_write_file' } });
    expect(described.isError).toBe(true);
    const called = await client.callTool({
      name: 'call_tool',
      arguments: {
        id: 'files_write_file',
        arguments: { path: join(example.exampleDir, 'workspace', 'x.md'), content: 'x' },
      },
    });
    expect(called.isError).toBe(true);
    const direct = await client.callTool({
      name: 'files_write_file',
      arguments: { path: 'x', content: 'x' },
    });
    expect(direct.isError).toBe(true);
    expect(textOf(called)).toMatch(/TOOL_NOT_FOUND/);
  });

  it('a source that crashes turns the gateway degraded, and it comes back', async () => {
    const [pid] = descendants(gateway.child.pid!, 'mcp-server-memory');
    expect(pid).toBeDefined();
    process.kill(pid!, 'SIGKILL');
    const down = await until(
      () => health(gateway.healthUrl),
      (h) => h.sources.find((s) => s.name === 'memory')!.status !== 'ready',
    );
    expect(down.status).toBe('degraded');
    await until(
      () => health(gateway.healthUrl),
      (h) => h.status === 'ok',
    );
    const graph = await client.callTool({
      name: 'call_tool',
      arguments: { id: 'memory_read_graph', arguments: {} },
    });
    expect(graph.isError).toBeFalsy();
  });
});

describe('the gateway example over stdio', () => {
  it('serves the same tools to a client that starts it', async () => {
    const launch = await example.startExample({ transport: 'stdio', apiPort: 0 });
    const client = new Client({ name: 'e2e', version: '1.0.0' });
    try {
      await client.connect(
        new StdioClientTransport({
          command: launch.command,
          args: launch.args,
          env: launch.env,
          cwd: example.exampleDir,
          stderr: 'ignore',
        }),
      );
      expect((await client.listTools()).tools.map((t) => t.name)).toEqual([
        'find_tools',
        'describe_tool',
        'call_tool',
      ]);
      const echo = await client.callTool({
        name: 'call_tool',
        arguments: { id: 'everything_echo', arguments: { message: 'over stdio' } },
      });
      expect(textOf(echo)).toContain('over stdio');
      const found = await client.callTool({
        name: 'find_tools',
        arguments: { query: 'list files in a directory' },
      });
      expect(idsOf(found).some((id) => id.startsWith('files_'))).toBe(true);
    } finally {
      await client.close();
      await launch.close();
    }
  }, 120_000);
});

describe('shutdown', () => {
  it('SIGTERM with calls in flight: every call completes, then the gateway exits 0', async () => {
    const gateway = await example.startExample({ port: 0, apiPort: 0, output: 'pipe' });
    const client = await connectHttp(gateway.url);
    try {
      const calls = [1, 2, 3].map(() =>
        client.callTool({
          name: 'call_tool',
          arguments: {
            id: 'everything_trigger-long-running-operation',
            arguments: { duration: 2, steps: 2 },
          },
        }),
      );
      await until(
        () => health(gateway.healthUrl),
        (h) => h.inFlight === 3,
      );
      gateway.child.kill('SIGTERM');
      const results = await Promise.all(calls);
      for (const result of results) {
        expect(result.isError).toBeFalsy();
        expect(textOf(result)).toMatch(/completed/i);
      }
      expect(await gateway.stop()).toBe(0);
      expect(descendants(gateway.child.pid!, 'mcp-server')).toEqual([]);
    } finally {
      await client.close().catch(() => undefined);
    }
  }, 120_000);
});
