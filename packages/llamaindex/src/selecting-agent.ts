import {
  createToolSelector,
  followIndex,
  toolkitContext,
  invalidOption,
  isRecord,
  type SelectableIndex,
  type Selection,
  type ToolSelector,
  type ToolSelectorOptions,
  type ToolView,
  viewTools,
} from '@toolarsenal/agentkit';
import { type Tool, ToolArsenalError } from '@toolarsenal/toolmodel';
import type { BaseToolWithCall, ChatMessage } from '@llamaindex/core/llms';
import {
  type AgentOutput,
  AgentWorkflow,
  type AgentWorkflowState,
  FunctionAgent,
  type FunctionAgentParams,
  type SingleAgentParams,
} from '@llamaindex/workflow';
import type { ArsenalFunctionTool } from './arsenal-function-tool.js';
import { readConversation } from './conversation.js';
import { canonicalIdOf, readLlamaIndexTool } from './from-llamaindex.js';
import {
  createArsenalFunctionTool,
  type LlamaIndexContext,
  type ToLlamaIndexOptions,
} from './to-llamaindex.js';

type WorkflowContext = Parameters<FunctionAgent['takeStep']>[0];

/** An arsenal the agent draws tools from: an index plus the runner (and policy) that runs them. */
export interface ArsenalSource extends ToLlamaIndexOptions {
  index: SelectableIndex;
}

export interface ToolSelectionOptions extends Pick<
  ToolSelectorOptions,
  'limit' | 'pinned' | 'mode' | 'filters' | 'minRelevance' | 'diversity'
> {
  /**
   * Select among the agent's own tools with this index (matched by canonical id: tools made by
   * `toLlamaIndexTools` or read by `fromLlamaIndexTools`; tools it does not know, such as
   * `handOff`, are always offered). Without `index` or `arsenal`, the agent's tools are indexed
   * (lexical) when the agent is created.
   */
  index?: SelectableIndex;
  /** Draw tools from an arsenal instead: each step offers its best tools the principal may use, made on demand. */
  arsenal?: ArsenalSource;
  /** Conversation context for ranking: how many recent messages (default 6), and fixed signals. */
  context?: ToolSelectorOptions['context'] & { recentMessages?: number };
  /** Called after each selection (logs, tests). */
  onSelect?: (event: { query: string; offered: string[]; selection: Selection }) => void;
}

export type ToolSelectingAgentParams = FunctionAgentParams & ToolSelectionOptions;

/**
 * A `FunctionAgent` that offers its LLM only the best tools for the conversation so far at every
 * step (retrieved with toolindex; the latest user message is the query, recent messages are
 * context, tools used or failed feed the index's signals, tools called since the latest user
 * message stay offered, pinned tools always), so an agent over hundreds of tools sends a few
 * tool definitions per call. Use it in `multiAgent({ agents })`, or `toolSelectingAgent()` for
 * a single-agent workflow.
 */
export class ToolSelectingAgent extends FunctionAgent {
  readonly #selectorOptions: Omit<ToolSelectorOptions, 'index'>;
  readonly #selectors = new WeakMap<SelectableIndex, ToolSelector>();
  readonly #recent: number;
  readonly #onSelect: ToolSelectionOptions['onSelect'];
  readonly #index: SelectableIndex | undefined;
  readonly #arsenal:
    | {
        source: ArsenalSource;
        lc: LlamaIndexContext;
        cache: Map<string, ArsenalFunctionTool>;
        planNames: () => void;
      }
    | undefined;
  #view: ToolView<BaseToolWithCall> | undefined;
  #viewOf = -1;

