import { stat } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import {
  loadToolsetConfigFile,
  parseToolsetConfig,
  type ConfigIssueReporter,
  type ToolsetConfig,
  ToolsetConfigError,
} from '@toolarsenal/toolset';
import { ArsenalConfigError } from '../errors.js';
import {
  ARSENAL_SECTIONS,
  type IndexConfig,
  type RunnerConfig,
  type ServeConfig,
  type SourceConfig,
  type TelemetryConfig,
} from './schema.js';

/** A validated `toolarsenal.yaml`: the toolset package's sections plus the facade's. Plain data. */
export interface ArsenalConfig {
  /** The file it came from (`<config>` for text). */
  file: string;
  /** Directory relative paths (documents, modules, tool files, snapshots, cwd) resolve against. */
  dir: string;
  /** `policies`, `toolsets` and `exposure`, for toolset's `instantiateConfig`. */
  toolsets: ToolsetConfig;
  sources: SourceConfig[];
  serve: ServeConfig;
  index: IndexConfig;
  runner: RunnerConfig;
  telemetry: TelemetryConfig;
}

export interface LoadConfigOptions {
  /** Variables for `${NAME}` / `${NAME:-default}` in values. Default `process.env`. */
  env?: Readonly<Record<string, string | undefined>>;
  /** Largest accepted file in bytes (checked before reading). Default 5 MB. */
  maxBytes?: number;
}

export interface ParseConfigOptions extends LoadConfigOptions {
  /** Name shown in errors. Default `<config>`. */
  file?: string;
  /** Default: from the file name (`.json` → json), else yaml. */
  format?: 'yaml' | 'json';
  /** Base for relative paths. Default: the file's directory, else the working directory. */
  dir?: string;
}

/** File names `findConfig` looks for, in order. */
export const CONFIG_FILE_NAMES = Object.freeze(['toolarsenal.yaml', 'toolarsenal.yml', 'toolarsenal.json']);

/** Reads and validates a config file. Every problem comes back at once in an `ArsenalConfigError`. */
export async function loadConfig(path: string, options: LoadConfigOptions = {}): Promise<ArsenalConfig> {
  let toolsets: ToolsetConfig;
  try {
    toolsets = await loadToolsetConfigFile(path, {
      ...options,
      sections: ARSENAL_SECTIONS,
      refine: crossChecks,
    });
  } catch (error) {
    throw rethrow(error, path);
  }
  return assemble(toolsets, path, resolve(dirname(path)));
}

/** Validates config text (YAML or JSON). */
export function parseConfig(text: string, options: ParseConfigOptions = {}): ArsenalConfig {
  const file = options.file ?? '<config>';
  let toolsets: ToolsetConfig;
  try {
    toolsets = parseToolsetConfig(text, {
      file,
      ...(options.format !== undefined && { format: options.format }),
      ...(options.env !== undefined && { env: options.env }),
      ...(options.maxBytes !== undefined && { maxBytes: options.maxBytes }),
      sections: ARSENAL_SECTIONS,
      refine: crossChecks,
    });
  } catch (error) {
    throw rethrow(error, file);
  }
  const dir = options.dir ?? (options.file ? dirname(resolve(options.file)) : process.cwd());
  return assemble(toolsets, file, resolve(dir));
}

/** The first config file in `dir` (see `CONFIG_FILE_NAMES`), or undefined. */
export async function findConfig(dir: string = process.cwd()): Promise<string | undefined> {
  for (const name of CONFIG_FILE_NAMES) {
    const path = join(dir, name);
    try {
      if ((await stat(path)).isFile()) return path;
    } catch {
      // not there: try the next name
    }
  }
  return undefined;
}

function assemble(toolsets: ToolsetConfig, file: string, dir: string): ArsenalConfig {
  const s = (toolsets.sections ?? {}) as Partial<Omit<ArsenalConfig, 'file' | 'dir' | 'toolsets'>>;
  const { sections: _sections, ...plain } = toolsets;
  return {
    file,
    dir,
    toolsets: plain,
    sources: s.sources ?? [],
    serve: s.serve ?? {},
    index: s.index ?? {},
    runner: s.runner ?? {},
    telemetry: s.telemetry ?? {},
  };
}

function crossChecks(config: ToolsetConfig, report: ConfigIssueReporter): void {
  const serve = config.sections?.serve as ServeConfig | undefined;
  if (serve?.toolset !== undefined && !config.toolsets.some((t) => t.id === serve.toolset))
    report(
      ['serve', 'toolset'],
      'unknown_reference',
      `unknown toolset ${JSON.stringify(serve.toolset)}${known(config.toolsets.map((t) => t.id))}`,
    );
  if (serve?.pinned !== undefined && serve.mode !== 'hybrid')
    report(['serve', 'pinned'], 'invalid_entry', '"pinned" is for mode "hybrid"');
}

function known(ids: readonly string[]): string {
  return ids.length === 0
    ? ' (the config defines no toolsets)'
    : ` (defined: ${ids.slice(0, 10).join(', ')})`;
}

function rethrow(error: unknown, file: string): unknown {
  if (ToolsetConfigError.isInstance(error))
    return new ArsenalConfigError(error.file, error.issues, { cause: error });
  if (error instanceof Error && !(error instanceof TypeError)) return error;
  return new ArsenalConfigError(file, [
    { pointer: '', code: 'invalid', message: String((error as Error)?.message ?? error) },
  ]);
}
