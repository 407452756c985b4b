import { markError, subclassGuard, ToolArsenalError } from '@toolarsenal/toolmodel';

const MCP = 'toolarsenal.error.mcp';

/** Stable codes of `McpError`. */
export type McpErrorCode =
  /** Options given to `connectMcp`, `createMcpPool`, `createMcpServer`… are invalid. */
  | 'MCP_INVALID_OPTIONS'
  /** The server could not be reached or the handshake failed. */
  | 'MCP_CONNECT_FAILED'
  /** The connection is closed (by `close()`), or gave up reconnecting. */
  | 'MCP_CLOSED'
  /** A server answered `tools/list` with something that is not a list of tools. */
  | 'MCP_PROTOCOL_ERROR';

/**
 * Errors of the MCP package's own API (bad options, connection failures). Failures of a tool
 * call are never thrown: they come back as toolrun `ToolResult`s with a typed `ToolRunError`.
 */
export class McpError extends ToolArsenalError {
  declare readonly code: McpErrorCode;

  constructor(code: McpErrorCode, message: string, options: { cause?: unknown } = {}) {
    super(code, message, options);
    this.name = 'McpError';
    markError(this, MCP);
  }

  static override isInstance = subclassGuard<McpError>(MCP);
}
