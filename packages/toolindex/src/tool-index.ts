import type { Tool, ToolInput } from '@toolarsenal/toolmodel';
import { type CachedEmbedder, createCachedEmbedder } from './embedders/cache.js';
import type { Embedder } from './embedders/embedder.js';
import { normalizeInPlace } from './embedders/validate.js';
import type { Entry } from './entry.js';
import { IndexOptionsError } from './errors.js';
import { Emitter } from './events.js';
import { compileFilters } from './filters.js';
import {
  type Bm25Params,
  type CompiledPostings,
  compilePostings,
  DEFAULT_BM25,
  type LexicalScratch,
  type QueryTerm,
  scoreQuery,
} from './lexical/bm25.js';
import { buildDocTerms, type DocTerms } from './lexical/doc-terms.js';
import { Vocabulary } from './lexical/vocabulary.js';
import type { ClauseEvidence } from './ranking/clauses.js';
import { DEFAULT_FUSION, type FusionOptions } from './ranking/fusion.js';
import { CharGramModel } from './lexical/char-grams.js';
import { splitClauses } from './text/clauses.js';
import { reduceQuery } from './text/query-reduction.js';
import { analyzeQuery } from './query-analysis.js';
import { classifyIntent, type TaskIntent } from './ranking/intent.js';
import { DEFAULT_MIN_RELEVANCE } from './ranking/relevance.js';
import { DEFAULT_PENALTIES, DEFAULT_WEIGHTS, type Penalties, type SignalWeights } from './ranking/signals.js';
import { rank, signalValue } from './search.js';
import { checkSearchOptions, contextText, countOnes, DEFAULT_LIMIT, vectorScores } from './search-request.js';
import { checkIndexOptions, validateOptions } from './index-options.js';
import { checkFiltersAndContext, checkId, describe, checkListener, toIds, toTools } from './index-input.js';
import { tokenize } from './text/tokenize.js';
import { toolEmbeddingText, toolFields } from './tool-text.js';
import type {
  IndexChange,
  IndexOptions,
  ListOptions,
  ListPage,
  SearchOptions,
  SearchResult,
} from './types.js';

/** Requests this long are abuse, not agents: refused. Long requests below it are reduced (reduceQuery). */
const DEFAULT_MAX_QUERY = 100_000;
/** Vectors kept by text (tools and recent queries). */
const VECTOR_CACHE_ENTRIES = 200_000;

export interface UpsertSummary {
  added: number;
  updated: number;
  unchanged: number;
}

/** Creates an empty tool index. */
export function createIndex(options: IndexOptions = {}): ToolIndex {
  return new ToolIndex(options);
}

/** An in-memory, incrementally updated tool index with lexical, semantic and hybrid search. */
export class ToolIndex {
  readonly embedder: Embedder | undefined;
  readonly bm25: Bm25Params;
  readonly fusion: FusionOptions;
  readonly weights: SignalWeights;
  readonly penalties: Penalties;
  readonly minRelevance: number;
  readonly #maxQueryLength: number;
  readonly #entries: (Entry | undefined)[] = [];
  readonly #byId = new Map<string, number>();
  readonly #free: number[] = [];
  readonly #vocabulary = new Vocabulary();
  readonly #events = new Emitter<IndexChange>();
  readonly #cache: CachedEmbedder | undefined;
  #postings: CompiledPostings | undefined;
  #charGrams: CharGramModel | undefined;
  #scratch: LexicalScratch | undefined;
  #sortedIds: string[] | undefined;
  #embedding: Promise<void> | undefined;
  #deprecated = 0;

  constructor(options: IndexOptions = {}) {
    checkIndexOptions(options);
    this.embedder = options.embedder;
    this.bm25 = {
      k1: options.bm25?.k1 ?? DEFAULT_BM25.k1,
      b: options.bm25?.b ?? DEFAULT_BM25.b,
      fieldWeights: { ...DEFAULT_BM25.fieldWeights, ...options.bm25?.fieldWeights },
    };
    this.fusion = options.fusion ?? DEFAULT_FUSION;
    this.weights = { ...DEFAULT_WEIGHTS, ...options.weights };
    this.penalties = { ...DEFAULT_PENALTIES, ...options.penalties };
    this.minRelevance = options.minRelevance ?? DEFAULT_MIN_RELEVANCE;
    this.#maxQueryLength = options.maxQueryLength ?? DEFAULT_MAX_QUERY;
    validateOptions(this);
    // Validated (one vector of the right length per text, finite values), batched, de-duplicated and cached by
    // embedder id + text hash; settles when the search's signal fires even if the embedder ignores it.
    this.#cache = options.embedder
      ? createCachedEmbedder(options.embedder, {
          maxEntries: VECTOR_CACHE_ENTRIES,
          ...(options.embedBatchSize !== undefined ? { batchSize: options.embedBatchSize } : {}),
        })
      : undefined;
  }

