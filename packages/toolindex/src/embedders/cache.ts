import { createHash } from 'node:crypto';
import { raceAbort } from './abort.js';
import type { Embedder, EmbedOptions } from './embedder.js';
import { EmbedderError, throwIfAborted } from './errors.js';
import { assertTexts, assertVectors, positiveInt } from './validate.js';

/** LRU map of vectors keyed by embedder id + SHA-256 of the text; may be shared by several embedders. */
export interface VectorCache {
  get(embedderId: string, text: string): Float32Array | undefined;
  set(embedderId: string, text: string, vector: Float32Array): void;
  readonly size: number;
  readonly maxEntries: number;
  clear(): void;
}

export interface VectorCacheOptions {
  /** Most vectors kept; the least recently used are evicted first. Default 50,000. */
  maxEntries?: number;
}

/** Creates an in-memory LRU {@link VectorCache}. */
export function createVectorCache(options: VectorCacheOptions = {}): VectorCache {
  const maxEntries = positiveInt('maxEntries', options.maxEntries, 50_000);
  const entries = new Map<string, Float32Array>();
  return {
    get(embedderId, text) {
      const key = cacheKey(embedderId, text);
      const hit = entries.get(key);
      if (hit !== undefined) {
        // Re-insert to mark as most recently used (Map keeps insertion order).
        entries.delete(key);
        entries.set(key, hit);
      }
      return hit;
    },
    set(embedderId, text, vector) {
      const key = cacheKey(embedderId, text);
      entries.delete(key);
      entries.set(key, vector);
      while (entries.size > maxEntries) {
        const oldest = entries.keys().next();
        if (oldest.done === true) break;
        entries.delete(oldest.value);
      }
    },
    get size() {
      return entries.size;
    },
    maxEntries,
    clear() {
      entries.clear();
    },
  };
}

/** Cache key: the embedder id and a SHA-256 of the text (texts may be long; ids are short). */
export function cacheKey(embedderId: string, text: string): string {
  return `${embedderId}\u0000${createHash('sha256').update(text).digest('base64url')}`;
}

export interface CachedEmbedderOptions extends VectorCacheOptions {
  /** Share a cache between embedders or index instances; default: a private one of `maxEntries`. */
  cache?: VectorCache;
  /** Texts sent to the wrapped embedder per call. Default 64. */
  batchSize?: number;
}

export interface CacheStats {
  hits: number;
  misses: number;
  /** Calls made to the wrapped embedder. */
  batches: number;
}

/** An {@link Embedder} that caches, batches and validates; same `id` and vectors as the one it wraps. */
export interface CachedEmbedder extends Embedder {
  readonly inner: Embedder;
  readonly cache: VectorCache;
  stats(): CacheStats;
}

/**
 * Wraps an embedder with a vector cache (key: embedder id + text hash), de-duplication of repeated
 * texts, batching and output validation: NaN/Infinity/wrong-length vectors become a typed
 * `EMBEDDER_INVALID_VECTOR` error and are never cached. Returned vectors are copies, so callers
 * may mutate them freely.
 */
export function createCachedEmbedder(
  embedder: Embedder,
  options: CachedEmbedderOptions = {},
): CachedEmbedder {
  const batchSize = positiveInt('batchSize', options.batchSize, 64, 100_000);
  const cache = options.cache ?? createVectorCache(options);
  const stats: CacheStats = { hits: 0, misses: 0, batches: 0 };
  const { id } = embedder;

  async function embed(texts: readonly string[], embedOptions: EmbedOptions = {}): Promise<Float32Array[]> {
    assertTexts(texts);
    const { signal } = embedOptions;
    throwIfAborted(signal);
    const out: (Float32Array | undefined)[] = new Array(texts.length);
    const pending = new Map<string, number[]>();
    for (let i = 0; i < texts.length; i++) {
      const text = texts[i] as string;
      const hit = cache.get(id, text);
      if (hit !== undefined) {
        stats.hits++;
        out[i] = hit.slice();
        continue;
      }
      const slots = pending.get(text);
      if (slots === undefined) pending.set(text, [i]);
      else slots.push(i);
    }
    const missing = [...pending.keys()];
    stats.misses += missing.length;
    for (let start = 0; start < missing.length; start += batchSize) {
      throwIfAborted(signal);
      const batch = missing.slice(start, start + batchSize);
      stats.batches++;
      const vectors = assertVectors(embedder, batch.length, await callEmbedder(embedder, batch, signal));
      for (let j = 0; j < batch.length; j++) {
        const text = batch[j] as string;
        const vector = (vectors[j] as Float32Array).slice();
        cache.set(id, text, vector);
        for (const slot of pending.get(text) ?? []) out[slot] = vector.slice();
      }
    }
    return out as Float32Array[];
  }

  return {
    id,
    dimensions: embedder.dimensions,
    inner: embedder,
    cache,
    embed,
    stats: () => ({ ...stats }),
  };
}

/**
 * One call to the wrapped embedder: settles as soon as `signal` fires even when the embedder ignores it, and
 * turns a failure of the embedder's own (a plain Error, a rejected fetch…) into `EMBEDDER_FAILED`.
 */
async function callEmbedder(
  embedder: Embedder,
  batch: readonly string[],
  signal: AbortSignal | undefined,
): Promise<unknown> {
  try {
    const call = signal === undefined ? embedder.embed(batch) : embedder.embed(batch, { signal });
    return await raceAbort(Promise.resolve(call), signal);
  } catch (error) {
    if (EmbedderError.isInstance(error)) throw error;
    if (signal?.aborted)
      throw new EmbedderError('EMBEDDER_ABORTED', 'Embedding was aborted', { cause: signal.reason });
    const message = error instanceof Error ? error.message : String(error);
    throw new EmbedderError(
      'EMBEDDER_FAILED',
      `Embedder ${JSON.stringify(embedder.id)}: embed() failed: ${message}`,
      {
        cause: error,
      },
    );
  }
}
