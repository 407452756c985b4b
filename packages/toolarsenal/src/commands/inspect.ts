import type { Arsenal } from '@toolarsenal/arsenal';
import { createToolsTarget, type InspectTarget, startInspectServer } from '@toolarsenal/inspect';
import { instantiateConfig, loadToolsetConfigFile, ToolsetConfigError } from '@toolarsenal/toolset';
import type { Command } from 'commander';
import { CliError, EXIT } from '../cli-error.js';
import type { CliIo } from '../io.js';
import { loadTools } from '../input/load-tools.js';
import { readInput } from '../input/read-input.js';
import { openArsenal } from './arsenal-session.js';
import type { RegisterCommand } from './index.js';
import { arsenalTarget } from './inspect-arsenal.js';
import { addSourceOptions } from './source-options.js';
import { processStop, type StopSignal } from './stop-signal.js';

interface InspectCommandOptions {
  config?: string;
  tools?: string;
  toolsets?: string;
  port: string;
  host: string;
}

/** A tool file (any dialect the CLI reads), optionally with a toolset config for the policy view. */
async function toolsTarget(
  options: InspectCommandOptions & { tools: string },
  io: CliIo,
): Promise<InspectTarget> {
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

/**
 * The config's arsenal (every source started, as `serve` does). The environment the config reads is
 * recorded: the values of the variables it interpolates are secrets no response may contain.
 */
async function configTarget(
  options: InspectCommandOptions,
  io: CliIo,
): Promise<{ target: InspectTarget; arsenal: Arsenal }> {
  const read = new Set<string>();
  const env = recordingEnv(read);
  const arsenal = await openArsenal(options.config, io, { env });
  const secrets = [...read]
    .map((name) => process.env[name])
    .filter((value): value is string => value !== undefined && looksSecret(value));
  return { target: arsenalTarget(arsenal, { secrets }), arsenal };
}

/** Environment values short enough to be ports, sizes or flags would blank ordinary text: those are kept. */
function looksSecret(value: string): boolean {
  return value.length >= 6 && !/^\d{1,7}$/.test(value) && !/^(true|false|yes|no|on|off)$/i.test(value);
}

/** `process.env` as the config loader sees it, noting each variable it looks up. */
function recordingEnv(read: Set<string>): Readonly<Record<string, string | undefined>> {
  return new Proxy(
    { ...process.env },
    {
      get(target, key) {
        if (typeof key === 'string') read.add(key);
        return Reflect.get(target, key) as unknown;
      },
      getOwnPropertyDescriptor(target, key) {
        if (typeof key === 'string') read.add(key);
        return Reflect.getOwnPropertyDescriptor(target, key);
      },
    },
  );
}

/** `--tools` and `--config` are two forms; their options do not mix. */
function checkForm(options: InspectCommandOptions): void {
  if (options.tools !== undefined && options.config !== undefined)
    throw new CliError('--config cannot be used with --tools: inspect a config or a tool file', EXIT.usage);
  if (options.toolsets !== undefined && options.tools === undefined)
    throw new CliError(
      '--toolsets goes with --tools; a config (--config) has its own toolsets, policies and exposure',
      EXIT.usage,
    );
}

async function runInspect(options: InspectCommandOptions, io: CliIo, stopSignal: StopSignal): Promise<void> {
  const port = Number(options.port);
  if (!/^\d+$/.test(options.port) || port > 65_535)
    throw new CliError(`--port must be a port number from 0 to 65535, got ${JSON.stringify(options.port)}`);
  checkForm(options);
  let arsenal: Arsenal | undefined;
  let target: InspectTarget;
  if (options.tools !== undefined) target = await toolsTarget({ ...options, tools: options.tools }, io);
  else ({ target, arsenal } = await configTarget(options, io));
  try {
    await serveInspector(target, options, io, stopSignal, arsenal);
  } finally {
    await arsenal?.close({ graceMs: 0 });
  }
}

async function serveInspector(
  target: InspectTarget,
  options: InspectCommandOptions,
  io: CliIo,
  stopSignal: StopSignal,
  arsenal: Arsenal | undefined,
): Promise<void> {
  const port = Number(options.port);
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
  const from = arsenal ? ` from ${arsenal.status().length} sources` : '';
  io.stdout(`toolarsenal: inspecting ${target.tools().length} tools${from} at ${server.url}\n`);
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
    addSourceOptions(
      program
        .command('inspect')
        .description(
          'Serve a local web page to inspect tools: lint, search with score breakdowns, conversions with their losses, policies, calls. Reads the same config as `serve` (--config, else toolarsenal.yaml here) or a tool file (--tools). Prints the URL; opens nothing.',
        ),
      {
        config:
          'arsenal config (toolarsenal.yaml): its sources are started; default: toolarsenal.yaml|yml|json in the working directory',
        tools:
          'tool file instead of a config: canonical tools or any dialect (MCP, OpenAI, Anthropic, …), JSON/YAML/JSONL',
      },
    )
      .option(
        '--toolsets <file>',
        'with --tools: toolset config (policies, toolsets, exposure) for the policy view and calls',
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
