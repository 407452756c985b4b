import { type SelectableIndex, type ToolView, viewTools } from '@toolarsenal/agentkit';
import { type Tool, ToolArsenalError } from '@toolarsenal/toolmodel';
import type { ClientTool, ServerTool } from '@langchain/core/tools';
import { ArsenalTool } from './arsenal-tool.js';
import { canonicalIdOf, type LangChainToolLike, readLangChainTool } from './from-langchain.js';

type AnyTool = ClientTool | ServerTool;
export type AgentToolView = ToolView<AnyTool>;

/**
 * The agent's tools over `index` (matched by canonical id) or, without one, over a private
 * lexical index of the agent's tools read back as canonical tools (unreadable ones pass through).
 */
export function viewAgentTools(tools: readonly AnyTool[], index: SelectableIndex | undefined): AgentToolView {
  return viewTools(tools, {
    ...(index ? { index } : {}),
    idOf: canonicalIdOf,
    read: readable,
    nameOf: (tool) => {
      const name = (tool as { name?: unknown }).name;
      return typeof name === 'string' ? name : undefined;
    },
  });
}

function readable(lc: AnyTool, i: number): Tool | undefined {
  if (lc instanceof ArsenalTool) return lc.canonical;
  if (!isClientTool(lc)) return undefined;
  try {
    return readLangChainTool(lc as LangChainToolLike, `tools[${i}]`, undefined);
  } catch (error) {
    if (ToolArsenalError.isInstance(error)) return undefined;
    throw error;
  }
}

function isClientTool(value: AnyTool): value is ClientTool {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { name?: unknown }).name === 'string' &&
    typeof (value as { invoke?: unknown }).invoke === 'function'
  );
}
