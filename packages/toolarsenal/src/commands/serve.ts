import type { McpServeMode } from '@toolarsenal/mcp';
import { type Command, Option } from 'commander';
import { CliError } from '../cli-error.js';
import type { CliIo } from '../io.js';
import { runServeConfig } from './serve-config.js';
import type { RegisterCommand } from './index.js';
import { addSourceOptions } from './source-options.js';
import { processStop, type StopSignal } from './stop-signal.js';

export interface ServeCommandOptions {
  tools?: string;
  config?: string;
  mode?: McpServeMode;
  stdio?: boolean;
  http?: string;
  host: string;
  hostGiven?: boolean;
  pin?: string[];
}

export type { StopSignal } from './stop-signal.js';

async function runServe(options: ServeCommandOptions, io: CliIo, stopSignal: StopSignal): Promise<void> {
  if (options.stdio && options.http !== undefined)
    throw new CliError('give either --stdio or --http <port>, not both');
  const port = options.http === undefined ? undefined : Number(options.http);
  if (port !== undefined && !(Number.isInteger(port) && port >= 0 && port <= 65_535))
    throw new CliError(`--http must be a port number from 0 to 65535, got ${JSON.stringify(options.http)}`);
  if (options.pin && options.mode !== undefined && options.mode !== 'hybrid')
    throw new CliError('--pin is for --mode hybrid');
  if (options.tools !== undefined && options.config !== undefined)
    throw new CliError('give either --tools <file> or --config <file>, not both');
  if (options.tools === undefined) {
    await runServeConfig(
      {
        ...(options.config !== undefined && { config: options.config }),
        ...(options.mode !== undefined && { mode: options.mode }),
        ...(port !== undefined && { port }),
        ...(options.hostGiven && { host: options.host }),
        ...(options.pin && { pin: options.pin }),
      },
      io,
      stopSignal,
    );
    return;
  }
  // The tool-file server's modules (the MCP server, the dialect readers) load only on this path.
  const { runServeTools } = await import('./serve-tools.js');
  await runServeTools({ ...options, tools: options.tools }, port, io, stopSignal);
}

/** `toolarsenal serve`: a tool file (any dialect the CLI reads) as an MCP server. */
export function createServeCommand(stopSignal: StopSignal = processStop): RegisterCommand {
  return (program: Command, io: CliIo) => {
    addSourceOptions(
      program
        .command('serve')
        .description(
          'Serve a config (the gateway: MCP servers, OpenAPI APIs, A2A agents, modules, tool files) or a tool file as an MCP server.',
        ),
      {
        config:
          'gateway config (default, when --tools is not given: toolarsenal.yaml|yml|json in this directory)',
        tools:
          'serve one tool file instead: canonical tools or any dialect (MCP, OpenAI, Anthropic, …), JSON/YAML/JSONL; tools without an executor answer EXECUTOR_NOT_FOUND',
      },
    )
      .addOption(
        new Option(
          '--mode <mode>',
          'dynamic: find/describe/call meta-tools; static: every tool; hybrid: pinned tools + meta-tools',
        ).choices(['static', 'dynamic', 'hybrid']),
      )
      .option('--stdio', 'serve over stdin/stdout (the default)')
      .option('--http <port>', 'serve Streamable HTTP on this port (0 = any free port)')
      .option('--host <host>', 'interface for --http (default 127.0.0.1, or serve.http.host of the config)')
      .option('--pin <pattern...>', 'hybrid mode: tools to list directly (names, ids or globs)')
      .addHelpText(
        'after',
        '\nOn SIGINT/SIGTERM calls under way finish (config: serve.shutdownGraceMs, default 10 s), then child MCP servers are stopped.\nExit codes: 0 stopped cleanly, 2 bad usage or invalid config.',
      )
      .action(async (options: ServeCommandOptions) => {
        options.hostGiven = options.host !== undefined;
        options.host ??= '127.0.0.1';
        await runServe(options, io, stopSignal);
      });
  };
}

export const registerServe: RegisterCommand = createServeCommand();
