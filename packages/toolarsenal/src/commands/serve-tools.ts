import { createMcpServer } from '@toolarsenal/mcp';
import { listen } from '@toolarsenal/mcp/node';
import { serveStdio } from '@toolarsenal/mcp/stdio';
import { CliError } from '../cli-error.js';
import type { CliIo } from '../io.js';
import { loadTools } from '../input/load-tools.js';
import { readInput } from '../input/read-input.js';
import type { ServeCommandOptions } from './serve.js';
import type { StopSignal } from './stop-signal.js';

/** `toolarsenal serve --tools <file>`: one tool file (any dialect the CLI reads) as an MCP server. */
export async function runServeTools(
  options: ServeCommandOptions & { tools: string },
  port: number | undefined,
  io: CliIo,
  stopSignal: StopSignal,
): Promise<void> {
  const mode = options.mode ?? 'dynamic';
  if (options.pin && mode !== 'hybrid') throw new CliError('--pin is for --mode hybrid');
  const source = options.tools === '-' ? '<stdin>' : options.tools;
  if (options.tools === '-' && port === undefined)
    throw new CliError('--tools - (stdin) cannot be used with --stdio: stdin carries the MCP messages');
  const { tools } = loadTools(await readInput(options.tools, io), undefined, source);
  options.mode = mode;
  let server;
  try {
    server = createMcpServer({
      tools,
      mode: options.mode,
      name: 'toolarsenal',
      ...(options.pin ? { pinned: options.pin } : {}),
      onError: (error) => io.stderr(`toolarsenal serve: ${error.message}\n`),
    });
  } catch (error) {
    throw new CliError((error as Error).message);
  }
  const stopped = new Promise<void>((resolve) => stopSignal(resolve));
  if (port === undefined) {
    // stdout is the MCP channel: everything for people goes to stderr.
    const serving = serveStdio(server);
    io.stderr(`toolarsenal: serving ${tools.length} tools over stdio (${options.mode} mode)\n`);
    const ended = new Promise<void>((resolve) => process.stdin.once('end', resolve));
    await Promise.race([stopped, ended]);
    await serving.close();
  } else {
    const serving = await listen(server, { port, host: options.host });
    io.stdout(`toolarsenal: serving ${tools.length} tools at ${serving.url} (${options.mode} mode)\n`);
    io.stdout(
      `client config: ${JSON.stringify({ mcpServers: { toolarsenal: { type: 'http', url: serving.url } } })}\n`,
    );
    await stopped;
    await serving.close();
  }
  await server.close();
}
