import {
  createToolSelector,
  FIND_TOOLS_NAME,
  followIndex,
  invalidOption,
  isRecord,
  type SelectableIndex,
  type Selection,
  type ToolSelectorOptions,
} from '@toolarsenal/agentkit';
import { createIndex } from '@toolarsenal/toolindex';
import { isPlainObject, type Tool } from '@toolarsenal/toolmodel';
import type { ClientTool, ServerTool } from '@langchain/core/tools';
import { type AgentMiddleware, createMiddleware } from 'langchain';
import { type AgentToolView, viewAgentTools } from './agent-tools.js';
import type { ArsenalTool } from './arsenal-tool.js';
import { readConversation } from './conversation.js';
import { createFindToolsTool, type FindToolsArtifact } from './find-tools-tool.js';
import {
  createArsenalTool,
  langChainContext,
  type LangChainContext,
  type ToLangChainOptions,
} from './to-langchain.js';

type AnyTool = ClientTool | ServerTool;

/** An arsenal the middleware draws tools from: an index plus the runner (and policy) that runs them. */
export interface ArsenalSource extends ToLangChainOptions {
  index: SelectableIndex;
}

export interface ToolArsenalMiddlewareOptions extends Pick<
  ToolSelectorOptions,
  'limit' | 'pinned' | 'mode' | 'filters' | 'minRelevance' | 'diversity'
> {
  /**
   * Select among the agent's own tools (`createAgent({ tools })`) with this index (tools are
   * matched by canonical id: those made by `toLangChainTools` or read by `fromLangChainTools`;
   * agent tools the index does not know are always offered). Without `index` or `arsenal`, the
   * middleware indexes the agent's tools itself (lexical).
   */
  index?: SelectableIndex;
  /**
   * Draw tools from an arsenal instead: nothing has to be passed to `createAgent`; each model
   * call gets the best tools of `arsenal.index` the principal may use, created on demand and run
   * through `arsenal.runner` under `arsenal.toolset`'s policy.
   */
  arsenal?: ArsenalSource;
  /**
   * `retrieve` (default): before each model call, rank tools for the conversation and offer the
   * best `limit`. `find_tools`: offer pinned tools plus a `find_tools` tool; tools the model
   * finds are offered from its next step on.
   */
  strategy?: 'retrieve' | 'find_tools';
  /** Conversation context for ranking: how many recent messages (default 6), and fixed signals. */
  context?: ToolSelectorOptions['context'] & { recentMessages?: number };
  /** Called after each selection (e.g. for logs or tests). */
  onSelect?: (event: SelectionEvent) => void;
}

export interface SelectionEvent {
  query: string;
  /** Model-facing names of every tool offered to this model call. */
  offered: string[];
  selection: Selection;
}

interface ModelRequestLike {
  messages: Parameters<typeof readConversation>[0];
  tools: AnyTool[];
}

/**
 * `createAgent` middleware that offers the model only the best tools for the conversation so far
 * — the job of LangChain's `llmToolSelectorMiddleware`, without an extra LLM call. Before each
 * model call it ranks tools with toolindex: the latest user message is the query, recent messages
 * are context, tools already used or failed feed the index's context signals, tools called since
 * the latest user message stay offered, and `pinned` tools are always offered.
 */
