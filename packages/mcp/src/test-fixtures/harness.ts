import { Client, InMemoryTransport } from '@modelcontextprotocol/client';
import type { Tool } from '@toolarsenal/toolmodel';
import type { Runner } from '@toolarsenal/toolrun';
import { inject } from 'vitest';
import {
  createMcpServer,
  type CreateMcpServerOptions,
  type McpServeMode,
  type ToolArsenalMcpServer,
} from '../index.js';
import { type HttpServing, listen } from '../node.js';
import { createFixtureRunner, FIXTURE_TOOLS } from './fixture-tools.js';

/**
 * Command that serves the fixture tools over stdio in `mode`: serve-fixture.ts, compiled to plain
 * JavaScript once per run by vitest.global-setup.ts, so each start is a plain `node` process.
 */
export function fixtureCommand(mode: McpServeMode): { command: string; args: string[] } {
  return { command: process.execPath, args: [inject('mcpServeFixture'), mode] };
}

export interface HttpFixture {
  server: ToolArsenalMcpServer;
  http: HttpServing;
  runner: Runner;
  close(): Promise<void>;
}

/** The fixture tools served over HTTP on 127.0.0.1 (a free port). */
export async function serveFixtureHttp(
  mode: McpServeMode,
  options: Partial<CreateMcpServerOptions> & { tools?: readonly Tool[] } = {},
  listenOptions: Parameters<typeof listen>[1] = {},
): Promise<HttpFixture> {
  const runner = options.runner ?? createFixtureRunner(options.toolset);
  const server = createMcpServer({
    ...(options.toolset ? {} : { tools: options.tools ?? FIXTURE_TOOLS }),
    runner,
    mode,
    ...(mode === 'hybrid' ? { pinned: ['math_add', 'echo'] } : {}),
    ...options,
  });
  const http = await listen(server, listenOptions);
  return {
    server,
    http,
    runner,
    async close() {
      await http.close();
      await server.close();
    },
  };
}

/** Text of the first content block of a result. */
export function textOf(result: { content?: unknown }): string {
  const content = result.content as { type: string; text?: string }[] | undefined;
  return content?.find((b) => b.type === 'text')?.text ?? '';
}

/** An SDK client on an in-process (2025-era) connection to `server`; its close goes on `cleanups`. */
export async function connectInProcess(
  server: ToolArsenalMcpServer,
  cleanups: (() => Promise<unknown>)[],
): Promise<Client> {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.factory({ era: 'legacy' }).connect(serverSide);
  const client = new Client({ name: 'test', version: '1.0.0' });
  await client.connect(clientSide);
  cleanups.push(() => client.close());
  return client;
}
