import type { Arsenal, SourceState } from '@toolarsenal/arsenal';
// The config entry loads the config loader and the MCP stdio client only: the servers of a config
// are spawned before the rest of the arsenal (index, toolsets, runner, MCP server) is loaded.
import {
  type ArsenalConfig,
  ArsenalConfigError,
  CONFIG_FILE_NAMES,
  findConfig,
  loadConfig,
  type LoadConfigOptions,
  prestartMcpServers,
} from '@toolarsenal/arsenal/config';
import { CliError, EXIT } from '../cli-error.js';
import type { CliIo } from '../io.js';

/** How long sources may take before progress lines appear on stderr (ms). */
const PROGRESS_AFTER_MS = 300;

/** The config file: `--config`, else the first `toolarsenal.yaml|yml|json` in the working directory. */
export async function resolveConfigPath(given: string | undefined): Promise<string> {
  if (given !== undefined) return given;
  const found = await findConfig(process.cwd());
  if (!found)
    throw new CliError(
      `no config: pass --config <file> or create one of ${CONFIG_FILE_NAMES.join(', ')} in ${process.cwd()}`,
    );
  return found;
}

/** Loads and validates the config; an invalid one is a usage error (exit 2) listing every problem. */
export async function readConfig(
  given: string | undefined,
  exitCode: number = EXIT.usage,
  env?: LoadConfigOptions['env'],
): Promise<ArsenalConfig> {
  const path = await resolveConfigPath(given);
  try {
    return await loadConfig(path, env ? { env } : {});
  } catch (error) {
    if (ArsenalConfigError.isInstance(error)) throw new CliError(error.message, exitCode, error.code);
    throw error;
  }
}

/**
 * Starts every source of the config and waits for their first attempt. When that takes more
 * than a moment, progress goes to stderr (one line per source as it comes up or fails). The
 * config's stdio MCP servers are spawned as soon as it is read, so their start-up overlaps the
 * loading of `@toolarsenal/arsenal`; if creating the arsenal fails they are stopped.
 */
export async function openArsenal(
  given: string | undefined,
  io: CliIo,
  options: { quiet?: boolean; env?: LoadConfigOptions['env'] } = {},
): Promise<Arsenal> {
  const config = await readConfig(given, EXIT.usage, options.env);
  const prestarted = prestartMcpServers(config);
  let arsenal: Arsenal;
  try {
    const { createArsenal } = await import('@toolarsenal/arsenal');
    arsenal = createArsenal(config, { prestarted });
  } catch (error) {
    await prestarted.close();
    throw error;
  }
  let verbose = false;
  const timer = setTimeout(() => {
    if (options.quiet) return;
    verbose = true;
    io.stderr(`toolarsenal: starting ${config.sources.length} sources…\n`);
    for (const state of arsenal.status()) if (state.status !== 'starting') io.stderr(line(state));
  }, PROGRESS_AFTER_MS);
  const off = arsenal.on('status', (state) => {
    if (verbose) io.stderr(line(state));
  });
  try {
    await arsenal.ready();
  } finally {
    clearTimeout(timer);
    off();
  }
  if (!options.quiet)
    for (const state of arsenal.status()) if (state.status !== 'ready' && !verbose) io.stderr(line(state));
  return arsenal;
}

/** `  ✓ name (kind): 12 tools` / `  ✗ name (kind): retrying — reason`. */
export function line(state: SourceState): string {
  const mark = state.status === 'ready' ? '✓' : state.status === 'starting' ? '…' : '✗';
  const detail =
    state.status === 'ready'
      ? `${state.tools} tools`
      : `${state.status}${state.error ? ` — ${state.error.split('\n')[0]}` : ''}`;
  return `  ${mark} ${state.name} (${state.kind}): ${detail}\n`;
}
