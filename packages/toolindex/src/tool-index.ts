import { parseTool, type Tool, type ToolInput } from '@toolarsenal/toolmodel';
import type { Embedder } from './embedders/embedder.js';
import type { Entry } from './entry.js';
import { IndexOptionsError, QueryError } from './errors.js';
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
import { commonWordWeight } from './text/common-words.js';
import { querySlots } from './ranking/slots.js';
import { argumentQueryTerms } from './ranking/arguments.js';
import { classifyIntent, type TaskIntent } from './ranking/intent.js';
import { DEFAULT_MIN_RELEVANCE } from './ranking/relevance.js';
import { DEFAULT_PENALTIES, DEFAULT_WEIGHTS, type Penalties, type SignalWeights } from './ranking/signals.js';
import { rank, signalValue } from './search.js';
import { tokenize } from './text/tokenize.js';
import { toolEmbeddingText, toolFields } from './tool-text.js';
import type {
  IndexChange,
  IndexOptions,
  ListOptions,
  ListPage,
  SearchMode,
  SearchOptions,
  SearchResult,
} from './types.js';
import { EmbeddingCache } from './vector/embedding-cache.js';

const DEFAULT_LIMIT = 5;
const MAX_LIMIT = 1000;
const DEFAULT_MAX_QUERY = 10_000;
const MAX_CONTEXT_CHARS = 20_000;

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
  readonly #cache: EmbeddingCache | undefined;
  #postings: CompiledPostings | undefined;
  #charGrams: CharGramModel | undefined;
  #scratch: LexicalScratch | undefined;
  #sortedIds: string[] | undefined;
  #embedding: Promise<void> | undefined;
  #deprecated = 0;

  constructor(options: IndexOptions = {}) {
    this.embedder = options.embedder;
    this.bm25 = {
      k1: options.bm25?.k1 ?? DEFAULT_BM25.k1,
      b: options.bm25?.b ?? DEFAULT_BM25.b,
      fieldWeights: { ...DEFAULT_BM25.fieldWeights, ...options.bm25?.fieldWeights },
      commonWordSmoothing: options.bm25?.commonWordSmoothing ?? DEFAULT_BM25.commonWordSmoothing,
    };
    this.fusion = options.fusion ?? DEFAULT_FUSION;
    this.weights = { ...DEFAULT_WEIGHTS, ...options.weights };
    this.penalties = { ...DEFAULT_PENALTIES, ...options.penalties };
    this.minRelevance = options.minRelevance ?? DEFAULT_MIN_RELEVANCE;
    this.#maxQueryLength = options.maxQueryLength ?? DEFAULT_MAX_QUERY;
    validateOptions(this);
    this.#cache = options.embedder
      ? new EmbeddingCache(
          options.embedder,
          options.embedBatchSize ? { batchSize: options.embedBatchSize } : {},
        )
      : undefined;
  }

  get size(): number {
    return this.#byId.size;
  }

  /** Subscribes to add/update/remove events; returns an unsubscribe function. */
  onChange(listener: (change: IndexChange) => void): () => void {
    return this.#events.on(listener);
  }

  has(id: string): boolean {
    return this.#byId.has(id);
  }

  get(id: string): Tool | undefined {
    const slot = this.#byId.get(id);
    return slot === undefined ? undefined : this.#entries[slot]?.tool;
  }

  /** Adds new tools; a tool whose id is already indexed is refused unless its content is identical. */
  add(tools: Tool | ToolInput | readonly (Tool | ToolInput)[]): UpsertSummary {
    const list = toTools(tools);
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
    return this.#upsertMany(toTools(tools));
  }

  /** Removes tools by id; returns how many were indexed. */
  remove(ids: string | readonly string[]): number {
    let removed = 0;
    for (const id of typeof ids === 'string' ? [ids] : ids) {
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
      const vectors = await cache.embed(
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
  async search(query: string | SearchOptions): Promise<SearchResult> {
    const options = typeof query === 'string' ? { query } : query;
    const mode = this.#checkSearch(options);
    const limit = options.limit ?? DEFAULT_LIMIT;
    const diversity = options.diversity ?? 0;
    const minScore = options.minScore ?? 0;
    const minRelevance = options.minRelevance ?? this.minRelevance;
    options.signal?.throwIfAborted();
    if (mode !== 'lexical') await this.embedPending(options.signal);
    const postings = this.#compiled();
    const allowed = this.#allowedMask(options);
    const candidates = allowed ? countOnes(allowed) : this.size;
    const context = options.context;
    let intent: TaskIntent | undefined;
    if (context && context.intent !== 'none') {
      intent =
        context.intent === undefined || context.intent === 'auto'
          ? classifyIntent(`${options.query} ${context.conversationSummary ?? ''}`)
          : context.intent;
      if (intent === 'unknown') intent = undefined;
    }
    const lexical = mode === 'semantic' ? undefined : this.#lexical(postings, options.query, allowed);
    const clauseTexts = this.weights.clauses > 0 ? splitClauses(options.query) : [];
    // One embedding call for the query and its clauses (a round trip less for remote embedders).
    const queryVectors =
      mode === 'lexical'
        ? undefined
        : await this.#cache!.embed([options.query, ...clauseTexts], options.signal);
    const vector = queryVectors ? this.#vectorScores(queryVectors[0]!, allowed) : undefined;
    const clauses: ClauseEvidence | undefined =
      clauseTexts.length === 0
        ? undefined
        : {
            ...(mode === 'semantic' ? {} : { lexical: clauseTexts.map((text) => this.#queryTerms(text)) }),
            ...(queryVectors ? { vectors: queryVectors.slice(1) } : {}),
            terms: clauseTexts.map(argumentQueryTerms),
            slots: clauseTexts.map(querySlots),
          };
    const conversationText = context ? contextText(context) : '';
    const conversation = conversationText ? this.#lexical(postings, conversationText, allowed) : undefined;
    const { hits, confidence } = rank({
      mode,
      queryTerms: argumentQueryTerms(options.query),
      querySlots: querySlots(options.query),
      ...(mode !== 'semantic' && this.weights.fuzzy > 0
        ? { charGrams: this.#charGramQuery(postings, options.query) }
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
    return result;
  }

  /** Internal state for snapshots. */
  entries(): readonly Entry[] {
    return this.#entries.filter((e): e is Entry => e !== undefined);
  }

  vocabularyTerms(): readonly string[] {
    return this.#vocabulary.terms();
  }

  /** Restores an entry from a snapshot without re-tokenising; `terms` must use `termMap` ids from the snapshot. */
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

  #charGramQuery(postings: CompiledPostings, query: string) {
    this.#charGrams ??= new CharGramModel(
      postings,
      this.#vocabulary,
      this.#entries.map((e) => e?.terms),
    );
    return { model: this.#charGrams, query: this.#charGrams.query(tokenize(query)) };
  }

  #lexical(postings: CompiledPostings, text: string, allowed: Uint8Array | undefined) {
    return scoreQuery(postings, this.#queryTerms(text), allowed, this.#scratch!);
  }

  /** BM25 query terms of a text: vocabulary ids, counts and common-word weights. */
  #queryTerms(text: string): QueryTerm[] {
    const counts = new Map<string, number>();
    for (const token of tokenize(text)) counts.set(token, (counts.get(token) ?? 0) + 1);
    const smoothing = this.bm25.commonWordSmoothing;
    return [...counts].map(([term, count]) => ({
      id: this.#vocabulary.lookup(term),
      count,
      weight: commonWordWeight(term, smoothing),
    }));
  }

  #vectorScores(qv: Float32Array, allowed: Uint8Array | undefined) {
    const n = this.#entries.length;
    const cosine = new Float32Array(n).fill(Number.NaN);
    const slots = new Uint32Array(n);
    const values = new Float32Array(n);
    let count = 0;
    let sum = 0;
    const entries = this.#entries;
    const dims = qv.length;
    for (let slot = 0; slot < n; slot++) {
      const vector = entries[slot]?.vector;
      if (vector === undefined || (allowed !== undefined && allowed[slot] !== 1)) continue;
      let c = 0;
      for (let d = 0; d < dims; d++) c += qv[d]! * vector[d]!;
      cosine[slot] = c;
      sum += c;
      slots[count] = slot;
      values[count++] = c;
    }
    return {
      cosine,
      slots: slots.subarray(0, count),
      values: values.subarray(0, count),
      background: count > 0 ? sum / count : 0,
    };
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

  #checkSearch(options: SearchOptions): SearchMode {
    if (typeof options !== 'object' || options === null)
      throw new QueryError('search() needs a query string or options');
    const { query } = options;
    if (typeof query !== 'string') throw new QueryError('query must be a string');
    if (query.trim() === '') throw new QueryError('query is empty');
    if (query.length > this.#maxQueryLength) {
      throw new QueryError(
        `query is ${query.length} characters; the limit is ${this.#maxQueryLength} (maxQueryLength)`,
      );
    }
    const limit = options.limit ?? DEFAULT_LIMIT;
    if (!Number.isInteger(limit) || limit < 1 || limit > MAX_LIMIT) {
      throw new QueryError(`limit must be an integer between 1 and ${MAX_LIMIT}, got ${String(limit)}`);
    }
    for (const key of ['diversity', 'minScore', 'minRelevance'] as const) {
      const v = options[key];
      if (v !== undefined && !(typeof v === 'number' && v >= 0 && v <= 1)) {
        throw new QueryError(`${key} must be a number between 0 and 1, got ${String(v)}`);
      }
    }
    const mode = options.mode ?? (this.embedder ? 'hybrid' : 'lexical');
    if (mode !== 'lexical' && mode !== 'semantic' && mode !== 'hybrid') {
      throw new QueryError(`mode must be lexical, semantic or hybrid, got ${JSON.stringify(mode)}`);
    }
    if (mode !== 'lexical' && !this.embedder) {
      throw new QueryError(`mode ${mode} needs an embedder; create the index with { embedder }`);
    }
    return mode;
  }
}

function toTools(input: Tool | ToolInput | readonly (Tool | ToolInput)[]): Tool[] {
  const list = Array.isArray(input) ? (input as readonly (Tool | ToolInput)[]) : [input as Tool | ToolInput];
  return list.map((t) => (isCanonical(t) ? t : parseTool(t)));
}

/** Canonical tools are frozen objects carrying their content hash (made by defineTool/parseTool). */
function isCanonical(value: Tool | ToolInput): value is Tool {
  return (
    Object.isFrozen(value) &&
    typeof (value as Tool).contentHash === 'string' &&
    typeof (value as Tool).id === 'string'
  );
}

function contextText(context: NonNullable<SearchOptions['context']>): string {
  const parts = [
    context.conversationSummary ?? '',
    ...(context.recentMessages ?? []).slice(-10).map((m) => m.content),
  ];
  const text = parts.filter((p) => typeof p === 'string').join(' ');
  return text.length > MAX_CONTEXT_CHARS ? text.slice(-MAX_CONTEXT_CHARS) : text;
}

function countOnes(mask: Uint8Array): number {
  let n = 0;
  for (const v of mask) n += v;
  return n;
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

function validateOptions(index: ToolIndex): void {
  const { k1, b, fieldWeights, commonWordSmoothing } = index.bm25;
  if (!(k1 > 0) || !(b >= 0 && b <= 1))
    throw new IndexOptionsError('bm25.k1 must be > 0 and bm25.b within 0..1');
  if (!(commonWordSmoothing >= 0) || commonWordSmoothing === Number.POSITIVE_INFINITY)
    throw new IndexOptionsError('bm25.commonWordSmoothing must be a finite number ≥ 0 (0 turns it off)');
  for (const [field, w] of Object.entries(fieldWeights)) {
    if (!(w >= 0)) throw new IndexOptionsError(`bm25.fieldWeights.${field} must be ≥ 0`);
  }
  if (index.fusion.method === 'blend' && !(index.fusion.alpha >= 0 && index.fusion.alpha <= 1)) {
    throw new IndexOptionsError('fusion.alpha must be within 0..1');
  }
  if (index.fusion.method === 'rrf' && !(index.fusion.k > 0))
    throw new IndexOptionsError('fusion.k must be > 0');
  if (!(index.minRelevance >= 0 && index.minRelevance <= 1))
    throw new IndexOptionsError('minRelevance must be within 0..1');
  for (const [group, values] of [
    ['weights', index.weights],
    ['penalties', index.penalties],
  ] as const) {
    for (const [key, value] of Object.entries(values)) {
      if (!(value >= 0) || value === Number.POSITIVE_INFINITY)
        throw new IndexOptionsError(`${group}.${key} must be a finite number ≥ 0 (got ${String(value)})`);
    }
  }
}
