import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { Client as V1Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport as V1Stdio } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport as V1Http } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { McpServeMode } from './index.js';
import { fixtureCommand, type HttpFixture, serveFixtureHttp, textOf } from './test-fixtures/harness.js';

// Real clients no one here wrote (the official SDK v2 in both eras, and v1) against our server,
// over stdio (a child process) and Streamable HTTP on 127.0.0.1, in every mode.
type AnyClient = {
  listTools(): Promise<{ tools: { name: string }[] }>;
  callTool(params: { name: string; arguments?: Record<string, unknown> }): Promise<unknown>;
  close(): Promise<void>;
};
type ClientKind = 'v2-legacy' | 'v2-modern' | 'v1';
type TransportKind = 'stdio' | 'http';

async function connect(
  kind: ClientKind,
  transport: TransportKind,
  mode: McpServeMode,
  url: string,
): Promise<AnyClient> {
  const info = { name: 'interop-test', version: '1.0.0' };
  if (kind === 'v1') {
    const client = new V1Client(info);
    const t =
      transport === 'stdio'
        ? new V1Stdio({ ...fixtureCommand(mode), stderr: 'ignore' })
        : new V1Http(new URL(url));
    await client.connect(t);
    return client as unknown as AnyClient;
  }
  const client = new Client(
    info,
    kind === 'v2-modern' ? { versionNegotiation: { mode: { pin: '2026-07-28' } } } : {},
  );
  const t =
    transport === 'stdio'
      ? new StdioClientTransport({ ...fixtureCommand(mode), stderr: 'ignore' })
      : new StreamableHTTPClientTransport(new URL(url));
  await client.connect(t);
  if (kind === 'v2-modern') expect(client.getProtocolEra()).toBe('modern');
  else expect(client.getProtocolEra()).toBe('legacy');
  return client as unknown as AnyClient;
}

const EXPECTED_LIST: Record<McpServeMode, string[]> = {
  static: [
    'math_add',
    'echo',
    'files_delete_file',
    'admin_drop_database',
    'slow_wait',
    'big_blob',
    'image_pixel',
    'fail_boom',
  ],
  dynamic: ['find_tools', 'describe_tool', 'call_tool'],
  hybrid: ['find_tools', 'describe_tool', 'call_tool', 'math_add', 'echo'],
};

describe.each(['static', 'dynamic', 'hybrid'] as const)('our server in %s mode', (mode) => {
  let fixture: HttpFixture;
  beforeAll(async () => {
    fixture = await serveFixtureHttp(mode);
  });
  afterAll(async () => {
    await fixture.close();
  });

  describe.each(['stdio', 'http'] as const)('over %s', (transport) => {
    it.each(['v2-legacy', 'v2-modern', 'v1'] as const)('%s client lists and calls', async (kind) => {
      const client = await connect(kind, transport, mode, fixture.http.url);
      try {
        const { tools } = await client.listTools();
        expect(tools.map((t) => t.name)).toEqual(EXPECTED_LIST[mode]);
        if (mode === 'dynamic' || mode === 'hybrid') {
          const found = (await client.callTool({
            name: 'find_tools',
            arguments: { query: 'add two numbers', limit: 3 },
          })) as {
            structuredContent: { tools: { id: string; required: string[] }[] };
          };
          expect(found.structuredContent.tools[0]).toMatchObject({ id: 'math_add', required: ['a', 'b'] });
          const described = (await client.callTool({
            name: 'describe_tool',
            arguments: { id: 'math_add' },
          })) as {
            structuredContent: { inputSchema: { required: string[] } };
          };
          expect(described.structuredContent.inputSchema.required).toEqual(['a', 'b']);
          const called = (await client.callTool({
            name: 'call_tool',
            arguments: { id: 'math_add', arguments: { a: 2, b: 3 } },
          })) as {
            structuredContent: unknown;
            isError?: boolean;
          };
          expect(called.isError).toBeFalsy();
          expect(called.structuredContent).toEqual({ sum: 5 });
        }
        if (mode !== 'dynamic') {
          const direct = (await client.callTool({ name: 'math_add', arguments: { a: 1, b: 1 } })) as {
            structuredContent: unknown;
          };
          expect(direct.structuredContent).toEqual({ sum: 2 });
        }
        const echoed = (await client.callTool(
          mode === 'dynamic'
            ? { name: 'call_tool', arguments: { id: 'echo', arguments: { text: 'hé' } } }
            : { name: 'echo', arguments: { text: 'hé' } },
        )) as { content: unknown };
        expect(textOf(echoed)).toBe('hé');
      } finally {
        await client.close();
      }
    });
  });
});
