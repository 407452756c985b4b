import type { Transport } from '@modelcontextprotocol/server';
import { serveStdio as sdkServeStdio, StdioServerTransport } from '@modelcontextprotocol/server/stdio';
import type { Readable, Writable } from 'node:stream';
import type { ToolArsenalMcpServer } from './mcp-server.js';

export interface ServeStdioOptions {
  /** Default: this process's stdin. */
  stdin?: Readable;
  /** Default: this process's stdout. Nothing else may write to it. */
  stdout?: Writable;
  /** Any message transport instead of stdio (a socket, an in-memory pair); the connection's era is still negotiated. */
  transport?: Transport;
  onError?: (error: Error) => void;
}

export interface StdioServing {
  close(): Promise<void>;
}

/**
 * Serves a ToolArsenal MCP server over stdio. The opening message picks the era: `initialize`
 * (2025-11-25, with elicitation and list-change notifications) or `server/discover` (2026-07-28).
 */
export function serveStdio(server: ToolArsenalMcpServer, options: ServeStdioOptions = {}): StdioServing {
  const transport =
    options.transport ??
    (options.stdin || options.stdout ? new StdioServerTransport(options.stdin, options.stdout) : undefined);
  return sdkServeStdio((ctx) => server.factory(ctx), {
    ...(transport ? { transport } : {}),
    ...(options.onError ? { onerror: options.onError } : {}),
  });
}
