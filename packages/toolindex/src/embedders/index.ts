export type {
  CachedEmbedder,
  CachedEmbedderOptions,
  CacheStats,
  VectorCache,
  VectorCacheOptions,
} from './cache.js';
export { createCachedEmbedder, createVectorCache } from './cache.js';
export type { Embedder, EmbedOptions } from './embedder.js';
export type { EmbedderErrorCode, EmbedderErrorOptions } from './errors.js';
export { EmbedderError } from './errors.js';
export { createHashingEmbedder } from './hashing.js';
export type { DefaultEmbedderOptions } from './static/static-embedder.js';
export { createDefaultEmbedder } from './static/static-embedder.js';
