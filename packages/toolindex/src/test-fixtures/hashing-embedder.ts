import type { Embedder } from '../embedders/embedder.js';
import { tokenize } from '../text/tokenize.js';

/**
 * Test double for the Embedder plug-in point: a deterministic bag of hashed words and character trigrams.
 * It makes lexically similar texts similar, which is all the index tests need.
 */
export function createTestEmbedder(
  dimensions = 256,
  id = `test-hashing-${dimensions}`,
): Embedder & { calls: number; texts: number } {
  const embedder = {
    id,
    dimensions,
    calls: 0,
    texts: 0,
    async embed(texts: readonly string[], options: { signal?: AbortSignal } = {}): Promise<Float32Array[]> {
      options.signal?.throwIfAborted();
      embedder.calls++;
      embedder.texts += texts.length;
      return texts.map((text) => {
        const v = new Float32Array(dimensions);
        for (const token of tokenize(text)) {
          add(v, token, 1);
          const padded = `#${token}#`;
          for (let i = 0; i + 3 <= padded.length; i++) add(v, padded.slice(i, i + 3), 0.3);
        }
        return v;
      });
    },
  };
  return embedder;
}

function add(v: Float32Array, feature: string, weight: number): void {
  let h = 2166136261;
  for (let i = 0; i < feature.length; i++) h = Math.imul(h ^ feature.charCodeAt(i), 16777619);
  const slot = (h >>> 0) % v.length;
  v[slot] = v[slot]! + (h & 0x80000000 ? -weight : weight);
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
