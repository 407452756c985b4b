import { EmbeddingError } from '../errors.js';

/**
 * Checks an embedder's output (count, length, finite values) and returns unit-length copies, so cosine
 * similarity is a dot product. An all-zero vector stays zero (it is similar to nothing).
 */
export function checkAndNormalize(
  embedderId: string,
  vectors: unknown,
  expectedCount: number,
  dimensions: number,
): Float32Array[] {
  if (!Array.isArray(vectors))
    throw new EmbeddingError(embedderId, 'embed() did not return an array of vectors');
  if (vectors.length !== expectedCount) {
    throw new EmbeddingError(
      embedderId,
      `embed() returned ${vectors.length} vectors for ${expectedCount} texts`,
    );
  }
  return vectors.map((vector: unknown, i) => {
    if (!(vector instanceof Float32Array) && !Array.isArray(vector)) {
      throw new EmbeddingError(embedderId, `vector ${i} is not a Float32Array`);
    }
    const v = vector as ArrayLike<number>;
    if (v.length !== dimensions) {
      throw new EmbeddingError(embedderId, `vector ${i} has ${v.length} dimensions, expected ${dimensions}`);
    }
    let norm = 0;
    for (let d = 0; d < dimensions; d++) {
      const x = v[d]!;
      if (typeof x !== 'number' || !Number.isFinite(x)) {
        throw new EmbeddingError(
          embedderId,
          `vector ${i} has a non-finite value (${String(x)}) at dimension ${d}`,
        );
      }
      norm += x * x;
    }
    const out = new Float32Array(dimensions);
    if (norm === 0) return out;
    const scale = 1 / Math.sqrt(norm);
    for (let d = 0; d < dimensions; d++) out[d] = v[d]! * scale;
    return out;
  });
}

export function dot(a: Float32Array, b: Float32Array): number {
  let sum = 0;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) sum += a[i]! * b[i]!;
  return sum;
}
