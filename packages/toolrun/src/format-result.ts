import { isPlainObject } from '@toolarsenal/toolmodel';
import type { ContentBlock } from './tool-output.js';
import type { ToolResult } from './types.js';

/** Target message formats. `openai` is an alias of `openai-chat`. */
export type ResultDialect = 'openai' | 'openai-chat' | 'openai-responses' | 'anthropic' | 'gemini' | 'mcp';

export interface FormatResultOptions<D extends ResultDialect = ResultDialect> {
  dialect: D;
  /** Longest text sent to the model, in characters; longer output is cut with a marker. Default 20,000. */
  maxLength?: number;
}

/** Chat Completions tool message. */
export interface OpenAIChatToolMessage {
  role: 'tool';
  tool_call_id: string;
  content: string;
}

/** Responses API input item. */
export interface OpenAIFunctionCallOutput {
  type: 'function_call_output';
  call_id: string;
  output: string;
}

/** Content inside an Anthropic `tool_result` when the output has images. */
export type AnthropicToolResultContent =
  | { type: 'text'; text: string }
  | { type: 'image'; source: { type: 'base64'; media_type: string; data: string } };

/** Anthropic Messages `tool_result` content block (goes in a user message). */
export interface AnthropicToolResultBlock {
  type: 'tool_result';
  tool_use_id: string;
  content: string | AnthropicToolResultContent[];
  is_error?: boolean;
}

/** Gemini `functionResponse` part. */
export interface GeminiFunctionResponsePart {
  functionResponse: {
    id?: string;
    name: string;
    response: { output: unknown } | { error: string };
  };
}

/** MCP `CallToolResult`. */
export interface McpCallToolResult {
  content: ContentBlock[];
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
}

export interface FormattedResult {
  openai: OpenAIChatToolMessage;
  'openai-chat': OpenAIChatToolMessage;
  'openai-responses': OpenAIFunctionCallOutput;
  anthropic: AnthropicToolResultBlock;
  gemini: GeminiFunctionResponsePart;
  mcp: McpCallToolResult;
}

export const DEFAULT_RESULT_MAX_LENGTH = 20_000;

/**
 * Builds the tool-result message a provider expects for a `ToolResult`. Successful output is
 * serialised (strings as-is, everything else as JSON) and cut to `maxLength` with a visible
 * marker; failures become short messages that tell the model what to do next.
 */
export function formatResult<D extends ResultDialect>(
  result: ToolResult,
  options: FormatResultOptions<D>,
): FormattedResult[D] {
  const max = Math.max(64, options.maxLength ?? DEFAULT_RESULT_MAX_LENGTH);
  const isError = !result.ok && result.status !== 'pending_confirmation';
  const rich = result.ok && result.content && result.content.length > 0 ? result.content : undefined;
  const full = !result.ok
    ? describeFailure(result)
    : rich
      ? rich.map(blockText).join('\n')
      : serialize(result.result);
  const text = truncateText(full, max);
  // Structured copies are sent only when they fit; a cut JSON document helps nobody.
  const structured =
    result.ok &&
    (isPlainObject(result.result) || Array.isArray(result.result)) &&
    (rich ? serialize(result.result).length <= max : text.length === full.length);
  let out: FormattedResult[ResultDialect];
  switch (options.dialect) {
    case 'openai':
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
    case 'gemini': {
      const response = !result.ok
        ? { error: text }
        : {
            output: structured ? result.result : text,
          };
      out = { functionResponse: { id: result.callId, name: result.toolName, response } };
      break;
    }
    case 'mcp': {
      const content = rich
        ? rich.map((b): ContentBlock =>
            b.type === 'text' ? { type: 'text', text: truncateText(b.text, max) } : b,
          )
        : [{ type: 'text' as const, text }];
      const mcp: McpCallToolResult = { content };
      if (structured && isPlainObject(result.result)) {
        mcp.structuredContent = result.result as Record<string, unknown>;
      }
      if (isError) mcp.isError = true;
      out = mcp;
      break;
    }
    default:
      throw new TypeError(`unknown result dialect "${String(options.dialect)}"`);
  }
  return out as FormattedResult[D];
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
      return serialize(block);
  }
}

function anthropicPart(block: ContentBlock, max: number): AnthropicToolResultContent {
  if (block.type === 'image') {
    return { type: 'image', source: { type: 'base64', media_type: block.mimeType, data: block.data } };
  }
  return { type: 'text', text: truncateText(blockText(block), max) };
}

/** The short, repairable message a model sees for a non-successful result. */
export function describeFailure(result: ToolResult): string {
  const error = result.error;
  if (!error) return `Tool "${result.toolName}" did not succeed (${result.status}).`;
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
  if (text.length <= max) return text;
  const marker = (kept: number) => `\n…[truncated: showed ${kept} of ${text.length} characters]`;
  let kept = Math.max(0, max - marker(max).length);
  const code = text.charCodeAt(kept - 1);
  if (code >= 0xd800 && code <= 0xdbff) kept--;
  return text.slice(0, kept) + marker(kept);
}

/** Strings pass through; other values become JSON (BigInt as string, cycles marked, functions dropped). */
export function serialize(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === undefined) return '(no output)';
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    // Cycles or BigInt: retry with a tolerant replacer (shared references may show as [Circular]).
  }
  const seen = new WeakSet<object>();
  try {
    return (
      JSON.stringify(value, (_key, v: unknown) => {
        if (typeof v === 'bigint') return v.toString();
        if (typeof v === 'object' && v !== null) {
          if (seen.has(v)) return '[Circular]';
          seen.add(v);
        }
        return v;
      }) ?? String(value)
    );
  } catch (error) {
    return `[unserializable output: ${(error as Error).message}]`;
  }
}
