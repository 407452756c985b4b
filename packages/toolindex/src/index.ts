// Index: create, fill, search, persist.
export { createIndex, ToolIndex, type UpsertSummary } from './tool-index.js';
export { loadIndex, saveIndex } from './snapshot.js';
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
  ToolChange,
  ToolIndexLike,
  ToolSignal,
} from './types.js';
// Option types (the values they default to are documented in the README, not exported).
export type { Bm25Params, LengthPivot } from './lexical/bm25.js';
export type { FusionOptions } from './ranking/fusion.js';
export type { TaskIntent } from './ranking/intent.js';
export { type Penalties, type Signals, type SignalWeights, signalShares } from './ranking/signals.js';
export type { FieldName } from './tool-text.js';
// Embedders.
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
  type VectorCache,
  type VectorCacheOptions,
} from './embedders/index.js';
// Errors.
export { EmbedderError, type EmbedderErrorCode } from './embedders/errors.js';
export { EmbedderMismatchError, IndexOptionsError, QueryError, SnapshotError } from './errors.js';
