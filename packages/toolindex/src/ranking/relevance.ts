import { clamp01 } from './signals.js';

/**
 * Calibrated "is this tool about the query at all" estimate in [0, 1], independent of how the ranking
 * normalises scores:
 * - lexical: IDF-weighted share of the query's terms the tool contains (terms no tool has count fully,
 *   so a weather question over a payments index covers ~0);
 * - semantic: how far the tool's cosine stands above the query's background similarity (mean cosine to
 *   the indexed tools), as a share of the headroom to 1.
 * The larger of the two counts: either kind of evidence is enough.
 */
export function calibratedRelevance(
  lexicalCoverage: number | undefined,
  semantic: number | undefined,
): number {
  return Math.max(clamp01(lexicalCoverage ?? 0), clamp01(semantic ?? 0));
}

/** Semantic evidence: `(cosine − background) / (1 − background) · gain`, clamped. */
export function semanticRelevance(cosine: number, background: number, gain = 1.5): number {
  const headroom = 1 - background;
  if (!(headroom > 0)) return 0;
  return clamp01(((cosine - background) / headroom) * gain);
}

/** Default threshold below which a hit is not relevant. */
export const DEFAULT_MIN_RELEVANCE = 0.25;
