import type { Tool, ToolInput } from '@toolarsenal/toolmodel';
import { type CachedEmbedder, createCachedEmbedder } from './embedders/cache.js';
import type { Embedder } from './embedders/embedder.js';
import type { Entry } from './entry.js';
import { IndexOptionsError } from './errors.js';
import { Emitter } from './events.js';
import { compileFilters } from './filters.js';
import {
  type Bm25Params,
  type CompiledPostings,
  compilePostings,
  type LexicalScratch,
  scoreDocuments,
  createLexicalScratch,
  scoreQuery,
} from './lexical/bm25.js';
import { buildDocTerms, type DocTerms } from './lexical/doc-terms.js';
import { Vocabulary } from './lexical/vocabulary.js';
import type { FusionOptions } from './ranking/fusion.js';
import { CharGramModel } from './lexical/char-grams.js';
import { postingStatistics } from './lexical/term-statistics.js';
import type { Penalties, SignalWeights } from './ranking/signals.js';
import { signalValue } from './search.js';
import {
  type CandidatePool,
  type RankingConfig,
  type QueryStatistics,
  type RetrievalBackend,
  type RetrievalRequest,
  runSearch,
  unitVectors,
} from './search-engine.js';
import { countOnes, vectorScores } from './search-request.js';
import { resolveIndexOptions } from './index-options.js';
import { isStaticTable, softTermsFor } from './lexical/soft-terms.js';
import { checkId, checkListener, checkListOptions, encodeCursor, toIds, toTools } from './index-input.js';
import { textHash, toolEmbeddingText, toolFields } from './tool-text.js';
import type {
  IndexChange,
  IndexOptions,
  ListOptions,
  ListPage,
  SearchContext,
  SearchFilters,
  SearchOptions,
  SearchResult,
  ToolIndexLike,
  UpsertSummary,
} from './types.js';

export type { UpsertSummary } from './types.js';

/** Vectors kept by text (tools and recent queries). */
const VECTOR_CACHE_ENTRIES = 200_000;

/** Creates an empty tool index. */
export function createIndex(options: IndexOptions = {}): ToolIndex {
  return new ToolIndex(options);
}

/** An in-memory, incrementally updated tool index with lexical, semantic and hybrid search. */
export class ToolIndex implements ToolIndexLike {
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
  readonly #ranking: RankingConfig;
  #postings: CompiledPostings | undefined;
  #statistics: { postings: CompiledPostings; statistics: QueryStatistics } | undefined;
  #charGrams: CharGramModel | undefined;
  #scratch: LexicalScratch | undefined;
  #sortedIds: string[] | undefined;
  #embedding: Promise<void> | undefined;
  #deprecated = 0;

