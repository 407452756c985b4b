import { createIndex } from '@toolarsenal/toolindex';
import type { Tool } from '@toolarsenal/toolmodel';
import { ToolkitError } from './errors.js';
import type { SelectableIndex } from './tool-selector.js';

/**
 * An agent's own framework tools as a selector sees them: which are selectable (a canonical tool
 * in the index) and which always pass through (provider tools, hand-off tools, tools the index
 * does not know).
 */
export interface ToolView<T> {
  index: SelectableIndex;
  /** Canonical tools of the selectable framework tools, in the agent's order. */
  known: Tool[];
  ids: ReadonlySet<string>;
  byId: ReadonlyMap<string, T>;
  /** Model-facing name → canonical id (selectable tools only). */
  idOfName: ReadonlyMap<string, string>;
  passthrough: T[];
}

export interface ToolViewOptions<T> {
  /**
   * Match tools against this index by canonical id (`idOf`); without one, a private lexical index
   * of the tools `read` can turn into canonical tools is built.
   */
  index?: SelectableIndex;
  idOf: (tool: T) => string | undefined;
  read: (tool: T, position: number) => Tool | undefined;
  nameOf: (tool: T) => string | undefined;
}

export function viewTools<T>(tools: readonly T[], options: ToolViewOptions<T>): ToolView<T> {
  const { index } = options;
  const known: Tool[] = [];
  const byId = new Map<string, T>();
  const idOfName = new Map<string, string>();
  const passthrough: T[] = [];
  tools.forEach((item, i) => {
    const id = index ? options.idOf(item) : undefined;
    const tool = index ? (id === undefined ? undefined : index.get(id)) : options.read(item, i);
    const name = options.nameOf(item);
    if (!tool || name === undefined || byId.has(tool.id)) {
      passthrough.push(item);
      return;
    }
    const owner = idOfName.get(name);
    if (owner !== undefined)
      throw new ToolkitError(
        'TOOLKIT_INVALID_TOOL',
        `tools[${i}] is named ${JSON.stringify(name)} like the tool ${JSON.stringify(owner)}, so the model could not tell ${JSON.stringify(tool.id)} from it. Convert them in one toolkit call, or share one ToolNames registry, so each gets its own name.`,
      );
    known.push(tool);
    byId.set(tool.id, item);
    idOfName.set(name, tool.id);
  });
  let own = index;
  if (!own) {
    const created = createIndex();
    created.add(known);
    own = created;
  }
  return { index: own, known, ids: new Set(byId.keys()), byId, idOfName, passthrough };
}
