import { createHash } from 'node:crypto';
import type { Embedder } from '../embedders/embedder.js';
import { EmbeddingError } from '../errors.js';
import { checkAndNormalize } from './vectors.js';

const DEFAULT_BATCH = 64;
const DEFAULT_MAX_ENTRIES = 200_000;

/** Hash of a text under an embedder id: the cache key, so equal texts are embedded once. */
export function textKey(embedderId: string, text: string): string {
  return createHash('sha256').update(embedderId).update('\u0000').update(text).digest('base64url');
}

/**
 * Batches texts through an embedder, validates and normalises the vectors, and caches them by
 * embedder id + text hash (bounded; oldest entries are evicted first).
 */
export class EmbeddingCache {
  readonly embedder: Embedder;
  readonly #cache = new Map<string, Float32Array>();
  readonly #batchSize: number;
  readonly #maxEntries: number;

  constructor(embedder: Embedder, options: { batchSize?: number; maxEntries?: number } = {}) {
    this.embedder = embedder;
    this.#batchSize = options.batchSize ?? DEFAULT_BATCH;
    this.#maxEntries = options.maxEntries ?? DEFAULT_MAX_ENTRIES;
  }

  get size(): number {
    return this.#cache.size;
  }

  /** Seeds the cache (e.g. from a snapshot) with already-normalised vectors. */
  seed(key: string, vector: Float32Array): void {
    this.#remember(key, vector);
  }

  async embed(texts: readonly string[], signal?: AbortSignal): Promise<Float32Array[]> {
    const keys = texts.map((t) => textKey(this.embedder.id, t));
    const out: (Float32Array | undefined)[] = keys.map((k) => this.#cache.get(k));
    const missing: number[] = [];
    const seen = new Map<string, number>();
    const fresh = new Map<string, Float32Array>();
    keys.forEach((k, i) => {
      if (out[i] === undefined && !seen.has(k)) {
        seen.set(k, i);
        missing.push(i);
      }
    });
    for (let start = 0; start < missing.length; start += this.#batchSize) {
      signal?.throwIfAborted();
      const batch = missing.slice(start, start + this.#batchSize);
      let raw: unknown;
      try {
        raw = await this.embedder.embed(
          batch.map((i) => texts[i]!),
          signal ? { signal } : {},
        );
      } catch (error) {
        if (signal?.aborted) throw error;
        throw new EmbeddingError(
          this.embedder.id,
          `embed() failed: ${(error as Error)?.message ?? String(error)}`,
          {
            cause: error,
          },
        );
      }
      const vectors = checkAndNormalize(this.embedder.id, raw, batch.length, this.embedder.dimensions);
      batch.forEach((i, j) => {
        fresh.set(keys[i]!, vectors[j]!);
        this.#remember(keys[i]!, vectors[j]!);
      });
    }
    return keys.map((k, i) => out[i] ?? fresh.get(k)!);
  }

  #remember(key: string, vector: Float32Array): void {
    if (this.#cache.size >= this.#maxEntries) {
      const oldest = this.#cache.keys().next().value;
      if (oldest !== undefined) this.#cache.delete(oldest);
    }
    this.#cache.set(key, vector);
  }
}
