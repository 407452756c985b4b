import type { SoftTermOptions } from './lexical/soft-terms.js';
import type { Capability, Tool, ToolInput, ToolSource } from '@toolarsenal/toolmodel';
import type { Embedder } from './embedders/embedder.js';
import type { Bm25Params } from './lexical/bm25.js';
import type { FusionOptions } from './ranking/fusion.js';
import type { TaskIntent } from './ranking/intent.js';
import type { Penalties, SignalWeights } from './ranking/signals.js';

export type SearchMode = 'lexical' | 'semantic' | 'hybrid';

export interface IndexOptions {
  /** Enables semantic and hybrid search. Tools are embedded lazily, on the first search that needs vectors. */
  embedder?: Embedder;
  bm25?: Partial<Omit<Bm25Params, 'fieldWeights'>> & { fieldWeights?: Partial<Bm25Params['fieldWeights']> };
  fusion?: FusionOptions;
  weights?: Partial<SignalWeights>;
  penalties?: Partial<Penalties>;
  /** Calibrated relevance below which hits are dropped (default 0.25; 0 keeps everything that scores). */
  minRelevance?: number;
  /**
   * Queries longer than this (characters) are refused with a QueryError (default 100,000). Requests over 1,000
   * characters are searchable: they are reduced to their most informative sentences first (`reducedQuery`).
   */
  maxQueryLength?: number;
  /** Embedding batch size (default 64). */
  embedBatchSize?: number;
  /**
   * Soft term matching in lexical and hybrid search (default: on when `embedder` is the shipped static table, off
   * otherwise): a query word also matches, at a discount, the catalogue words the shipped static word table finds
   * most similar to it (`true` for the defaults, or some of `{ threshold: 0.6, weight: 0.5, neighbours: 3 }`).
   * Turned on for an index without that embedder, it loads the 5.3 MB table on the first search; the first search
   * of each new word scans the catalogue's words (see the README).
   */
  softTerms?: boolean | Partial<SoftTermOptions>;
  /**
   * Derivational morphology (default: on in lexical-mode searches, off in hybrid ones; `true` or `false` sets it for
   * every mode): a query word also matches, at half weight, the catalogue's words of the same root that stemming
   * keeps apart ("recommend" / "recommendation", "analyze" / "analysis"), from WordNet's derivational links (see
   * the README).
   */
  morphology?: boolean;
}

/** Filters run before ranking, so `limit` is filled whenever enough matching tools score. */
export interface SearchFilters {
  namespaces?: readonly string[];
  tags?: { any?: readonly string[]; all?: readonly string[]; none?: readonly string[] };
  categories?: readonly string[];
  sources?: readonly ToolSource[];
  capabilities?: { required?: readonly Capability[]; excluded?: readonly Capability[] };
  /** e.g. `{ readOnlyHint: true }`: only tools whose annotation has exactly that value. */
  annotations?: {
    readOnlyHint?: boolean;
    destructiveHint?: boolean;
    idempotentHint?: boolean;
    openWorldHint?: boolean;
  };
  /** `exclude` (default, as in the routing design), `include` (with the deprecation penalty) or `only`. */
  deprecated?: 'exclude' | 'include' | 'only';
  /** Tool ids to leave out. */
  excludeIds?: readonly string[];
  predicate?: (tool: Tool) => boolean;
}

/** Per-tool value in [0, 1] keyed by tool id (or name), or a function of the tool. */
export type ToolSignal = Readonly<Record<string, number>> | ((tool: Tool) => number | undefined);

export interface SearchContext {
  conversationSummary?: string;
  recentMessages?: readonly { role?: string; content: string }[];
  /** Tool ids or names already used in this conversation (down-weighted). */
  usedTools?: readonly string[];
  /** Tool ids or names that failed in this conversation (down-weighted more). */
  failedTools?: readonly string[];
  /** Explicit intent, `auto` (default when a context is given) to infer it from query + summary, or `none`. */
  intent?: TaskIntent | 'auto' | 'none';
  /** 1 healthy … 0 broken (e.g. circuit open). Tools at 0 are excluded unless `includeUnhealthy`. */
  health?: ToolSignal;
  includeUnhealthy?: boolean;
  /** 0 free/fast … 1 most expensive. */
  cost?: ToolSignal;
}

