import type { McpPool } from '@toolarsenal/mcp';
import type { Executor } from '@toolarsenal/toolrun';
import type { SourceConfig } from '../config/schema.js';
import { loadToolFile } from './file-source.js';
import { LoadedSource } from './loaded-source.js';
import { McpSource } from './mcp-source.js';
import { loadToolModule } from './module-source.js';
import type { PrestartedMcpServers } from './prestart.js';
import type { ArsenalSource } from './source.js';

export interface SourceContext {
  pool: McpPool;
  /** Base directory of relative paths. */
  dir: string;
  /** Executor for an OpenAPI source's calls instead of the default HTTP executor, by source name or for all. */
  openapiExecutor?: (config: SourceConfig) => Executor | undefined;
  /** MCP servers spawned early (`prestartMcpServers`); a source takes its own by name. */
  prestarted?: PrestartedMcpServers;
}

/**
 * Builds the source a config entry describes (not started). The OpenAPI and A2A source kinds
 * (with their HTTP stacks) are imported on first use: a config without them does not pay their
 * load time at start-up.
 */
export function createSource(config: SourceConfig, ctx: SourceContext): ArsenalSource {
  const namespace = config.namespace ?? config.name;
  if (config.mcp) return new McpSource(ctx.pool, config, ctx.dir, ctx.prestarted?.take(config));
  const common = { name: config.name, namespace, ...(config.retry && { retry: config.retry }) };
  if (config.openapi) {
    const executor = ctx.openapiExecutor?.(config);
    return new LoadedSource({
      ...common,
      kind: 'openapi',
      load: async () => {
        const { loadOpenApi } = await import('./openapi-source.js');
        return loadOpenApi(config, namespace, ctx.dir, executor === undefined);
      },
      ...(executor && { executor }),
    });
  }
  if (config.a2a)
    return new LoadedSource({
      ...common,
      kind: 'a2a',
      load: async (signal) => {
        const { loadAgent } = await import('./a2a-source.js');
        return loadAgent(config, namespace, signal);
      },
    });
  if (config.module !== undefined)
    return new LoadedSource({
      ...common,
      kind: 'module',
      load: () => loadToolModule(config.module!, namespace, ctx.dir),
    });
  return new LoadedSource({
    ...common,
    kind: 'file',
    load: () => loadToolFile(config.file!, namespace, config.dialect, ctx.dir),
  });
}