export function toolArsenalMiddleware(options: ToolArsenalMiddlewareOptions = {}): AgentMiddleware {
  if (!isRecord(options)) throw invalidOption('options', 'an object', options);
  const { index, arsenal, onSelect } = options;
  const strategy = options.strategy ?? 'retrieve';
  if (strategy !== 'retrieve' && strategy !== 'find_tools')
    throw invalidOption('options.strategy', '"retrieve" or "find_tools"', strategy);
  if (index !== undefined && arsenal !== undefined)
    throw invalidOption('options', 'either index or arsenal, not both', 'both');
  if (onSelect !== undefined && typeof onSelect !== 'function')
    throw invalidOption('options.onSelect', 'a function', onSelect);
  const recentCount = options.context?.recentMessages ?? 6;
  if (!Number.isInteger(recentCount) || recentCount < 0 || recentCount > 50)
    throw invalidOption('options.context.recentMessages', 'an integer from 0 to 50', recentCount);
  const { recentMessages: _recent, ...fixedContext } = options.context ?? {};
  const selectorOptions = {
    ...pick(options, ['limit', 'pinned', 'mode', 'filters', 'minRelevance', 'diversity']),
    ...(options.context ? { context: fixedContext } : {}),
  };

  // Checks every selector option now, not on the first model call.
  createToolSelector({ ...selectorOptions, index: createIndex() });

  if (arsenal !== undefined) {
    if (!isRecord(arsenal)) throw invalidOption('options.arsenal', 'an object { index, runner, … }', arsenal);
    const source = new ArsenalMode(arsenal, langChainContext(undefined, arsenal, [FIND_TOOLS_NAME]));
    const selector = createToolSelector({ ...selectorOptions, index: arsenal.index });
    const findTool = strategy === 'find_tools' ? source.findTool(options) : undefined;
    return createMiddleware({
      name: 'ToolArsenal',
      ...(findTool ? { tools: [findTool] } : {}),
      wrapModelCall: async (request, handler) => {
        source.planNames();
        const turn = readConversation(request.messages, (name) => source.idOf(name), recentCount);
        const allowed = (tool: Tool) => source.visible(tool);
        const active =
          strategy === 'find_tools' ? [...turn.active!, ...found(turn.toolMessages)] : turn.active;
        const selection = await selector.select(
          strategy === 'find_tools' ? { query: '', active } : { ...turn, active },
          { candidates: allowed, ...(request.runtime.signal ? { signal: request.runtime.signal } : {}) },
        );
        const tools = [...selection.tools.map((t) => source.tool(t)), ...request.tools];
        onSelect?.({ query: turn.query, offered: names(tools), selection });
        return handler({ ...request, tools });
      },
      wrapToolCall: async (request, handler) => {
        if (request.tool) return handler(request);
        const tool = source.byName(request.toolCall.name);
        return handler(tool ? { ...request, tool } : request);
      },
    }) as AgentMiddleware;
  }

  let view: AgentToolView | undefined;
  let viewOf: readonly AnyTool[] | undefined;
  // The agent's tools that are always offered (not selectable), worked out once per tool list.
  let rest: AnyTool[] = [];
  const selectors = new WeakMap<SelectableIndex, ReturnType<typeof createToolSelector>>();
  const current = (tools: readonly AnyTool[]): AgentToolView => {
    if (view === undefined || viewOf !== tools) {
      const withoutFind = tools.filter((t) => !(findTool && t === findTool));
      view = viewAgentTools(withoutFind, index);
      viewOf = tools;
      const selectable = new Set<AnyTool>(view.byId.values());
      rest = tools.filter((t) => !selectable.has(t));
    }
    return view;
  };
  const selectorFor = (v: AgentToolView) => {
    let selector = selectors.get(v.index);
    if (!selector) {
      selector = createToolSelector({ ...selectorOptions, index: v.index });
      selectors.set(v.index, selector);
    }
    return selector;
  };
  const findTool =
    strategy === 'find_tools'
      ? createFindToolsTool({
          index: {
            search: (o) => (view ?? missingView()).index.search(o),
            get: (id) => view?.index.get(id),
            list: (o) => (view ?? missingView()).index.list(o),
          },
          candidates: (tool) => view?.ids.has(tool.id) ?? false,
          nameOf: (tool) => (view?.byId.get(tool.id) as { name?: string } | undefined)?.name ?? tool.name,
          ...(options.mode ? { mode: options.mode } : {}),
        })
      : undefined;

  return createMiddleware({
    name: 'ToolArsenal',
    ...(findTool ? { tools: [findTool] } : {}),
    wrapModelCall: async (request, handler) => {
      const req = request as unknown as ModelRequestLike;
      const v = current(req.tools);
      const turn = readConversation(req.messages, (name) => v.idOfName.get(name), recentCount);
      const active = strategy === 'find_tools' ? [...turn.active!, ...found(turn.toolMessages)] : turn.active;
      const selection = await selectorFor(v).select(
        strategy === 'find_tools' ? { query: '', active } : { ...turn, active },
        {
          candidates: (tool) => v.ids.has(tool.id),
          pool: v.known,
          ...(request.runtime.signal ? { signal: request.runtime.signal } : {}),
        },
      );
      const chosen = selection.tools
        .map((t) => v.byId.get(t.id))
        .filter((t): t is AnyTool => t !== undefined);
      const tools = [...chosen, ...rest];
      onSelect?.({ query: turn.query, offered: names(tools), selection });
      return handler({ ...request, tools });
    },
  }) as AgentMiddleware;
}

/** Arsenal mode: LangChain tools made on demand for selected canonical tools, names fixed per middleware. */
class ArsenalMode {
  readonly #cache = new Map<string, ArsenalTool>();
  /** Makes every tool of the index known to the names, so same-name tools are qualified. */
  readonly planNames: () => void;
  constructor(
    private readonly arsenal: ArsenalSource,
    private readonly lc: LangChainContext,
  ) {
    this.planNames = followIndex(lc.names, arsenal.index);
  }

  visible(tool: Tool): boolean {
    return this.lc.caller.access.allows(tool, 'list');
  }

  idOf(name: string): string | undefined {
    return this.lc.names.idOf(name);
  }

  tool(tool: Tool): ArsenalTool {
    let lc = this.#cache.get(tool.id);
    if (!lc || lc.canonical !== tool) {
      lc = createArsenalTool(tool, this.lc.caller, this.lc.names, this.lc.throwOnError);
      this.#cache.set(tool.id, lc);
    }
    return lc;
  }

  byName(name: string): ArsenalTool | undefined {
    const id = this.lc.names.idOf(name);
    const tool = id === undefined ? undefined : this.arsenal.index.get(id);
    return tool && this.visible(tool) ? this.tool(tool) : undefined;
  }

  findTool(options: ToolArsenalMiddlewareOptions) {
    return createFindToolsTool({
      index: this.arsenal.index,
      candidates: (tool) => this.visible(tool),
      nameOf: (tool) => this.lc.names.nameOf(tool),
      ...(options.mode ? { mode: options.mode } : {}),
    });
  }
}

/** Canonical ids found by `find_tools` in the current task. */
function found(messages: ReturnType<typeof readConversation>['toolMessages']): string[] {
  const ids: string[] = [];
  for (const m of messages) {
    if (m.name !== FIND_TOOLS_NAME || m.status === 'error') continue;
    const artifact = m.artifact as FindToolsArtifact | undefined;
    if (!isPlainObject(artifact) || !Array.isArray(artifact.tools)) continue;
    for (const card of artifact.tools)
      if (isPlainObject(card) && typeof card.id === 'string') ids.push(card.id);
  }
  return ids;
}

function names(tools: readonly AnyTool[]): string[] {
  return tools.map((t) => {
    const name = (t as { name?: unknown }).name;
    return typeof name === 'string' ? name : '(provider tool)';
  });
}

function pick<T extends object, K extends keyof T>(obj: T, keys: readonly K[]): Partial<Pick<T, K>> {
  const out: Partial<Pick<T, K>> = {};
  for (const key of keys) if (obj[key] !== undefined) out[key] = obj[key];
  return out;
}

function missingView(): never {
  throw new Error('find_tools ran before the first model call');
}
