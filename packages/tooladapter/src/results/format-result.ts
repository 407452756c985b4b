import { InvalidArgumentError, isPlainObject } from '@toolarsenal/toolmodel';
import { ConversionError, UnknownDialectError } from '../errors.js';
import { DIALECTS } from '../types.js';
import { toJsonSafe } from './json-safe.js';
import {
  type AnthropicToolResultContent,
  type ContentBlock,
  type FormattedToolResult,
  type FormatToolResultOptions,
  type McpCallToolResult,
  TOOL_RESULT_DIALECTS,
  type ToolResultDialect,
  type ToolResultLike,
} from './result-types.js';

export const DEFAULT_RESULT_MAX_LENGTH = 20_000;
const MIN_RESULT_MAX_LENGTH = 64;

/**
 * Builds the tool-result message a provider expects for one call's outcome. Successful output is
 * serialised (strings as they are, everything else as JSON, see `toJsonSafe`) and cut to
 * `maxLength` with a visible marker; a structured copy (Gemini `output`, MCP `structuredContent`,
 * LangChain `artifact`) is sent only when it fits, and is always plain JSON. Failures become short
 * messages that tell the model what to do next. Every message `JSON.stringify`s.
 */
export function formatToolResult<D extends ToolResultDialect>(
  result: ToolResultLike,
  options: FormatToolResultOptions<D>,
): FormattedToolResult[D] {
  if (!isPlainObject(result)) throw new InvalidArgumentError('result', 'a tool result ({status, …})', result);
  if (!isPlainObject(options)) throw new InvalidArgumentError('options', 'an object ({dialect, …})', options);
  const dialect = options.dialect;
  if (!(TOOL_RESULT_DIALECTS as readonly string[]).includes(dialect)) {
    if ((DIALECTS as readonly string[]).includes(dialect))
      throw new ConversionError(
        'unsupported-direction',
        '',
        `dialect "${dialect}" has no tool-result message (supported: ${TOOL_RESULT_DIALECTS.join(', ')})`,
      );
    throw new UnknownDialectError(dialect, TOOL_RESULT_DIALECTS);
  }
  const max = checkMaxLength(options.maxLength);
  const isError = !result.ok && result.status !== 'pending_confirmation';
  const rich = result.ok && result.content && result.content.length > 0 ? result.content : undefined;
  const output = result.ok ? serializeOutput(result.result, max) : undefined;
  const full = !result.ok
    ? { text: describeToolFailure(result), complete: true }
    : rich
      ? { text: rich.map(blockText).join('\n'), complete: true }
      : output!;
  const text = cut(full.text, max, full.complete);
  // Structured copies are sent only when whole and within the limit: a cut JSON document helps nobody.
  const structured =
    output !== undefined &&
    output.complete &&
    output.text.length <= max &&
    (isPlainObject(output.json) || Array.isArray(output.json))
      ? output.json
      : undefined;
  let out: FormattedToolResult[ToolResultDialect];
  switch (dialect) {
    case 'openai-chat':
      out = { role: 'tool', tool_call_id: result.callId, content: text };
      break;
    case 'openai-responses':
      out = { type: 'function_call_output', call_id: result.callId, output: text };
      break;
    case 'anthropic':
      out = {
        type: 'tool_result',
        tool_use_id: result.callId,
        content: rich?.some((b) => b.type === 'image') ? rich.map((b) => anthropicPart(b, max)) : text,
        ...(isError ? { is_error: true } : {}),
      };
      break;
    case 'gemini':
    case 'gemini-json':
      out = {
        functionResponse: {
          id: result.callId,
          name: result.toolName,
          response: !result.ok ? { error: text } : { output: structured ?? text },
        },
      };
      break;
    case 'mcp': {
      const content = rich ? rich.map((b) => mcpBlock(b, max)) : [{ type: 'text' as const, text }];
      const mcp: McpCallToolResult = { content };
      if (isPlainObject(structured)) mcp.structuredContent = structured;
      if (isError) mcp.isError = true;
      out = mcp;
      break;
    }
    case 'langchain':
      out = {
        content: text,
        tool_call_id: result.callId,
        name: result.toolName,
        status: isError ? 'error' : 'success',
        ...(structured !== undefined ? { artifact: structured } : {}),
      };
      break;
  }
  return out as FormattedToolResult[D];
}

