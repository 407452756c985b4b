import { createToolsTarget, type InspectTarget, startInspectServer } from '@toolarsenal/inspect';
import { instantiateConfig, loadToolsetConfigFile, ToolsetConfigError } from '@toolarsenal/toolset';
import type { Command } from 'commander';
import { CliError } from '../cli-error.js';
import type { CliIo } from '../io.js';
import { loadTools } from '../input/load-tools.js';
import { readInput } from '../input/read-input.js';
import type { RegisterCommand } from './index.js';
import type { StopSignal } from './serve.js';

interface InspectCommandOptions {
  tools: string;
  toolsets?: string;
  port: string;
  host: string;
}

const processStop: StopSignal = (onStop) => {
  process.once('SIGINT', onStop);
  process.once('SIGTERM', onStop);
};

/** A tool file (any dialect the CLI reads), optionally with a toolset config for the policy view. */
async function toolsTarget(options: InspectCommandOptions, io: CliIo): Promise<InspectTarget> {
  const source = options.tools === '-' ? '<stdin>' : options.tools;
  const { tools } = loadTools(await readInput(options.tools, io), undefined, source);
  if (!options.toolsets) return createToolsTarget({ tools });
  let instantiated;
  try {
    instantiated = instantiateConfig(
      await loadToolsetConfigFile(options.toolsets, { env: process.env }),
      tools,
    );
  } catch (error) {
    if (ToolsetConfigError.isInstance(error)) throw new CliError(error.message);
    throw error;
  }
  // The exposure when the config has one, else its only toolset; several toolsets without an exposure are ambiguous.
  const sets = [...instantiated.toolsets.values()];
  const access = instantiated.exposure ?? (sets.length === 1 ? sets[0] : undefined);
  if (!access)
    throw new CliError(
      `${options.toolsets}: give an "exposure" section or a single toolset; the policy view needs one access decision`,
    );
  return createToolsTarget({ tools, access });
}

async function runInspect(options: InspectCommandOptions, io: CliIo, stopSignal: StopSignal): Promise<void> {
  const port = Number(options.port);
  if (!/^\d+$/.test(options.port) || port > 65_535)
    throw new CliError(`--port must be a port number from 0 to 65535, got ${JSON.stringify(options.port)}`);
  const target = await toolsTarget(options, io);
  const stopped = new Promise<void>((resolve) => stopSignal(resolve));
  let server;
  try {
    server = await startInspectServer({
      target,
      port,
      host: options.host,
      onError: (error) => io.stderr(`toolarsenal inspect: ${(error as Error).message ?? String(error)}\n`),
    });
  } catch (error) {
    throw new CliError(`cannot serve the inspector on ${options.host}:${port}: ${(error as Error).message}`);
  }
  io.stdout(`toolarsenal: inspecting ${target.tools().length} tools at ${server.url}\n`);
  if (server.host !== '127.0.0.1' && server.host !== 'localhost' && server.host !== '::1')
    io.stderr(
      `toolarsenal inspect: listening on ${server.host}: anyone who can reach it can call your tools\n`,
    );
  await stopped;
  await server.close();
}

/** `toolarsenal inspect`: a local web page over a tool file (search, conversions, policies, calls). */
export function createInspectCommand(stopSignal: StopSignal = processStop): RegisterCommand {
  return (program: Command, io: CliIo) => {
    program
      .command('inspect')
      .description(
        'Serve a local web page to inspect tools: lint, search with score breakdowns, conversions with their losses, policies, calls. Prints the URL; opens nothing.',
      )
      .requiredOption(
        '--tools <file>',
        'tool file: canonical tools or any dialect (MCP, OpenAI, Anthropic, …), JSON/YAML/JSONL',
      )
      .option(
        '--toolsets <file>',
        'toolset config (policies, toolsets, exposure) for the policy view and calls',
      )
      .option('--port <port>', 'port (0 = any free port)', '0')
      .option(
        '--host <host>',
        'interface to bind; anything but loopback exposes the page to that network',
        '127.0.0.1',
      )
      .action(async (options: InspectCommandOptions) => {
        await runInspect(options, io, stopSignal);
      });
  };
}

export const registerInspect: RegisterCommand = createInspectCommand();
