/** MCP-style content blocks a tool can return alongside (or instead of) a JSON value. */
export type ContentBlock =
  | { type: 'text'; text: string }
  | { type: 'image'; data: string; mimeType: string }
  | { type: 'audio'; data: string; mimeType: string }
  | { type: 'resource_link'; uri: string; name?: string; mimeType?: string }
  | { type: 'resource'; resource: { uri: string; text?: string; blob?: string; mimeType?: string } };

/**
 * The outcome of one tool call, in the shape `formatToolResult` reads. toolrun's `ToolResult`
 * is one; MCP, A2A and framework integrations can build their own.
 */
export interface ToolResultLike {
  /** The provider's call id (OpenAI `tool_call_id`, Anthropic `tool_use.id`…). */
  callId: string;
  toolName: string;
  /** True when the tool succeeded; `result`/`content` then hold its output. */
  ok: boolean;
  /** `pending_confirmation` is reported to the model without the error flag. */
  status?: string;
  result?: unknown;
  content?: readonly ContentBlock[];
  error?: { code: string; message: string; retryable?: boolean; retryAfterMs?: number };
}

/** Dialects with a tool-result message. */
export const TOOL_RESULT_DIALECTS = [
  'mcp',
  'openai-chat',
  'openai-responses',
  'anthropic',
  'gemini',
  'gemini-json',
  'langchain',
] as const;
export type ToolResultDialect = (typeof TOOL_RESULT_DIALECTS)[number];

export interface FormatToolResultOptions<D extends ToolResultDialect = ToolResultDialect> {
  dialect: D;
  /** Longest text sent to the model, in characters (an integer ≥ 64); longer output is cut with a marker. Default 20,000. */
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

/** Gemini `functionResponse` part (both Gemini dialects). */
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

/** The fields of a LangChain `ToolMessage` (`new ToolMessage(fields)`). */
export interface LangChainToolMessageFields {
  content: string;
  tool_call_id: string;
  name: string;
  status: 'success' | 'error';
  /** The structured output, when it fits within `maxLength`. */
  artifact?: unknown;
}

export interface FormattedToolResult {
  mcp: McpCallToolResult;
  'openai-chat': OpenAIChatToolMessage;
  'openai-responses': OpenAIFunctionCallOutput;
  anthropic: AnthropicToolResultBlock;
  gemini: GeminiFunctionResponsePart;
  'gemini-json': GeminiFunctionResponsePart;
  langchain: LangChainToolMessageFields;
}
