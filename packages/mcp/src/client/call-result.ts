import type { CallToolResult } from '@modelcontextprotocol/client';
import { isPlainObject } from '@toolarsenal/toolmodel';
import {
  type ContentBlock,
  ToolExecutionError,
  ToolOutput,
  type ToolResultStatus,
  ToolRunError,
} from '@toolarsenal/toolrun';

const MAX_ERROR_TEXT = 2_000;
/** Statuses a remote ToolArsenal server may report for an error result. */
const FORWARDED = new Set([
  'failure',
  'invalid_arguments',
  'not_found',
  'timeout',
  'cancelled',
  'permission_denied',
  'rate_limited',
  'circuit_open',
]);

/**
 * An MCP `CallToolResult` as a toolrun executor's return value: `structuredContent` (when the
 * server sent it) or the text of an all-text result becomes the value; every content block
 * (text, image, audio, resource links, embedded resources) is kept for `formatResult`.
 * `isError` results are the tool's own failures: they throw `ToolExecutionError` (`TOOL_ERROR`)
 * carrying the server's text, so the runner records a `failure` the model can read.
 */
export function toToolOutput(result: CallToolResult, server: string, tool: string): ToolOutput {
  const content = (Array.isArray(result.content) ? result.content : []) as unknown as ContentBlock[];
  if (result.isError === true) {
    const full = textOf(content) || 'the tool reported an error without a message';
    const text = full.length <= MAX_ERROR_TEXT ? full : `${full.slice(0, MAX_ERROR_TEXT)}…`;
    // A ToolArsenal server says which typed error this was; keep its code and status.
    const typed = isPlainObject(result._meta) ? result._meta['io.toolarsenal/error'] : undefined;
    if (isPlainObject(typed) && typeof typed.code === 'string' && /^[A-Z][A-Z0-9_]{0,63}$/.test(typed.code)) {
      const status =
        typeof typed.status === 'string' && FORWARDED.has(typed.status)
          ? (typed.status as ToolResultStatus)
          : 'failure';
      const message = text.replace(/^Error \[[A-Z0-9_]+\]: /, '');
      throw new ToolRunError(status, typed.code, message, { retryable: false, details: { server, tool } });
    }
    throw new ToolExecutionError(text, { code: 'TOOL_ERROR', retryable: false, details: { server, tool } });
  }
  const allText = content.length > 0 && content.every((b) => b.type === 'text');
  const value =
    result.structuredContent !== undefined ? result.structuredContent : allText ? textOf(content) : undefined;
  return new ToolOutput(value, content);
}

function textOf(content: readonly ContentBlock[]): string {
  return content
    .filter((b): b is Extract<ContentBlock, { type: 'text' }> => b.type === 'text')
    .map((b) => b.text)
    .join('\n');
}
