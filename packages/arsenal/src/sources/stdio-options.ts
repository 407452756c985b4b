import { resolve } from 'node:path';
import { debuglog } from 'node:util';
import type { StdioTransportOptions } from '@toolarsenal/mcp/stdio';
import type { SourceConfig } from '../config/schema.js';
import { resolveNpx } from './npx.js';

export type McpConfig = NonNullable<SourceConfig['mcp']>;

/** `NODE_DEBUG=toolarsenal`: how each `npx` source is started (paths only, never env values). */
const debug = debuglog('toolarsenal');

/** One resolution per config entry: `prestartMcpServers` and the source's own reconnects agree. */
const resolved = new WeakMap<McpConfig, { dir: string; options: StdioTransportOptions }>();

/**
 * The `stdio()` options of a command source: what its McpSource and `prestartMcpServers` spawn.
 * `npx --no-install <name> …` runs the locally installed bin directly, as npm exec would (see
 * `resolveNpx`), unless `resolveNpx: false`.
 */
export function stdioOptions(config: McpConfig, dir: string, name = 'mcp'): StdioTransportOptions {
  const known = resolved.get(config);
  if (known?.dir === dir) return known.options;
  const cwd = resolve(dir, config.cwd ?? '.');
  const options: StdioTransportOptions = {
    command: config.command!,
    args: config.args ?? [],
    ...(config.env && { env: config.env }),
    cwd,
    stderr: config.stderr ?? 'ignore',
  };
  if (config.resolveNpx !== false) {
    const npx = resolveNpx({
      command: options.command,
      args: options.args!,
      cwd,
      ...(config.env && { env: config.env }),
      inheritedPath: process.env.PATH,
    });
    if (npx.resolved) {
      options.command = npx.resolved.command;
      options.args = npx.resolved.args;
      options.env = { ...config.env, PATH: npx.resolved.path };
      debug(
        'source %s: %s %s runs %s (npx fast path)',
        name,
        config.command,
        config.args!.slice(0, 2).join(' '),
        npx.resolved.command,
      );
    } else if (npx.reason !== undefined) {
      debug('source %s: spawning npx: %s', name, npx.reason);
    }
  }
  resolved.set(config, { dir, options });
  return options;
}