  constructor(params: ToolSelectingAgentParams) {
    if (!isRecord(params)) throw invalidOption('params', 'an object', params);
    const {
      index,
      arsenal,
      limit,
      pinned,
      mode,
      filters,
      minRelevance,
      diversity,
      context,
      onSelect,
      ...agent
    } = params;
    super(agent);
    if (index !== undefined && arsenal !== undefined)
      throw invalidOption('params', 'either index or arsenal, not both', 'both');
    if (onSelect !== undefined && typeof onSelect !== 'function')
      throw invalidOption('params.onSelect', 'a function', onSelect);
    const recent = context?.recentMessages ?? 6;
    if (!Number.isInteger(recent) || recent < 0 || recent > 50)
      throw invalidOption('params.context.recentMessages', 'an integer from 0 to 50', recent);
    this.#recent = recent;
    this.#onSelect = onSelect;
    this.#index = index;
    const { recentMessages: _r, ...fixed } = context ?? {};
    const selectorOptions = {
      ...(limit !== undefined ? { limit } : {}),
      ...(pinned !== undefined ? { pinned } : {}),
      ...(mode !== undefined ? { mode } : {}),
      ...(filters !== undefined ? { filters } : {}),
      ...(minRelevance !== undefined ? { minRelevance } : {}),
      ...(diversity !== undefined ? { diversity } : {}),
      ...(context !== undefined ? { context: fixed } : {}),
    };
    this.#selectorOptions = selectorOptions;
    if (arsenal !== undefined) {
      if (!isRecord(arsenal))
        throw invalidOption('params.arsenal', 'an object { index, runner, … }', arsenal);
      const lc = toolkitContext(undefined, arsenal);
      this.#arsenal = {
        source: arsenal,
        lc,
        cache: new Map(),
        planNames: followIndex(lc.names, arsenal.index),
      };
      this.#selectorFor(arsenal.index);
    } else {
      this.#selectorFor(this.#viewFor(this.tools).index);
    }
  }

  override async takeStep(
    ctx: WorkflowContext,
    state: AgentWorkflowState,
    llmInput: ChatMessage[],
    tools: BaseToolWithCall[],
  ): Promise<AgentOutput> {
    const offered = await this.selectTools([...llmInput, ...state.scratchpad], tools);
    return super.takeStep(ctx, state, llmInput, offered);
  }

  /** The tools to offer for a conversation, chosen from `tools` (or from the arsenal). */
  async selectTools(
    messages: readonly ChatMessage[],
    tools: readonly BaseToolWithCall[],
  ): Promise<BaseToolWithCall[]> {
    const arsenal = this.#arsenal;
    if (arsenal) {
      arsenal.planNames();
      const turn = readConversation(messages, (name) => arsenal.lc.names.idOf(name), this.#recent);
      const visible = (tool: Tool) => arsenal.lc.caller.access.allows(tool, 'list');
      const selection = await this.#selectorFor(arsenal.source.index).select(turn, { candidates: visible });
      const chosen = selection.tools.map((tool) => this.#arsenalTool(tool));
      const out = [
        ...chosen,
        ...tools.filter((t) => !chosen.includes(t as ArsenalFunctionTool) && !arsenal.cache.has(idOfTool(t))),
      ];
      this.#onSelect?.({ query: turn.query, offered: out.map((t) => t.metadata.name), selection });
      return out;
    }
    const view = this.#viewFor(tools);
    const turn = readConversation(messages, (name) => view.idOfName.get(name), this.#recent);
    const selection = await this.#selectorFor(view.index).select(turn, {
      candidates: (tool) => view.ids.has(tool.id),
      pool: view.known,
    });
    const chosen = selection.tools
      .map((t) => view.byId.get(t.id))
      .filter((t): t is BaseToolWithCall => t !== undefined);
    const out = [...chosen, ...view.passthrough];
    this.#onSelect?.({ query: turn.query, offered: out.map((t) => t.metadata.name), selection });
    return out;
  }

  /** One selector per index (options are checked when the agent is created). */
  #selectorFor(index: SelectableIndex): ToolSelector {
    let selector = this.#selectors.get(index);
    if (!selector) {
      selector = createToolSelector({ ...this.#selectorOptions, index });
      this.#selectors.set(index, selector);
    }
    return selector;
  }

  #viewFor(tools: readonly BaseToolWithCall[]): ToolView<BaseToolWithCall> {
    // Hand-off tools are added to an agent's tools after construction: re-read when the list grows.
    if (this.#view && this.#viewOf === tools.length) return this.#view;
    this.#view = viewTools(tools, {
      ...(this.#index ? { index: this.#index } : {}),
      idOf: canonicalIdOf,
      read: readable,
      nameOf: (tool) => (typeof tool.metadata?.name === 'string' ? tool.metadata.name : undefined),
    });
    this.#viewOf = tools.length;
    return this.#view;
  }

  /** The agent's LlamaIndex tool for an arsenal tool; added to `tools` so the workflow can call it. */
  #arsenalTool(tool: Tool): ArsenalFunctionTool {
    const arsenal = this.#arsenal!;
    let li = arsenal.cache.get(tool.id);
    if (!li || li.canonical !== tool) {
      const previous = li;
      li = createArsenalFunctionTool(tool, arsenal.lc.caller, arsenal.lc.names);
      arsenal.cache.set(tool.id, li);
      const at = previous ? this.tools.indexOf(previous) : -1;
      if (at >= 0) this.tools.splice(at, 1, li);
      else this.tools.push(li);
    }
    return li;
  }
}

/** A single-agent workflow (like `agent()` from `@llamaindex/workflow`) whose agent selects its tools per step. */
export function toolSelectingAgent(params: SingleAgentParams & ToolSelectionOptions): AgentWorkflow {
  if (!isRecord(params)) throw invalidOption('params', 'an object', params);
  const { memory, verbose, timeout, logger, ...agentParams } = params;
  const agent = new ToolSelectingAgent(agentParams);
  return new AgentWorkflow({
    agents: [agent],
    rootAgent: agent,
    verbose: verbose ?? false,
    timeout: timeout ?? 60,
    ...(memory ? { memory } : {}),
    ...(logger ? { logger } : {}),
  });
}

function readable(tool: BaseToolWithCall, i: number): Tool | undefined {
  try {
    return readLlamaIndexTool(tool, `tools[${i}]`, undefined);
  } catch (error) {
    if (ToolArsenalError.isInstance(error)) return undefined;
    throw error;
  }
}

function idOfTool(tool: BaseToolWithCall): string {
  return canonicalIdOf(tool) ?? '';
}
