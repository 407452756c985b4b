// The one place this package turns a runner result into an MCP `CallToolResult` (toolrun's
// `formatResult` today; tooladapter's tool-result messages after the move).
import type { CallToolResult } from '@modelcontextprotocol/server';
import { formatResult, type ToolResult, ToolRunError } from '@toolarsenal/toolrun';

export const DEFAULT_MAX_RESULT_LENGTH = 100_000;

/** A runner result as MCP content: rich blocks kept, `structuredContent` when it fits, `isError` on failure. */
export function toCallToolResult(result: ToolResult, maxLength = DEFAULT_MAX_RESULT_LENGTH): CallToolResult {
  const formatted = formatResult(result, { dialect: 'mcp', maxLength });
  const out: CallToolResult = { content: formatted.content as CallToolResult['content'] };
  if (formatted.structuredContent !== undefined) out.structuredContent = formatted.structuredContent;
  if (formatted.isError) out.isError = true;
  if (!result.ok && result.error)
    out._meta = { 'io.toolarsenal/error': errorMeta(result.error, result.status) };
  return out;
}

/** An error answer built here (unknown tool, bad meta-tool arguments…), in the same shape as the runner's. */
export function errorResult(
  code: string,
  message: string,
  status: ToolResult['status'] = 'failure',
): CallToolResult {
  return {
    content: [{ type: 'text', text: `Error [${code}]: ${message}` }],
    isError: true,
    _meta: { 'io.toolarsenal/error': errorMeta(new ToolRunError(status, code, message), status) },
  };
}

function errorMeta(error: ToolRunError, status: string): Record<string, unknown> {
  return { code: error.code, status, retryable: error.retryable };
}
