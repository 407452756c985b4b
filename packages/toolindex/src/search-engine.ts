import type { CachedEmbedder } from './embedders/cache.js';
import { normalizeInPlace } from './embedders/validate.js';
import type { Entry } from './entry.js';
import { checkFiltersAndContext } from './index-input.js';
import type { LexicalScores, QueryTerm } from './lexical/bm25.js';
import type { CharGramModel } from './lexical/char-grams.js';
import { analyzeQuery } from './query-analysis.js';
import type { ClauseEvidence } from './ranking/clauses.js';
import type { FusionOptions } from './ranking/fusion.js';
import { classifyIntent, type TaskIntent } from './ranking/intent.js';
import type { Penalties, SignalWeights } from './ranking/signals.js';
import { poolSize, rank } from './search.js';
import { checkSearchOptions, contextText, DEFAULT_LIMIT, type VectorScores } from './search-request.js';
import { splitClauses } from './text/clauses.js';
import { reduceQuery } from './text/query-reduction.js';
import { asideTerms } from './text/asides.js';
import { tokenize } from './text/tokenize.js';
import { type CatalogueTerms, type SoftTerms, withSoftTerms } from './lexical/soft-terms.js';
import type { Embedder } from './embedders/embedder.js';
import { withRelatives } from './lexical/morphology.js';
import { type Morphology, morphologyIn } from './index-options.js';
import { nameVectors } from './ranking/name-match.js';
import type { SearchContext, SearchFilters, SearchMode, SearchOptions, SearchResult } from './types.js';

/**
 * The seam between ranking and storage. A backend (the in-memory index, a database) finds candidates and
 * reports corpus statistics; everything after that — fusion, the arguments/fuzzy/slots/clauses signals,
 * context, calibrated relevance, MMR, explain — runs here, the same code for every backend.
 */
export interface RetrievalBackend {
  /** Readies the backend for a search in `mode` (e.g. embeds pending tools) and returns its term statistics. */
  prepare(mode: SearchMode, signal: AbortSignal | undefined): Promise<QueryStatistics>;
  /** The candidate pool for one search: filters applied, each retriever's best `pool` tools at least. */
  retrieve(request: RetrievalRequest): Promise<CandidatePool>;
}

/**
 * What query preparation reads: term ids and their IDF (for reducing long requests and finding asides). A
 * backend may hand out the same object for as long as its statistics do not change (searches then remember the
 * weights of a long request's words by object identity); it must hand out a new one when they do.
 */
export interface QueryStatistics extends CatalogueTerms {
  lookup(term: string): number | undefined;
  idf(id: number): number;
  /** The IDF of a term no tool has (`idf(docCount, 0)`). */
  unseenIdf: number;
}

export interface RetrievalRequest {
  mode: SearchMode;
  /** The query's BM25 terms (lexical and hybrid modes). */
  lexical: readonly QueryTerm[] | undefined;
  /** The query's unit vector (semantic and hybrid modes). */
  vector: Float32Array | undefined;
  /** Terms of the conversation context, scored for the pool's tools only. */
  conversation: readonly QueryTerm[] | undefined;
  filters: SearchFilters;
  context: SearchContext | undefined;
  /** Candidates each retriever contributes, at least. */
  pool: number;
  signal: AbortSignal | undefined;
}

/**
 * Candidates, addressed by slot (any numbering the backend likes: the in-memory index uses its own slots, a
 * database backend numbers its pool 0..n-1). Scores cover at least the pool's tools: `lexical` every pool
 * tool that matches a query term, `vector` every pool tool's cosine with `background`, the mean cosine over the
 * tools the filters allow.
 */
export interface CandidatePool {
  entries: readonly (Entry | undefined)[];
  lexical?: LexicalScores;
  vector?: VectorScores;
  conversation?: LexicalScores;
  /** Tools left after filters. */
  candidates: number;
  /** The term of a term id (intent signal). */
  termOf(id: number): string | undefined;
  /** BM25F of the given slots for a query (clauses signal). */
  scoreDocuments(query: readonly QueryTerm[], slots: readonly number[]): Float64Array;
  /** The character-gram model (fuzzy signal), built on first need. */
  charGrams(): CharGramModel;
}

