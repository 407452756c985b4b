import { IndexOptionsError } from './errors.js';
import type { ToolIndex } from './tool-index.js';

/** Rejects index options that would silently corrupt scores (NaN weights, α outside 0..1…). */
export function validateOptions(index: ToolIndex): void {
  const { k1, b, fieldWeights } = index.bm25;
  if (!(k1 > 0) || !(b >= 0 && b <= 1))
    throw new IndexOptionsError('bm25.k1 must be > 0 and bm25.b within 0..1');
  for (const [field, w] of Object.entries(fieldWeights)) {
    if (!(w >= 0)) throw new IndexOptionsError(`bm25.fieldWeights.${field} must be ≥ 0`);
  }
  if (index.fusion.method === 'blend' && !(index.fusion.alpha >= 0 && index.fusion.alpha <= 1)) {
    throw new IndexOptionsError('fusion.alpha must be within 0..1');
  }
  if (index.fusion.method === 'rrf' && !(index.fusion.k > 0))
    throw new IndexOptionsError('fusion.k must be > 0');
  if (!(index.minRelevance >= 0 && index.minRelevance <= 1))
    throw new IndexOptionsError('minRelevance must be within 0..1');
  for (const [group, values] of [
    ['weights', index.weights],
    ['penalties', index.penalties],
  ] as const) {
    for (const [key, value] of Object.entries(values)) {
      if (!(value >= 0) || value === Number.POSITIVE_INFINITY)
        throw new IndexOptionsError(`${group}.${key} must be a finite number ≥ 0 (got ${String(value)})`);
    }
  }
}
