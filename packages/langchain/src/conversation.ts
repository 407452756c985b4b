import type { ConversationTurn } from '@toolarsenal/agentkit';
import { AIMessage, type BaseMessage, HumanMessage, ToolMessage } from '@langchain/core/messages';

const MAX_SCAN = 500;

/**
 * Reads what tool retrieval needs from a LangChain conversation: the latest human message as
 * the query, the last `recent` human/AI messages as context, tools called without error as
 * used, tools whose `ToolMessage` has status `error` as failed, and tools called since the
 * latest human message as active. `idOf` maps a model-facing tool name to a canonical id.
 */
export function readConversation(
  messages: readonly BaseMessage[],
  idOf: (name: string) => string | undefined,
  recent = 6,
): ConversationTurn & { /** Tool messages since the latest human message. */ toolMessages: ToolMessage[] } {
  const window = messages.slice(-MAX_SCAN);
  let lastHuman = -1;
  for (let i = window.length - 1; i >= 0; i--) {
    if (HumanMessage.isInstance(window[i])) {
      lastHuman = i;
      break;
    }
  }
  const callNames = new Map<string, string>();
  const status = new Map<string, { failed: boolean; at: number }>();
  const toolMessages: ToolMessage[] = [];
  window.forEach((message, i) => {
    if (AIMessage.isInstance(message)) {
      for (const call of message.tool_calls ?? []) if (call.id) callNames.set(call.id, call.name);
    } else if (ToolMessage.isInstance(message)) {
      if (i > lastHuman) toolMessages.push(message);
      const name = callNames.get(message.tool_call_id) ?? message.name;
      const id = name === undefined ? undefined : idOf(name);
      if (id === undefined) return;
      // The latest call of a tool decides: a tool that failed once and then worked is usable.
      status.set(id, { failed: message.status === 'error', at: i });
    }
  });
  const used: string[] = [];
  const failed: string[] = [];
  const active: string[] = [];
  for (const [id, s] of status) {
    (s.failed ? failed : used).push(id);
    if (!s.failed && s.at > lastHuman) active.push(id);
  }
  const context = window
    .filter((m) => HumanMessage.isInstance(m) || AIMessage.isInstance(m))
    .slice(-recent)
    .map((m) => ({ role: HumanMessage.isInstance(m) ? 'user' : 'assistant', content: m.text }))
    .filter((m) => m.content !== '');
  return {
    query: lastHuman >= 0 ? window[lastHuman]!.text : '',
    recent: context,
    used,
    failed,
    active,
    toolMessages,
  };
}