  get size(): number {
    return this.#byId.size;
  }

  /** Subscribes to add/update/remove events; returns an unsubscribe function. */
  onChange(listener: (change: IndexChange) => void): () => void {
    checkListener(listener);
    return this.#events.on(listener);
  }

  has(id: string): boolean {
    checkId(id, 'has');
    return this.#byId.has(id);
  }

  get(id: string): Tool | undefined {
    checkId(id, 'get');
    const slot = this.#byId.get(id);
    return slot === undefined ? undefined : this.#entries[slot]?.tool;
  }

  /** Adds new tools; a tool whose id is already indexed is refused unless its content is identical. */
  add(tools: Tool | ToolInput | readonly (Tool | ToolInput)[]): UpsertSummary {
    const list = toTools(tools, 'add');
    for (const tool of list) {
      const slot = this.#byId.get(tool.id);
      if (slot !== undefined && this.#entries[slot]!.tool.contentHash !== tool.contentHash) {
        throw new IndexOptionsError(
          `Tool ${JSON.stringify(tool.id)} is already indexed; use upsert() to replace it`,
        );
      }
    }
    return this.#upsertMany(list);
  }

  /** Adds or replaces tools by id. Tools whose content hash did not change are not re-tokenised or re-embedded. */
  upsert(tools: Tool | ToolInput | readonly (Tool | ToolInput)[]): UpsertSummary {
    return this.#upsertMany(toTools(tools, 'upsert'));
  }

  /** Removes tools by id; returns how many were indexed. */
  remove(ids: string | readonly string[]): number {
    let removed = 0;
    for (const id of toIds(ids)) {
      const slot = this.#byId.get(id);
      if (slot === undefined) continue;
      const entry = this.#entries[slot]!;
      if (entry.tool.deprecated) this.#deprecated--;
      this.#entries[slot] = undefined;
      this.#byId.delete(id);
      this.#free.push(slot);
      removed++;
      this.#invalidate();
      this.#events.emit({ type: 'remove', id, tool: entry.tool });
    }
    return removed;
  }

  /** Tools in id order, a page at a time. */
  list(options: ListOptions = {}): ListPage {
    if (options === null || typeof options !== 'object')
      throw new IndexOptionsError(`list(options): expected an object, got ${describe(options)}`);
    const limit = options.limit ?? 100;
    if (!Number.isInteger(limit) || limit < 1 || limit > 10_000) {
      throw new IndexOptionsError(`list limit must be an integer between 1 and 10000, got ${String(limit)}`);
    }
    this.#sortedIds ??= [...this.#byId.keys()].sort();
    const ids = this.#sortedIds;
    let start = 0;
    if (options.cursor !== undefined) {
      const after = decodeCursor(options.cursor);
      start = upperBound(ids, after);
    }
    const page = ids.slice(start, start + limit);
    const tools = page.map((id) => this.get(id)!);
    const last = page.at(-1);
    return start + limit < ids.length && last !== undefined
      ? { tools, nextCursor: encodeCursor(last) }
      : { tools };
  }

