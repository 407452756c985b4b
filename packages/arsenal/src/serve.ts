import type { Readable, Writable } from 'node:stream';
import { createMcpServer, type McpServeMode, type ToolArsenalMcpServer } from '@toolarsenal/mcp';
import { listen } from '@toolarsenal/mcp/node';
import { serveStdio } from '@toolarsenal/mcp/stdio';
import type { Arsenal } from './arsenal.js';

export interface ServeOptions {
  /** `stdio` (default) or `http`. */
  transport?: 'stdio' | 'http';
  /** Default: the config's `serve.mode`, else `dynamic`. */
  mode?: McpServeMode;
  /** Hybrid mode: tools listed directly. Default: the config's `serve.pinned`. */
  pinned?: readonly string[];
  /** HTTP port (0 = any free one). Default: the config's `serve.http.port`, else 0. */
  port?: number;
  /** HTTP interface. Default: the config's `serve.http.host`, else 127.0.0.1. */
  host?: string;
  /** stdio streams (default this process's). */
  stdin?: Readable;
  stdout?: Writable;
  onError?: (error: Error) => void;
}

export interface Serving {
  readonly transport: 'stdio' | 'http';
  readonly mode: McpServeMode;
  /** The MCP endpoint (HTTP only). */
  readonly url?: string;
  /** The health endpoint (HTTP only): per-source status as JSON, 503 when every source is down. */
  readonly healthUrl?: string;
  readonly server: ToolArsenalMcpServer;
  /** Stops serving: lets calls under way finish (up to `graceMs`), then closes the transport. */
  close(options?: { graceMs?: number }): Promise<void>;
}

/** Serves the arsenal's served toolset over MCP (see `Arsenal.serve`). */
export async function serveArsenal(arsenal: Arsenal, options: ServeOptions = {}): Promise<Serving> {
  const config = arsenal.config.serve;
  const mode = options.mode ?? config.mode ?? 'dynamic';
  const pinned = options.pinned ?? (mode === 'hybrid' ? config.pinned : undefined);
  const server = createMcpServer({
    toolset: arsenal.served,
    runner: arsenal.runner,
    index: arsenal.index,
    mode,
    ...(pinned && { pinned }),
    health: arsenal.healthSignal,
    name: config.name ?? 'toolarsenal',
    ...(config.instructions !== undefined && { instructions: config.instructions }),
    ...(options.onError && { onError: options.onError }),
  });
  const off = arsenal.on('change', () => server.notifyToolsChanged());
  if ((options.transport ?? 'stdio') === 'http') {
    const serving = await listen(server, {
      port: options.port ?? config.http?.port ?? 0,
      host: options.host ?? config.http?.host ?? '127.0.0.1',
      health: () => arsenal.health(),
      ...(options.onError && { onError: options.onError }),
    });
    return {
      transport: 'http',
      mode,
      url: serving.url,
      healthUrl: serving.url.replace(/\/mcp$/, '/healthz'),
      server,
      async close(closeOptions = {}) {
        off();
        await arsenal.drain(closeOptions.graceMs);
        // Answers of the calls that just finished are still being written: give them a moment.
        await serving.close({ graceMs: 2_000 });
        await server.close();
      },
    };
  }
  const stdio = serveStdio(server, {
    ...(options.stdin && { stdin: options.stdin }),
    ...(options.stdout && { stdout: options.stdout }),
    ...(options.onError && { onError: options.onError }),
  });
  return {
    transport: 'stdio',
    mode,
    server,
    async close(closeOptions = {}) {
      off();
      await arsenal.drain(closeOptions.graceMs);
      await stdio.close();
      await server.close();
    },
  };
}
