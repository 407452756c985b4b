/** Divides by the maximum (scores ≥ 0 keep their ratios; the best becomes 1). All zeros stay zeros. */
export function maxNormalize(scores: ArrayLike<number>): Float64Array {
  let max = 0;
  for (let i = 0; i < scores.length; i++) if (scores[i]! > max) max = scores[i]!;
  const out = new Float64Array(scores.length);
  if (max <= 0) return out;
  for (let i = 0; i < scores.length; i++) out[i] = Math.max(0, scores[i]!) / max;
  return out;
}

/** Maps [min, max] onto [0, 1]; a constant list maps to 1s when positive, else 0s. */
export function minMaxNormalize(scores: ArrayLike<number>): Float64Array {
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < scores.length; i++) {
    min = Math.min(min, scores[i]!);
    max = Math.max(max, scores[i]!);
  }
  const out = new Float64Array(scores.length);
  const range = max - min;
  for (let i = 0; i < scores.length; i++) out[i] = range > 0 ? (scores[i]! - min) / range : max > 0 ? 1 : 0;
  return out;
}