/** Ranking configuration shared by every backend (the index options after defaults). */
export interface RankingConfig {
  readonly fusion: FusionOptions;
  readonly weights: SignalWeights;
  readonly penalties: Penalties;
  readonly minRelevance: number;
  readonly maxQueryLength: number;
  /** Soft term matching (the `softTerms` index option); absent: off. */
  readonly softTerms?: SoftTerms | undefined;
  /** Derivational relatives of query words (the `morphology` index option, resolved); absent: off. */
  readonly morphology?: Morphology | undefined;
  /** The static word table when it is the index's embedder: the name signal reads tool names through it. */
  readonly nameTable?: Embedder | undefined;
  /** The validating, caching embedder wrapper (absent: lexical only). */
  readonly cache: CachedEmbedder | undefined;
}

/** One search over a backend; see SearchOptions. */
export async function runSearch(
  config: RankingConfig,
  backend: RetrievalBackend,
  request: string | SearchOptions,
): Promise<SearchResult> {
  const options = typeof request === 'string' ? { query: request } : request;
  const mode = checkSearchOptions(options, config.maxQueryLength, config.cache !== undefined);
  checkFiltersAndContext(options);
  const limit = options.limit ?? DEFAULT_LIMIT;
  const minRelevance = options.minRelevance ?? config.minRelevance;
  options.signal?.throwIfAborted();
  const statistics = await backend.prepare(mode, options.signal);
  const query = reduceQuery(
    options.query,
    (token) => {
      // 0 for words no live tool uses (a removed tool's words keep their ids, with the IDF of an unseen word).
      const id = statistics.lookup(token);
      const idf = id === undefined ? 0 : statistics.idf(id);
      return idf >= statistics.unseenIdf ? 0 : idf;
    },
    { weightKey: weightKeyOf(statistics) },
  );
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
  const clauseTexts = config.weights.clauses > 0 ? splitClauses(query) : [];
  const clauseQueries = clauseTexts.map((text) => analyzeQuery(text, analysis));
  // One embedding call for the query and its clauses (a round trip less for remote embedders).
  const queryVectors =
    mode === 'lexical'
      ? undefined
      : await unitVectors(config.cache!, [query, ...clauseTexts], options.signal);
  const conversationText = context ? contextText(context) : '';
  const pool = await backend.retrieve({
    mode,
    lexical:
      mode === 'semantic'
        ? undefined
        : await withSoftTerms(
            statistics,
            analysis.tokens,
            lexicalTerms(config, statistics, analysis.tokens, query, mode),
            // Not for reduced long requests: they carry many words, and each new word costs a catalogue scan.
            query === options.query ? config.softTerms : undefined,
          ),
    vector: queryVectors?.[0],
    conversation: conversationText ? queryTerms(statistics, tokenize(conversationText)) : undefined,
    filters: options.filters ?? {},
    context,
    pool: poolSize(limit),
    signal: options.signal,
  });
  options.signal?.throwIfAborted();
  const names =
    // Hybrid only: with the vector alone (semantic mode) it measured worse (docs/ranking-experiments.md).
    mode === 'hybrid' && config.nameTable && queryVectors && config.weights.name > 0
      ? {
          query: queryVectors[0]!,
          vector: nameVectors(config.nameTable),
        }
      : undefined;
  const clauses: ClauseEvidence | undefined =
    clauseTexts.length === 0
      ? undefined
      : {
          ...(mode === 'semantic'
            ? {}
            : { lexical: clauseQueries.map((c) => queryTerms(statistics, c.tokens)) }),
          ...(queryVectors ? { vectors: queryVectors.slice(1) } : {}),
          terms: clauseQueries.map((c) => c.argumentTerms),
          slots: clauseQueries.map((c) => c.slots),
        };
  const { hits, confidence } = rank({
    mode,
    queryTerms: analysis.argumentTerms,
    querySlots: analysis.slots,
    ...(mode !== 'semantic' && config.weights.fuzzy > 0
      ? { charGrams: charGramQuery(pool.charGrams(), analysis.tokens) }
      : {}),
    entries: pool.entries,
    ...(pool.lexical ? { lexical: pool.lexical } : {}),
    ...(pool.vector ? { vector: pool.vector } : {}),
    ...(clauses ? { clauses } : {}),
    ...(names ? { names } : {}),
    ...(pool.conversation ? { conversation: pool.conversation } : {}),
    ...(context ? { context } : {}),
    ...(intent ? { intent } : {}),
    termOf: pool.termOf,
    scoreDocuments: pool.scoreDocuments,
    fusion: config.fusion,
    weights: config.weights,
    penalties: config.penalties,
    limit,
    diversity: options.diversity ?? 0,
    minScore: options.minScore ?? 0,
    minRelevance,
    explain: options.explain === true,
  });
  const result: SearchResult = {
    hits,
    mode,
    confidence,
    noRelevantTools: hits.length === 0 || confidence < minRelevance,
    candidates: pool.candidates,
  };
  if (intent) result.intent = intent;
  if (query !== options.query) result.reducedQuery = query;
  return result;
}

