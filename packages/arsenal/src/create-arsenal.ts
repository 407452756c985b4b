import { Arsenal, type ArsenalOptions } from './arsenal.js';
import { type ArsenalConfig, loadConfig, type LoadConfigOptions, parseConfig } from './config/load.js';

/** A config object written in code: the file format's sections, validated the same way. */
export type ArsenalConfigInput = Record<string, unknown>;

/**
 * Creates an arsenal from a loaded config (`loadConfig`/`parseConfig`) or a config object written
 * in code (validated like a file; `dir` is the working directory). Sources start in the
 * background: `await arsenal.ready()` to wait for their first attempt.
 */
export function createArsenal(
  config: ArsenalConfig | ArsenalConfigInput = {},
  options: ArsenalOptions & { env?: LoadConfigOptions['env'] } = {},
): Arsenal {
  const { env, ...rest } = options;
  const resolved = isLoaded(config)
    ? config
    : parseConfig(JSON.stringify(config), { file: '<createArsenal>', format: 'json', ...(env && { env }) });
  return new Arsenal(resolved, rest);
}

/** `loadConfig(path)` then `createArsenal`. */
export async function loadArsenal(
  path: string,
  options: ArsenalOptions & LoadConfigOptions = {},
): Promise<Arsenal> {
  const { env, maxBytes, ...rest } = options;
  const config = await loadConfig(path, { ...(env && { env }), ...(maxBytes !== undefined && { maxBytes }) });
  return new Arsenal(config, rest);
}

function isLoaded(value: unknown): value is ArsenalConfig {
  const v = value as Partial<ArsenalConfig>;
  return (
    typeof v.file === 'string' &&
    typeof v.dir === 'string' &&
    typeof v.toolsets === 'object' &&
    Array.isArray(v.sources)
  );
}