export interface SearchOptions {
  query: string;
  context?: SearchContext;
  filters?: SearchFilters;
  /** Number of hits (default 5, at most 1000). */
  limit?: number;
  /** Default `hybrid` when the index has an embedder, else `lexical`. */
  mode?: SearchMode;
  /** MMR diversity 0..1 (default 0: pure relevance order). */
  diversity?: number;
  /** Drop hits whose final score is below this (default 0). */
  minScore?: number;
  /** Override the index's calibrated relevance threshold for this query. */
  minRelevance?: number;
  explain?: boolean;
  signal?: AbortSignal;
}

export interface ScoreBreakdown {
  /** Raw BM25 score and the IDF-weighted share of query terms the tool contains. */
  lexical?: { raw: number; normalized: number; coverage: number };
  /** Cosine similarity to the query and its normalised value. */
  vector?: { cosine: number; normalized: number };
  /** Fused relevance used for ranking (hybrid: blend or RRF). */
  fused: number;
  /** Calibrated, query-independent relevance estimate the threshold applies to. */
  relevance: number;
  signals: {
    arguments?: number;
    fuzzy?: number;
    slots?: number;
    clauses?: number;
    name?: number;
    intent?: number;
    conversation?: number;
    health?: number;
    cost?: number;
  };
  penalties: { used?: number; failed?: number; deprecated?: number };
  /** MMR: similarity to the most similar higher-ranked hit, when diversity is on. */
  redundancy?: number;
  final: number;
}

export interface SearchHit {
  id: string;
  tool: Tool;
  score: number;
  /** Calibrated relevance in [0, 1] (see ScoreBreakdown.relevance). */
  relevance: number;
  breakdown?: ScoreBreakdown;
}

export interface SearchResult {
  hits: SearchHit[];
  mode: SearchMode;
  /** Highest calibrated relevance among the candidates (0 when nothing matched). */
  confidence: number;
  /** True when no candidate reached the relevance threshold: no indexed tool serves this query. */
  noRelevantTools: boolean;
  /** Intent used for scoring, when a context was given. */
  intent?: TaskIntent;
  /** Tools left after filters. */
  candidates: number;
  /** The text that was ranked, when a long request (over 1,000 characters) was reduced to its most informative sentences. */
  reducedQuery?: string;
}

export type IndexChange =
  | { type: 'add'; id: string; tool: Tool }
  | { type: 'update'; id: string; tool: Tool; previous: Tool }
  | { type: 'remove'; id: string; tool: Tool };

export interface ListOptions {
  /** Opaque cursor from a previous page's `nextCursor`. */
  cursor?: string;
  /** Page size (default 100, at most 10,000). */
  limit?: number;
}

export interface ListPage {
  tools: Tool[];
  nextCursor?: string;
}

/** A change to an index's tools, as every backend reports it (the in-memory index adds the tools themselves). */
export interface ToolChange {
  type: 'add' | 'update' | 'remove';
  id: string;
}

/** How many tools an upsert added, replaced, and left alone (same content hash). */
export interface UpsertSummary {
  added: number;
  updated: number;
  unchanged: number;
}

/**
 * What every index backend offers — the in-memory `ToolIndex`, the Vectra folder store and the Postgres store:
 * the same records API and the same `search()`. In memory the record methods answer synchronously, elsewhere
 * they return promises; `await` works on both.
 */
export interface ToolIndexLike {
  readonly embedder: Embedder | undefined;
  upsert(tools: Tool | ToolInput | readonly (Tool | ToolInput)[]): UpsertSummary | Promise<UpsertSummary>;
  remove(ids: string | readonly string[]): number | Promise<number>;
  get(id: string): Tool | undefined | Promise<Tool | undefined>;
  list(options?: ListOptions): ListPage | Promise<ListPage>;
  search(request: string | SearchOptions): Promise<SearchResult>;
  onChange(listener: (change: ToolChange) => void): () => void;
}
