import type {
  SearchContext,
  SearchFilters,
  SearchMode,
  SearchOptions,
  SearchResult,
} from '@toolarsenal/toolindex';
import { isPlainObject, type Tool } from '@toolarsenal/toolmodel';
import { invalidOption, isRecord } from './errors.js';
import { compilePinned } from './pinned.js';

/** What the selector needs from an index (`@toolarsenal/toolindex`'s `ToolIndex` fits). */
export interface SelectableIndex {
  search(options: SearchOptions): Promise<SearchResult>;
  get(id: string): Tool | undefined;
  list(options?: { cursor?: string; limit?: number }): { tools: Tool[]; nextCursor?: string };
  onChange?(listener: () => void): () => void;
}

/** The conversation so far, reduced to what tool retrieval reads. */
export interface ConversationTurn {
  /** The request to rank tools for, normally the latest user message. Empty: only pinned and active tools. */
  query: string;
  /** Recent messages, oldest first. */
  recent?: readonly { role: string; content: string }[];
  /** Tool ids called without error earlier in the conversation (the index down-weights them slightly). */
  used?: readonly string[];
  /** Tool ids whose calls failed (down-weighted more). */
  failed?: readonly string[];
  /** Tool ids called without error since the latest user message: they stay offered while the task goes on. */
  active?: readonly string[];
}

export interface ToolSelectorOptions {
  index: SelectableIndex;
  /** Tools retrieved per model call, besides pinned ones (default 8, 1–100). */
  limit?: number;
  /** Tool ids, names or globs always offered (they do not count against `limit`). */
  pinned?: readonly string[];
  /** Retrieval mode (default: the index's, hybrid when it has an embedder). */
  mode?: SearchMode;
  /** Filters applied before ranking (toolindex `SearchFilters`). */
  filters?: SearchFilters;
  /**
   * Calibrated-relevance threshold (default 0: every tool that matches the request at all may be
   * offered, up to `limit`). toolindex's own default, 0.25, drops tools when a request carries
   * many words no tool has (names, quoted text); raise it to offer fewer tools for small talk.
   */
  minRelevance?: number;
  /** MMR diversity 0..1 (default 0). */
  diversity?: number;
  /** Extra, fixed search context: `conversationSummary`, `intent`, `health`, `cost`. */
  context?: Pick<SearchContext, 'conversationSummary' | 'intent' | 'health' | 'cost' | 'includeUnhealthy'>;
}

export interface SelectOptions {
  /** Only these tools may be offered (e.g. the agent's registered tools, the caller's visible ones). */
  candidates?: (tool: Tool) => boolean;
  /** When given, pinned patterns are resolved among these tools instead of the whole index. */
  pool?: readonly Tool[];
  signal?: AbortSignal;
}

export interface Selection {
  /** What to offer the model: pinned, then active, then retrieved tools, without duplicates. */
  tools: Tool[];
  pinned: Tool[];
  active: Tool[];
  retrieved: Tool[];
  /** The index found nothing relevant to the query (only pinned/active tools are offered). */
  noRelevantTools: boolean;
}

export interface ToolSelector {
  readonly limit: number;
  select(turn: ConversationTurn, options?: SelectOptions): Promise<Selection>;
}

const MAX_QUERY = 4_000;
const MAX_MESSAGE = 1_000;
const MAX_IDS = 200;