/** The short, repairable message a model sees for a call that did not succeed. */
export function describeToolFailure(result: ToolResultLike): string {
  if (!isPlainObject(result)) throw new InvalidArgumentError('result', 'a tool result ({status, …})', result);
  const error = result.error;
  if (!error) return `Tool "${result.toolName}" did not succeed (${result.status ?? 'failed'}).`;
  let text = `Error [${error.code}]: ${error.message}`;
  if (error.retryable && error.retryAfterMs !== undefined && !/retry in|try again in/i.test(error.message)) {
    text += ` Retry after ${Math.ceil(error.retryAfterMs / 1000)} s.`;
  } else if (result.status === 'failure' && error.retryable) {
    text += ' This may be temporary; retrying later can help.';
  }
  return text;
}

/** Cuts `text` to at most `max` characters including a marker, never splitting a surrogate pair. */
export function truncateText(text: string, max: number): string {
  if (typeof text !== 'string') throw new InvalidArgumentError('text', 'a string', text);
  return cut(text, checkMaxLength(max), true);
}

/** `complete: false` says `text` is itself only the start of the output. */
function cut(text: string, max: number, complete: boolean): string {
  if (complete && text.length <= max) return text;
  const total = complete ? `${text.length}` : `more than ${text.length}`;
  const marker = (kept: number) => `\n…[truncated: showed ${kept} of ${total} characters]`;
  let kept = Math.min(text.length, Math.max(0, max - marker(max).length));
  const code = text.charCodeAt(kept - 1);
  if (code >= 0xd800 && code <= 0xdbff) kept--;
  return text.slice(0, kept) + marker(kept);
}

interface SerializedOutput {
  text: string;
  /** The JSON copy behind `text` (undefined for strings and for values without a JSON form). */
  json: unknown;
  complete: boolean;
}

/** Strings pass through; other values become JSON through `toJsonSafe`, at most `max + 1` values deep in work. */
function serializeOutput(value: unknown, max: number): SerializedOutput {
  if (typeof value === 'string') return { text: value, json: undefined, complete: true };
  if (value === undefined) return { text: '(no output)', json: undefined, complete: true };
  // Every JSON value writes at least one character: past `max` values the text is cut anyway.
  const safe = toJsonSafe(value, max + 1);
  const text = safe.value === undefined ? String(typeof value) : JSON.stringify(safe.value);
  return { text, json: safe.value, complete: safe.complete };
}

function checkMaxLength(value: number | undefined): number {
  if (value === undefined) return DEFAULT_RESULT_MAX_LENGTH;
  if (!(typeof value === 'number' && Number.isInteger(value) && value >= MIN_RESULT_MAX_LENGTH)) {
    throw new ConversionError(
      'invalid-input',
      '/maxLength',
      `maxLength must be an integer of at least ${MIN_RESULT_MAX_LENGTH}, got ${String(value)}`,
    );
  }
  return value;
}

/** Text for dialects without rich content: text blocks verbatim, others as a short placeholder. */
function blockText(block: ContentBlock): string {
  switch (block.type) {
    case 'text':
      return block.text;
    case 'image':
    case 'audio':
      return `[${block.type}: ${block.mimeType}, ${Math.floor((block.data.length * 3) / 4)} bytes]`;
    case 'resource_link':
      return `[resource: ${block.uri}]`;
    case 'resource':
      return block.resource.text ?? `[resource: ${block.resource.uri}]`;
    default:
      return JSON.stringify(toJsonSafe(block, 1_000).value) ?? '';
  }
}

function anthropicPart(block: ContentBlock, max: number): AnthropicToolResultContent {
  if (block.type === 'image') {
    return { type: 'image', source: { type: 'base64', media_type: block.mimeType, data: block.data } };
  }
  return { type: 'text', text: cut(blockText(block), max, true) };
}

/** MCP blocks pass through as plain JSON copies; text is cut to `max`. */
function mcpBlock(block: ContentBlock, max: number): ContentBlock {
  if (block.type === 'text') return { type: 'text', text: cut(block.text, max, true) };
  return toJsonSafe(block, 1_000).value as ContentBlock;
}
