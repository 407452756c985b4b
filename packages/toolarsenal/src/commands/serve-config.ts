import type { McpServeMode } from '@toolarsenal/mcp';
import type { CliIo } from '../io.js';
import { openArsenal } from './arsenal-session.js';

export interface ServeConfigOptions {
  config?: string;
  mode?: McpServeMode;
  port?: number;
  host?: string;
  pin?: string[];
}

/**
 * `toolarsenal serve --config`: the gateway. Starts the config's sources, serves the served
 * toolset over stdio or HTTP, and on SIGINT/SIGTERM (or the end of stdin) lets calls under way
 * finish within `serve.shutdownGraceMs`, then stops the child servers.
 */
export async function runServeConfig(
  options: ServeConfigOptions,
  io: CliIo,
  stopSignal: (onStop: () => void) => void,
): Promise<void> {
  const arsenal = await openArsenal(options.config, io);
  const stopped = new Promise<void>((resolve) => stopSignal(resolve));
  if (arsenal.config.telemetry.log === 'calls')
    arsenal.on('call', (e) =>
      io.stderr(
        `call ${e.toolId ?? e.toolName} ${e.status}${e.code ? ` ${e.code}` : ''}${e.latencyMs !== undefined ? ` ${Math.round(e.latencyMs)}ms` : ''}\n`,
      ),
    );
  arsenal.on('status', (s) =>
    io.stderr(
      `toolarsenal: source ${s.name} is ${s.status}${s.error ? ` (${s.error.split('\n')[0]})` : ''}\n`,
    ),
  );
  const http = options.port !== undefined;
  let serving;
  try {
    serving = await arsenal.serve({
      transport: http ? 'http' : 'stdio',
      ...(options.mode && { mode: options.mode }),
      ...(options.pin && { pinned: options.pin }),
      ...(options.port !== undefined && { port: options.port }),
      ...(options.host !== undefined && { host: options.host }),
      onError: (error) => io.stderr(`toolarsenal serve: ${error.message}\n`),
    });
  } catch (error) {
    await arsenal.close({ graceMs: 0 });
    throw error;
  }
  const tools = arsenal.list().length;
  const sources = arsenal.status().length;
  if (serving.url) {
    io.stdout(
      `toolarsenal: serving ${tools} tools from ${sources} sources at ${serving.url} (${serving.mode} mode)\n`,
    );
    io.stdout(`health: ${serving.healthUrl}\n`);
    io.stdout(
      `client config: ${JSON.stringify({ mcpServers: { toolarsenal: { type: 'http', url: serving.url } } })}\n`,
    );
  } else {
    io.stderr(
      `toolarsenal: serving ${tools} tools from ${sources} sources over stdio (${serving.mode} mode)\n`,
    );
  }
  const ended = http
    ? new Promise<void>(() => undefined)
    : new Promise<void>((r) => process.stdin.once('end', r));
  await Promise.race([stopped, ended]);
  const grace = arsenal.config.serve.shutdownGraceMs ?? 10_000;
  if (arsenal.inFlight > 0)
    io.stderr(`toolarsenal: stopping; waiting up to ${grace} ms for ${arsenal.inFlight} calls under way\n`);
  await serving.close({ graceMs: grace });
  await arsenal.close({ graceMs: 0 });
}