  /** Embeds every tool that has no vector yet (otherwise done lazily by the first semantic/hybrid search). */
  async embedPending(signal?: AbortSignal): Promise<void> {
    if (!this.#cache) return;
    while (this.#embedding) await this.#embedding.catch(() => undefined);
    const pending = this.#entries.filter((e): e is Entry => e !== undefined && e.vector === undefined);
    if (pending.length === 0) return;
    const cache = this.#cache;
    const run = (async () => {
      const vectors = await unitVectors(
        cache,
        pending.map((e) => {
          e.embedText ??= toolEmbeddingText(e.tool);
          return e.embedText;
        }),
        signal,
      );
      pending.forEach((e, i) => {
        e.vector = vectors[i];
      });
    })();
    this.#embedding = run;
    try {
      await run;
    } finally {
      this.#embedding = undefined;
    }
  }

  /** Ranked tools for a query; see SearchOptions. Filters apply before ranking. */
  async search(request: string | SearchOptions): Promise<SearchResult> {
    const options = typeof request === 'string' ? { query: request } : request;
    const mode = checkSearchOptions(options, this.#maxQueryLength, this.embedder !== undefined);
    checkFiltersAndContext(options);
    const limit = options.limit ?? DEFAULT_LIMIT;
    const diversity = options.diversity ?? 0;
    const minScore = options.minScore ?? 0;
    const minRelevance = options.minRelevance ?? this.minRelevance;
    options.signal?.throwIfAborted();
    if (mode !== 'lexical') await this.embedPending(options.signal);
    const postings = this.#compiled();
    const query = reduceQuery(options.query, (token) => {
      const id = this.#vocabulary.lookup(token);
      return id === undefined ? 0 : postings.idf[id]!;
    });
    const allowed = this.#allowedMask(options);
    const candidates = allowed ? countOnes(allowed) : this.size;
    const context = options.context;
    let intent: TaskIntent | undefined;
    if (context && context.intent !== 'none') {
      intent =
        context.intent === undefined || context.intent === 'auto'
          ? classifyIntent(`${query} ${context.conversationSummary ?? ''}`)
          : context.intent;
      if (intent === 'unknown') intent = undefined;
    }
    const analysis = analyzeQuery(query);
    const lexical = mode === 'semantic' ? undefined : this.#lexical(postings, analysis.tokens, allowed);
    const clauseTexts = this.weights.clauses > 0 ? splitClauses(query) : [];
    const clauseQueries = clauseTexts.map((text) => analyzeQuery(text, analysis.slots));
    // One embedding call for the query and its clauses (a round trip less for remote embedders).
    const queryVectors =
      mode === 'lexical'
        ? undefined
        : await unitVectors(this.#cache!, [query, ...clauseTexts], options.signal);
    const vector = queryVectors ? vectorScores(this.#entries, queryVectors[0]!, allowed) : undefined;
    const clauses: ClauseEvidence | undefined =
      clauseTexts.length === 0
        ? undefined
        : {
            ...(mode === 'semantic' ? {} : { lexical: clauseQueries.map((c) => this.#queryTerms(c.tokens)) }),
            ...(queryVectors ? { vectors: queryVectors.slice(1) } : {}),
            terms: clauseQueries.map((c) => c.argumentTerms),
            slots: clauseQueries.map((c) => c.slots),
          };
    const conversationText = context ? contextText(context) : '';
    const conversation = conversationText
      ? this.#lexical(postings, tokenize(conversationText), allowed)
      : undefined;
    const { hits, confidence } = rank({
      mode,
      queryTerms: analysis.argumentTerms,
      querySlots: analysis.slots,
      ...(mode !== 'semantic' && this.weights.fuzzy > 0
        ? { charGrams: this.#charGramQuery(postings, analysis.tokens) }
        : {}),
      entries: this.#entries,
      ...(lexical ? { lexical } : {}),
      ...(vector ? { vector } : {}),
      ...(clauses ? { clauses } : {}),
      ...(conversation ? { conversation } : {}),
      ...(context ? { context } : {}),
      ...(intent ? { intent } : {}),
      vocabulary: this.#vocabulary,
      postings,
      fusion: this.fusion,
      weights: this.weights,
      penalties: this.penalties,
      limit,
      diversity,
      minScore,
      minRelevance,
      explain: options.explain === true,
    });
    const result: SearchResult = {
      hits,
      mode,
      confidence,
      noRelevantTools: hits.length === 0 || confidence < minRelevance,
      candidates,
    };
    if (intent) result.intent = intent;
    if (query !== options.query) result.reducedQuery = query;
    return result;
  }

  /** @internal Snapshot state (not part of the published API). */
  entries(): readonly Entry[] {
    return this.#entries.filter((e): e is Entry => e !== undefined);
  }

  /** @internal Snapshot state (not part of the published API). */
  vocabularyTerms(): readonly string[] {
    return this.#vocabulary.terms();
  }

  /** @internal Restores an entry from a snapshot without re-tokenising; `terms` must use `termMap` ids from the snapshot. */
  restoreEntry(
    tool: Tool,
    terms: DocTerms,
    termNames: readonly string[],
    vector: Float32Array | undefined,
  ): void {
    const remapped = new Uint32Array(terms.terms.length);
    terms.terms.forEach((t, i) => {
      remapped[i] = this.#vocabulary.intern(termNames[t]!);
    });
    const order = Array.from(remapped.keys()).sort((a, b) => remapped[a]! - remapped[b]!);
    const sortedTerms = Uint32Array.from(order, (i) => remapped[i]!);
    const tf = new Uint16Array(terms.tf.length);
    const width = terms.tf.length / Math.max(1, terms.terms.length);
    order.forEach((from, to) => {
      tf.set(terms.tf.subarray(from * width, from * width + width), to * width);
    });
    const entry: Entry = {
      tool,
      terms: { terms: sortedTerms, tf, lengths: terms.lengths },
      embedText: undefined,
      vector,
      argumentTerms: undefined,
      slotKinds: undefined,
    };
    this.#store(entry);
  }

  #upsertMany(tools: readonly Tool[]): UpsertSummary {
    const summary: UpsertSummary = { added: 0, updated: 0, unchanged: 0 };
    for (const tool of tools) {
      const slot = this.#byId.get(tool.id);
      const previous = slot === undefined ? undefined : this.#entries[slot];
      if (previous && previous.tool.contentHash === tool.contentHash) {
        summary.unchanged++;
        continue;
      }
      // All fields present from the start: one object shape keeps the hot loops monomorphic.
      const entry: Entry = {
        tool,
        terms: buildDocTerms(toolFields(tool), this.#vocabulary),
        embedText: undefined,
        vector: undefined,
        argumentTerms: undefined,
        slotKinds: undefined,
      };
      if (previous?.vector) {
        // Same embedded text (e.g. only tags or annotations changed): keep the vector.
        entry.embedText = toolEmbeddingText(tool);
        if ((previous.embedText ?? toolEmbeddingText(previous.tool)) === entry.embedText)
          entry.vector = previous.vector;
      }
      this.#store(entry);
      if (previous) {
        summary.updated++;
        this.#events.emit({ type: 'update', id: tool.id, tool, previous: previous.tool });
      } else {
        summary.added++;
        this.#events.emit({ type: 'add', id: tool.id, tool });
      }
    }
    return summary;
  }

  #store(entry: Entry): void {
    const existing = this.#byId.get(entry.tool.id);
    const slot = existing ?? this.#free.pop() ?? this.#entries.length;
    if (existing !== undefined && this.#entries[existing]?.tool.deprecated) this.#deprecated--;
    if (entry.tool.deprecated) this.#deprecated++;
    this.#entries[slot] = entry;
    this.#byId.set(entry.tool.id, slot);
    this.#invalidate();
  }

  #invalidate(): void {
    this.#postings = undefined;
    this.#charGrams = undefined;
    this.#sortedIds = undefined;
  }

  #compiled(): CompiledPostings {
    if (!this.#postings) {
      this.#postings = compilePostings(
        this.#entries.map((e) => e?.terms),
        this.#vocabulary.size,
        this.bm25,
      );
    }
    const n = this.#entries.length;
    if (!this.#scratch || this.#scratch.scores.length < n) {
      this.#scratch = {
        scores: new Float32Array(n),
        coverage: new Float32Array(n),
        seen: new Uint8Array(n),
        touched: new Uint32Array(n),
      };
    }
    return this.#postings;
  }

  #charGramQuery(postings: CompiledPostings, tokens: readonly string[]) {
    this.#charGrams ??= new CharGramModel(
      postings,
      this.#vocabulary,
      this.#entries.map((e) => e?.terms),
    );
    return { model: this.#charGrams, query: this.#charGrams.query(tokens) };
  }

  #lexical(postings: CompiledPostings, tokens: readonly string[], allowed: Uint8Array | undefined) {
    return scoreQuery(postings, this.#queryTerms(tokens), allowed, this.#scratch!);
  }

  /** BM25 query terms of a text's tokens: vocabulary ids and counts. */
  #queryTerms(tokens: readonly string[]): QueryTerm[] {
    const counts = new Map<string, number>();
    for (const token of tokens) counts.set(token, (counts.get(token) ?? 0) + 1);
    return [...counts].map(([term, count]) => ({ id: this.#vocabulary.lookup(term), count }));
  }

  #allowedMask(options: SearchOptions): Uint8Array | undefined {
    const health = options.context?.health;
    const dropUnhealthy = health !== undefined && options.context?.includeUnhealthy !== true;
    const filters = options.filters ?? {};
    const anyDeprecated = filters.deprecated === undefined && this.#deprecated > 0;
    if (Object.keys(filters).length === 0 && !dropUnhealthy && !anyDeprecated) return undefined;
    const accept = compileFilters(filters);
    const mask = new Uint8Array(this.#entries.length);
    this.#entries.forEach((entry, slot) => {
      if (!entry || !accept(entry.tool)) return;
      if (dropUnhealthy && signalValue(health, entry.tool) === 0) return;
      mask[slot] = 1;
    });
    return mask;
  }
}

/** Unit-length vectors (cosine = dot product); an all-zero vector stays zero. */
async function unitVectors(
  cache: CachedEmbedder,
  texts: readonly string[],
  signal: AbortSignal | undefined,
): Promise<Float32Array[]> {
  const vectors = await cache.embed(texts, signal ? { signal } : {});
  return vectors.map(normalizeInPlace);
}

function upperBound(sorted: readonly string[], value: string): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid]! <= value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function encodeCursor(id: string): string {
  return Buffer.from(id, 'utf8').toString('base64url');
}

function decodeCursor(cursor: string): string {
  if (typeof cursor !== 'string' || !/^[A-Za-z0-9_-]*$/.test(cursor)) {
    throw new IndexOptionsError('list cursor is not a cursor returned by list()');
  }
  return Buffer.from(cursor, 'base64url').toString('utf8');
}
