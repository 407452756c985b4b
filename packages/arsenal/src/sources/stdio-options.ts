import { resolve } from 'node:path';
import type { StdioTransportOptions } from '@toolarsenal/mcp/stdio';
import type { SourceConfig } from '../config/schema.js';

export type McpConfig = NonNullable<SourceConfig['mcp']>;

/** The `stdio()` options of a command source: what its McpSource and `prestartMcpServers` spawn. */
export function stdioOptions(config: McpConfig, dir: string): StdioTransportOptions {
  return {
    command: config.command!,
    args: config.args ?? [],
    ...(config.env && { env: config.env }),
    cwd: resolve(dir, config.cwd ?? '.'),
    stderr: config.stderr ?? 'ignore',
  };
}
