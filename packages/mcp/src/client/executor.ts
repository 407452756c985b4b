import type { Executor } from '@toolarsenal/toolrun';
import { ToolRunError } from '@toolarsenal/toolrun';
import { toToolOutput } from './call-result.js';
import type { McpConnection } from './connection.js';
import { serverOf, wireName } from './import-tools.js';

/**
 * A toolrun executor (source `mcp`) for tools imported from MCP servers: routes each call to
 * the connection named in the tool's `sourceMeta.mcp.server`, with the runner's remaining
 * deadline as the request timeout, its signal for cancellation (the SDK sends
 * `notifications/cancelled`) and progress notifications reported as runner updates.
 */
export function createConnectionExecutor(resolve: (server: string) => McpConnection | undefined): Executor {
  return {
    source: 'mcp',
    canExecute: (tool) => serverOf(tool) !== undefined,
    async execute(request) {
      const server = serverOf(request.tool);
      const connection = server === undefined ? undefined : resolve(server);
      if (!connection) {
        throw new ToolRunError(
          'failure',
          'MCP_SERVER_UNKNOWN',
          `No MCP connection "${server ?? '(none)'}" for tool "${request.tool.name}".`,
          { details: { server: server ?? null } },
        );
      }
      const name = wireName(request.tool);
      const result = await connection.callTool(name, request.arguments, {
        signal: request.signal,
        timeoutMs: request.deadline - Date.now(),
        onProgress: (p) => request.report({ type: 'progress', ...p }),
      });
      return toToolOutput(result, connection.name, name);
    },
  };
}
