import type { ConversationTurn } from '@toolarsenal/agentkit';
import { isPlainObject } from '@toolarsenal/toolmodel';
import type { ChatMessage, MessageContent } from '@llamaindex/core/llms';

const MAX_SCAN = 500;

/** One tool result found in the conversation. */
export interface ToolResultSeen {
  id: string;
  name?: string;
  result: unknown;
  isError: boolean;
}

/**
 * Reads what tool retrieval needs from a LlamaIndex conversation (memory + scratchpad): the
 * latest user message that is not a tool result as the query, the last `recent` user/assistant
 * messages as context, tool calls (assistant `options.toolCall`) and their results
 * (`options.toolResult`, `isError`) as used, failed and — since the latest user message — active
 * tools. `idOf` maps a model-facing tool name to a canonical id.
 */
export function readConversation(
  messages: readonly ChatMessage[],
  idOf: (name: string) => string | undefined,
  recent = 6,
): ConversationTurn & { /** Tool results since the latest user message. */ results: ToolResultSeen[] } {
  const window = messages.slice(-MAX_SCAN).filter((m) => isPlainObject(m));
  let lastUser = -1;
  for (let i = window.length - 1; i >= 0; i--) {
    if (window[i]!.role === 'user' && !toolResultOf(window[i]!)) {
      lastUser = i;
      break;
    }
  }
  const callNames = new Map<string, string>();
  const status = new Map<string, { failed: boolean; at: number }>();
  const results: ToolResultSeen[] = [];
  window.forEach((message, i) => {
    for (const call of toolCallsOf(message)) callNames.set(call.id, call.name);
    const result = toolResultOf(message);
    if (!result) return;
    const name = callNames.get(result.id);
    if (i > lastUser) results.push({ ...result, ...(name !== undefined ? { name } : {}) });
    const id = name === undefined ? undefined : idOf(name);
    if (id !== undefined) status.set(id, { failed: result.isError, at: i });
  });
  const used: string[] = [];
  const failed: string[] = [];
  const active: string[] = [];
  for (const [id, s] of status) {
    (s.failed ? failed : used).push(id);
    if (!s.failed && s.at > lastUser) active.push(id);
  }
  const context = window
    .filter((m) => (m.role === 'user' || m.role === 'assistant') && !toolResultOf(m))
    .slice(-recent)
    .map((m) => ({ role: m.role, content: textOf(m.content) }))
    .filter((m) => m.content !== '');
  return {
    query: lastUser >= 0 ? textOf(window[lastUser]!.content) : '',
    recent: context,
    used,
    failed,
    active,
    results,
  };
}

/** Text of a message content (a string, or its text parts). */
export function textOf(content: MessageContent | unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .filter((part) => isPlainObject(part) && part.type === 'text' && typeof part.text === 'string')
    .map((part) => (part as { text: string }).text)
    .join('\n');
}

function toolCallsOf(message: ChatMessage): { id: string; name: string }[] {
  const options = message.options as { toolCall?: unknown } | undefined;
  if (!isPlainObject(options) || !Array.isArray(options.toolCall)) return [];
  return options.toolCall.filter(
    (c): c is { id: string; name: string } =>
      isPlainObject(c) && typeof c.id === 'string' && typeof c.name === 'string',
  );
}

function toolResultOf(message: ChatMessage): Omit<ToolResultSeen, 'name'> | undefined {
  const options = message.options as { toolResult?: unknown } | undefined;
  if (!isPlainObject(options) || !isPlainObject(options.toolResult)) return undefined;
  const r = options.toolResult;
  return typeof r.id === 'string' ? { id: r.id, result: r.result, isError: r.isError === true } : undefined;
}
