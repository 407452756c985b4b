export type { Embedder, EmbedOptions } from './embedders/embedder.js';
export {
  type CachedEmbedder,
  type CachedEmbedderOptions,
  type CacheStats,
  createCachedEmbedder,
  createDefaultEmbedder,
  createHashingEmbedder,
  createVectorCache,
  type DefaultEmbedderOptions,
  EmbedderError,
  type EmbedderErrorCode,
  STATIC_TABLE_MANIFEST,
  type VectorCache,
  type VectorCacheOptions,
} from './embedders/index.js';
export {
  EmbedderMismatchError,
  EmbeddingError,
  IndexOptionsError,
  QueryError,
  SnapshotError,
} from './errors.js';
export { compileFilters } from './filters.js';
export {
  type Bm25Params,
  type CompiledPostings,
  compilePostings,
  DEFAULT_BM25,
  fieldTermFrequency,
  idf,
  type LexicalScores,
  saturate,
  scoreQuery,
} from './lexical/bm25.js';
export {
  blendScores,
  DEFAULT_FUSION,
  type FusionOptions,
  ranksOf,
  reciprocalRankFusion,
} from './ranking/fusion.js';
export { classifyIntent, INTENT_KEYWORDS, intentMatch, type TaskIntent } from './ranking/intent.js';
export { mmrSelect } from './ranking/mmr.js';
export { maxNormalize, minMaxNormalize } from './ranking/normalize.js';
export { calibratedRelevance, DEFAULT_MIN_RELEVANCE, semanticRelevance } from './ranking/relevance.js';
export {
  combineSignals,
  DEFAULT_PENALTIES,
  DEFAULT_WEIGHTS,
  type Penalties,
  type Signals,
  type SignalWeights,
} from './ranking/signals.js';
export { topK } from './ranking/top-k.js';
export { loadIndex, saveIndex } from './snapshot.js';
export { stem } from './text/stem.js';
export { STOP_WORDS } from './text/stop-words.js';
export { splitCamelCase, type TokenizeOptions, tokenize } from './text/tokenize.js';
export { createIndex, ToolIndex, type UpsertSummary } from './tool-index.js';
export { FIELDS, type FieldName, toolEmbeddingText, toolFields } from './tool-text.js';
export type {
  IndexChange,
  IndexOptions,
  ListOptions,
  ListPage,
  ScoreBreakdown,
  SearchContext,
  SearchFilters,
  SearchHit,
  SearchMode,
  SearchOptions,
  SearchResult,
  ToolSignal,
} from './types.js';