/** The query's BM25 terms (asides weigh 0), with the derivational relatives of its words when `mode` has them. */
function lexicalTerms(
  config: RankingConfig,
  statistics: QueryStatistics,
  tokens: readonly string[],
  query: string,
  mode: SearchMode,
): QueryTerm[] {
  const terms = queryTerms(statistics, tokens, asidesOf(query, statistics));
  return morphologyIn(config.morphology, mode)
    ? withRelatives((term) => statistics.lookup(term), tokens, terms)
    : terms;
}

function charGramQuery(model: CharGramModel, tokens: readonly string[]) {
  return { model, query: model.query(tokens) };
}

/**
 * Terms found only in sentences the catalogue barely knows (asides): they neither score nor count against a
 * tool's query-term coverage, so small talk appended to a request does not make it read as irrelevant.
 */
function asidesOf(query: string, statistics: QueryStatistics): ReadonlySet<string> {
  return asideTerms(
    query,
    (token) => {
      const id = statistics.lookup(token);
      return id === undefined ? undefined : statistics.idf(id);
    },
    statistics.unseenIdf,
  );
}

/** BM25 query terms of a text's tokens: term ids and counts, in first-seen order; `ignored` terms weigh 0. */
export function queryTerms(
  statistics: QueryStatistics,
  tokens: readonly string[],
  ignored?: ReadonlySet<string>,
): QueryTerm[] {
  const counts = new Map<string, number>();
  for (const token of tokens) counts.set(token, (counts.get(token) ?? 0) + 1);
  return [...counts].map(([term, count]) =>
    ignored?.has(term)
      ? { id: statistics.lookup(term), count, weight: 0 }
      : { id: statistics.lookup(term), count },
  );
}

/** Unit-length vectors (cosine = dot product); an all-zero vector stays zero. */
export async function unitVectors(
  cache: CachedEmbedder,
  texts: readonly string[],
  signal: AbortSignal | undefined,
): Promise<Float32Array[]> {
  const vectors = await cache.embed(texts, signal ? { signal } : {});
  return vectors.map(normalizeInPlace);
}

/** A number per statistics object (never reused), for the reduction's per-token weight cache. */
const weightKeys = new WeakMap<QueryStatistics, number>();
let lastWeightKey = 0;

function weightKeyOf(statistics: QueryStatistics): number {
  let key = weightKeys.get(statistics);
  if (key === undefined) {
    key = ++lastWeightKey;
    weightKeys.set(statistics, key);
  }
  return key;
}
