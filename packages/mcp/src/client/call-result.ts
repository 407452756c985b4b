import type { CallToolResult } from '@modelcontextprotocol/client';
import { type ContentBlock, ToolExecutionError, ToolOutput } from '@toolarsenal/toolrun';

const MAX_ERROR_TEXT = 2_000;

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
    const text = textOf(content) || 'the tool reported an error without a message';
    throw new ToolExecutionError(
      text.length <= MAX_ERROR_TEXT ? text : `${text.slice(0, MAX_ERROR_TEXT)}…`,
      { code: 'TOOL_ERROR', retryable: false, details: { server, tool } },
    );
  }
  const allText = content.length > 0 && content.every((b) => b.type === 'text');
  const value =
    result.structuredContent !== undefined
      ? result.structuredContent
      : allText
        ? textOf(content)
        : undefined;
  return new ToolOutput(value, content);
}

function textOf(content: readonly ContentBlock[]): string {
  return content
    .filter((b): b is Extract<ContentBlock, { type: 'text' }> => b.type === 'text')
    .map((b) => b.text)
    .join('\n');
}
