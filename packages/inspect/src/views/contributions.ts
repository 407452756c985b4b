import {
  type FusionOptions,
  type ScoreBreakdown,
  type SignalWeights,
  signalShares,
} from '@toolarsenal/toolindex';

/** One segment of a hit's stacked bar: how much a component added to (or took from) the final score. */
export interface Contribution {
  /** `lexical`, `vector`, `relevance` (when fusion cannot be split), a signal name, or `penalty:<name>`. */
  key: string;
  /** Points of the final score (0..1); negative for penalties. */
  value: number;
}

export interface Scoring {
  weights: SignalWeights;
  fusion: FusionOptions;
}

/**
 * Splits a hit's final score into additive parts with toolindex's own split of its weighted mean
 * (`signalShares`), minus penalties. The relevance share is further split into its lexical and vector parts
 * for a blend (`alpha·lexical + (1 − alpha)·vector`).
 */
export function contributions(breakdown: ScoreBreakdown, scoring: Scoring): Contribution[] {
  const shares = signalShares({ relevance: breakdown.fused, ...breakdown.signals }, scoring.weights);
  const relevanceShare = shares.relevance;
  if (relevanceShare === undefined) return [];
  const out: Contribution[] = [];
  const { lexical, vector } = breakdown;
  if (lexical && vector && scoring.fusion.method === 'blend') {
    const alpha = scoring.fusion.alpha;
    const lex = alpha * lexical.normalized;
    const vec = (1 - alpha) * vector.normalized;
    const sum = lex + vec;
    out.push({ key: 'lexical', value: sum > 0 ? (relevanceShare * lex) / sum : 0 });
    out.push({ key: 'vector', value: sum > 0 ? (relevanceShare * vec) / sum : 0 });
  } else if (lexical && !vector) out.push({ key: 'lexical', value: relevanceShare });
  else if (vector && !lexical) out.push({ key: 'vector', value: relevanceShare });
  else out.push({ key: 'relevance', value: relevanceShare });
  for (const [key, value] of Object.entries(shares))
    if (key !== 'relevance' && value !== undefined) out.push({ key, value });
  for (const [key, value] of Object.entries(breakdown.penalties))
    if (typeof value === 'number' && value > 0) out.push({ key: `penalty:${key}`, value: -value });
  return out;
}
