/** How lexical and vector scores are combined in hybrid mode. */
export type FusionOptions =
  | { method: 'blend' /** Weight of the lexical side, 0..1 (vector side gets 1 − alpha). */; alpha: number }
  | { method: 'rrf' /** RRF rank constant (60 in the original paper). */; k: number };

/** Equal blend, measured on the ToolLens and MetaTool dev splits with the default embedder (docs/ranking-experiments.md). */
export const DEFAULT_FUSION: FusionOptions = { method: 'blend', alpha: 0.5 };

/** Normalised blend: `alpha·lexical + (1 − alpha)·vector`, both already normalised to [0, 1]. */
export function blendScores(
  lexical: ArrayLike<number>,
  vector: ArrayLike<number>,
  alpha: number,
): Float64Array {
  const out = new Float64Array(lexical.length);
  for (let i = 0; i < out.length; i++) out[i] = alpha * lexical[i]! + (1 - alpha) * vector[i]!;
  return out;
}

/** 1-based ranks by descending score; items scoring ≤ 0 get rank Infinity (absent from that list). */
export function ranksOf(scores: ArrayLike<number>): Float64Array {
  const order = Array.from({ length: scores.length }, (_, i) => i).sort((a, b) => scores[b]! - scores[a]!);
  const ranks = new Float64Array(scores.length).fill(Number.POSITIVE_INFINITY);
  order.forEach((item, position) => {
    if (scores[item]! > 0) ranks[item] = position + 1;
  });
  return ranks;
}

/**
 * Reciprocal-rank fusion `Σ 1/(k + rank)`, scaled so an item ranked first in every list scores 1.
 * Ranks are 1-based; Infinity means absent from that list.
 */
export function reciprocalRankFusion(rankLists: readonly ArrayLike<number>[], k: number): Float64Array {
  const n = rankLists[0]?.length ?? 0;
  const out = new Float64Array(n);
  const best = rankLists.length / (k + 1);
  for (const ranks of rankLists) {
    for (let i = 0; i < n; i++) {
      const r = ranks[i]!;
      if (Number.isFinite(r)) out[i] = out[i]! + 1 / (k + r);
    }
  }
  if (best > 0) for (let i = 0; i < n; i++) out[i] = out[i]! / best;
  return out;
}

/** The relevance a search mode ranks by: one side alone, or both fused as configured (hybrid). */
export function fuseByMode(
  mode: 'lexical' | 'semantic' | 'hybrid',
  fusion: FusionOptions,
  lexical: Float64Array,
  vector: Float64Array,
): Float64Array {
  if (mode === 'lexical') return lexical;
  if (mode === 'semantic') return vector;
  if (fusion.method === 'rrf') return reciprocalRankFusion([ranksOf(lexical), ranksOf(vector)], fusion.k);
  return blendScores(lexical, vector, fusion.alpha);
}