/** Retrieval-driven per-turn tool selection over a toolindex, shared by the framework toolkits. */
export function createToolSelector(options: ToolSelectorOptions): ToolSelector {
  if (!isRecord(options)) throw invalidOption('options', 'an object', options);
  const { index, mode, filters, minRelevance, diversity, context } = options;
  if (!isIndex(index)) throw invalidOption('options.index', 'a tool index (search, get, list)', index);
  const limit = options.limit ?? 8;
  if (!Number.isInteger(limit) || limit < 1 || limit > 100)
    throw invalidOption('options.limit', 'an integer from 1 to 100', limit);
  if (context !== undefined && !isRecord(context))
    throw invalidOption('options.context', 'an object', context);
  if (filters !== undefined && !isRecord(filters))
    throw invalidOption('options.filters', 'an object', filters);
  if (options.filters?.predicate !== undefined && typeof options.filters.predicate !== 'function')
    throw invalidOption('options.filters.predicate', 'a function', options.filters.predicate);
  const isPinned = compilePinned(options.pinned);
  const hasPinned = (options.pinned?.length ?? 0) > 0;
  let indexPinned: Tool[] | undefined;
  index.onChange?.(() => {
    indexPinned = undefined;
  });

  // Pinned tools of a pool, worked out once per pool (an agent passes the same pool every turn).
  const pinnedByPool = new WeakMap<readonly Tool[], Tool[]>();
  const pinnedIn = (pool: readonly Tool[] | undefined): Tool[] => {
    if (!hasPinned) return [];
    if (pool) {
      let pinned = pinnedByPool.get(pool);
      if (!pinned) pinnedByPool.set(pool, (pinned = pool.filter(isPinned)));
      return pinned;
    }
    indexPinned ??= listTools(index).filter(isPinned);
    return indexPinned;
  };

  return {
    limit,
    async select(turn, select = {}) {
      const allowed = select.candidates ?? (() => true);
      const pinned = pinnedIn(select.pool).filter(allowed);
      const taken = new Set(pinned.map((t) => t.id));
      const active = ids(turn.active)
        .map((id) => index.get(id))
        .filter((t): t is Tool => t !== undefined && !taken.has(t.id) && allowed(t));
      for (const t of active) taken.add(t.id);
      const room = Math.max(0, limit - active.length);
      const query = typeof turn.query === 'string' ? turn.query.trim().slice(0, MAX_QUERY) : '';
      if (room === 0 || query === '')
        return {
          tools: [...pinned, ...active],
          pinned,
          active,
          retrieved: [],
          noRelevantTools: query === '',
        };
      const userPredicate = options.filters?.predicate;
      const result = await index.search({
        query,
        limit: room,
        ...(mode !== undefined ? { mode } : {}),
        minRelevance: minRelevance ?? 0,
        ...(diversity !== undefined ? { diversity } : {}),
        ...(select.signal ? { signal: select.signal } : {}),
        filters: {
          ...filters,
          predicate: (tool) =>
            !taken.has(tool.id) && allowed(tool) && (!userPredicate || userPredicate(tool)),
        },
        context: searchContext(turn, context),
      });
      const retrieved = result.hits.map((hit) => hit.tool);
      return {
        tools: [...pinned, ...active, ...retrieved],
        pinned,
        active,
        retrieved,
        noRelevantTools: result.noRelevantTools,
      };
    },
  };
}

function searchContext(turn: ConversationTurn, fixed: ToolSelectorOptions['context']): SearchContext {
  const context: SearchContext = { ...fixed };
  const recent = Array.isArray(turn.recent)
    ? turn.recent
        .filter((m) => isPlainObject(m) && typeof m.content === 'string' && m.content !== '')
        .slice(-20)
        .map((m) => ({ role: String(m.role), content: m.content.slice(0, MAX_MESSAGE) }))
    : [];
  if (recent.length > 0) context.recentMessages = recent;
  const used = ids(turn.used);
  if (used.length > 0) context.usedTools = used;
  const failed = ids(turn.failed);
  if (failed.length > 0) context.failedTools = failed;
  return context;
}

function ids(value: readonly string[] | undefined): string[] {
  if (!Array.isArray(value)) return [];
  const out = new Set<string>();
  for (const id of value) {
    if (typeof id === 'string' && id !== '') out.add(id);
    if (out.size >= MAX_IDS) break;
  }
  return [...out];
}

/** Every tool of an index, page by page. */
export function listTools(index: SelectableIndex): Tool[] {
  const out: Tool[] = [];
  let cursor: string | undefined;
  do {
    const page = index.list({ limit: 1_000, ...(cursor ? { cursor } : {}) });
    out.push(...page.tools);
    cursor = page.nextCursor;
  } while (cursor);
  return out;
}

function isIndex(value: unknown): value is SelectableIndex {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as SelectableIndex).search === 'function' &&
    typeof (value as SelectableIndex).get === 'function' &&
    typeof (value as SelectableIndex).list === 'function'
  );
}
