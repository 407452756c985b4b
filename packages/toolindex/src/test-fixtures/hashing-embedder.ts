import type { Embedder, EmbedOptions } from '../embedders/embedder.js';
import { createHashingEmbedder } from '../embedders/hashing.js';

/**
 * The package's hashing embedder (deterministic bag of hashed words and trigrams) with call counters, so
 * tests can check what the index embeds. Lexically similar texts are similar, which is all these tests need.
 */
export function createTestEmbedder(
  dimensions = 256,
  id?: string,
): Embedder & { calls: number; texts: number } {
  const inner = createHashingEmbedder(dimensions);
  const embedder = {
    id: id ?? inner.id,
    dimensions: inner.dimensions,
    calls: 0,
    texts: 0,
    async embed(texts: readonly string[], options: EmbedOptions = {}): Promise<Float32Array[]> {
      embedder.calls++;
      embedder.texts += texts.length;
      return inner.embed(texts, options);
    },
  };
  return embedder;
}

/** An embedder that returns NaN for every text: the index must refuse it with a typed error. */
export function createFaultyEmbedder(kind: 'nan' | 'short' | 'throws' = 'nan'): Embedder {
  return {
    id: `faulty-${kind}`,
    dimensions: 8,
    async embed(texts) {
      if (kind === 'throws') throw new Error('model crashed');
      return texts.map(() => (kind === 'nan' ? new Float32Array(8).fill(Number.NaN) : new Float32Array(3)));
    },
  };
}
