// Public API of @toolarsenal/mcp (browser/edge safe: nothing here imports node:*).
export { Backoff, type ReconnectOptions } from './client/backoff.js';
export { mapCallError } from './client/call-errors.js';
export { toToolOutput } from './client/call-result.js';
export {
  type ConnectMcpOptions,
  connectMcp,
  type McpCallOptions,
  McpConnection,
  type McpConnectionStatus,
  type McpEra,
} from './client/connection.js';
export { type ImportProblem, type ImportedTools, importMcpTools } from './client/import-tools.js';
export { createMcpPool, McpPool, type McpServerStatus } from './client/pool.js';
export { customTransport, type HttpTransportOptions, http, type McpTransport } from './client/transport.js';
export { McpError, type McpErrorCode } from './errors.js';
export { defaultPrincipal, type McpRequestInfo, type PrincipalResolver } from './server/access.js';
export { META_TOOL_NAMES } from './server/catalog.js';
export {
  CONFIRM_META_KEY,
  CONFIRMATION_META_KEY,
  type ConfirmationOptions,
  REJECT_META_KEY,
} from './server/confirmation.js';
export { DEFAULT_FIND_LIMIT, MAX_FIND_LIMIT, type ToolCard } from './server/find-describe.js';
export type { McpServeMode } from './server/instance.js';
export {
  type CreateMcpServerOptions,
  createMcpServer,
  type ToolArsenalMcpServer,
} from './server/mcp-server.js';
export { CALL_TOOL, DESCRIBE_TOOL, FIND_TOOLS, META_TOOLS } from './server/meta-tools.js';