  constructor(options: IndexOptions = {}) {
    const resolved = resolveIndexOptions(options);
    this.embedder = options.embedder;
    this.bm25 = resolved.bm25;
    this.fusion = resolved.fusion;
    this.weights = resolved.weights;
    this.penalties = resolved.penalties;
    this.minRelevance = resolved.minRelevance;
    this.#maxQueryLength = resolved.maxQueryLength;
    // Validated (one vector of the right length per text, finite values), batched, de-duplicated and cached by
    // embedder id + text hash; settles when the search's signal fires even if the embedder ignores it.
    this.#cache = options.embedder
      ? createCachedEmbedder(options.embedder, {
          maxEntries: VECTOR_CACHE_ENTRIES,
          ...(options.embedBatchSize !== undefined ? { batchSize: options.embedBatchSize } : {}),
        })
      : undefined;
    this.#ranking = {
      fusion: this.fusion,
      weights: this.weights,
      penalties: this.penalties,
      minRelevance: this.minRelevance,
      maxQueryLength: this.#maxQueryLength,
      softTerms: softTermsFor(resolved.softTerms, options.embedder),
      morphology: resolved.morphology,
      nameTable: isStaticTable(options.embedder) ? options.embedder : undefined,
      cache: this.#cache,
    };
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
    const { limit, after } = checkListOptions(options);
    this.#sortedIds ??= [...this.#byId.keys()].sort();
    const ids = this.#sortedIds;
    const start = after === undefined ? 0 : upperBound(ids, after);
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
  search(request: string | SearchOptions): Promise<SearchResult> {
    return runSearch(this.#ranking, this.#backend, request);
  }

  /** The in-memory side of the ranking seam: posting lists and a flat vector scan over every slot. */
  readonly #backend: RetrievalBackend = {
    prepare: async (mode, signal) => {
      if (mode !== 'lexical') await this.embedPending(signal);
      const postings = this.#compiled();
      // One statistics object per compiled postings: searches cache word weights by its identity.
      if (this.#statistics?.postings !== postings) {
        this.#statistics = {
          postings,
          statistics: {
            lookup: (term) => this.#vocabulary.lookup(term),
            idf: (id) => postings.idf[id]!,
            unseenIdf: postings.unseenIdf,
            catalogueTerms: () => {
              const terms = this.#vocabulary.terms();
              const ids: number[] = [];
              for (let t = 0; t < terms.length && t + 1 < postings.offsets.length; t++)
                if (postings.offsets[t + 1]! > postings.offsets[t]!) ids.push(t);
              return { ids: Uint32Array.from(ids), words: ids.map((t) => terms[t]!) };
            },
          },
        };
      }
      return this.#statistics.statistics;
    },
    retrieve: (request) => Promise.resolve(this.#retrieve(request)),
  };

  #retrieve(request: RetrievalRequest): CandidatePool {
    const postings = this.#compiled();
    const allowed = this.#allowedMask(request.filters, request.context);
    const scratch = this.#scratch!;
    return {
      entries: this.#entries,
      ...(request.lexical ? { lexical: scoreQuery(postings, request.lexical, allowed, scratch) } : {}),
      ...(request.vector ? { vector: vectorScores(this.#entries, request.vector, allowed) } : {}),
      ...(request.conversation
        ? { conversation: scoreQuery(postings, request.conversation, allowed, scratch) }
        : {}),
      candidates: allowed ? countOnes(allowed) : this.size,
      termOf: (id) => this.#vocabulary.term(id),
      scoreDocuments: (query, slots) => scoreDocuments(postings, query, slots),
      charGrams: () =>
        (this.#charGrams ??= new CharGramModel(
          postingStatistics(postings, this.#vocabulary),
          this.#entries.map((e) => e?.terms),
        )),
    };
  }

  /**
   * @internal Store backends (see `@toolarsenal/toolindex/backend`): the unit vector of a tool and the hash of the
   * text it was computed from, once embedded.
   */
  storedVector(id: string): { vector: Float32Array; textHash: string } | undefined {
    const slot = this.#byId.get(id);
    const entry = slot === undefined ? undefined : this.#entries[slot];
    if (!entry?.vector) return undefined;
    entry.embedText ??= toolEmbeddingText(entry.tool);
    return { vector: entry.vector, textHash: textHash(entry.embedText) };
  }

  /**
   * @internal Store backends: gives a tool a stored unit vector instead of embedding it again. Ignored (the tool
   * is embedded when needed) unless the vector has the embedder's length and was computed from the tool's
   * current embedding text; returns whether it was taken.
   */
  restoreVector(id: string, vector: Float32Array, hash: string): boolean {
    const slot = this.#byId.get(id);
    const entry = slot === undefined ? undefined : this.#entries[slot];
    if (!entry || !this.embedder || vector.length !== this.embedder.dimensions) return false;
    entry.embedText ??= toolEmbeddingText(entry.tool);
    if (textHash(entry.embedText) !== hash) return false;
    entry.vector = vector;
    return true;
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
      this.#scratch = createLexicalScratch(n);
    }
    return this.#postings;
  }

  #allowedMask(filters: SearchFilters, context: SearchContext | undefined): Uint8Array | undefined {
    const health = context?.health;
    const dropUnhealthy = health !== undefined && context?.includeUnhealthy !== true;
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
