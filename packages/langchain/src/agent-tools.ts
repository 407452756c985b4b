import type { SelectableIndex } from '@toolarsenal/agentkit';
import { createIndex } from '@toolarsenal/toolindex';
import { type Tool, ToolArsenalError } from '@toolarsenal/toolmodel';
import type { ClientTool, ServerTool } from '@langchain/core/tools';
import { ArsenalTool } from './arsenal-tool.js';
import { canonicalIdOf, type LangChainToolLike, readLangChainTool } from './from-langchain.js';

type AnyTool = ClientTool | ServerTool;

/**
 * The agent's own tools as the middleware sees them: which are selectable (known to the index,
 * by canonical id) and which always pass through (provider tools, tools the index does not know).
 */
export interface AgentToolView {
  index: SelectableIndex;
  /** Canonical tools of the selectable agent tools. */
  known: Tool[];
  ids: ReadonlySet<string>;
  byId: ReadonlyMap<string, AnyTool>;
  /** Model-facing name → canonical id (selectable tools only). */
  idOfName: ReadonlyMap<string, string>;
  passthrough: AnyTool[];
}

/**
 * Builds the view over `index` when given; without one, over a private lexical index of the
 * agent's tools (each read back to a canonical tool; those that cannot be read pass through).
 */
export function viewAgentTools(tools: readonly AnyTool[], index: SelectableIndex | undefined): AgentToolView {
  const own = index ?? createIndex();
  const known: Tool[] = [];
  const byId = new Map<string, AnyTool>();
  const idOfName = new Map<string, string>();
  const passthrough: AnyTool[] = [];
  tools.forEach((lc, i) => {
    const tool = index ? fromIndex(lc, index) : readable(lc, i);
    if (!tool || byId.has(tool.id)) {
      passthrough.push(lc);
      return;
    }
    known.push(tool);
    byId.set(tool.id, lc);
    idOfName.set((lc as { name: string }).name, tool.id);
  });
  if (!index) (own as ReturnType<typeof createIndex>).add(known);
  return { index: own, known, ids: new Set(byId.keys()), byId, idOfName, passthrough };
}

function fromIndex(lc: AnyTool, index: SelectableIndex): Tool | undefined {
  const id = canonicalIdOf(lc);
  return id === undefined ? undefined : index.get(id);
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
