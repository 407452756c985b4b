import type { FusionOptions, ScoreBreakdown, SignalWeights } from '@toolarsenal/toolindex';

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

const SIGNALS = [
  'arguments',
  'fuzzy',
  'slots',
  'clauses',
  'intent',
  'conversation',
  'health',
  'cost',
] as const;

/**
 * Splits a hit's final score into additive parts, following toolindex's scoring: the final score is the
 * weighted mean of the present signals (relevance always present) minus penalties. The relevance share is
 * split into its lexical and vector parts for a blend (`alpha·lexical + (1 − alpha)·vector`).
 */
export function contributions(breakdown: ScoreBreakdown, scoring: Scoring): Contribution[] {
  const { weights } = scoring;
  let total = weights.relevance;
  for (const key of SIGNALS) if (breakdown.signals[key] !== undefined) total += weights[key];
  if (total <= 0) return [];
  const out: Contribution[] = [];
  const relevanceShare = (weights.relevance * clamp01(breakdown.fused)) / total;
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
  for (const key of SIGNALS) {
    const value = breakdown.signals[key];
    if (value !== undefined) out.push({ key, value: (weights[key] * clamp01(value)) / total });
  }
  for (const [key, value] of Object.entries(breakdown.penalties))
    if (typeof value === 'number' && value > 0) out.push({ key: `penalty:${key}`, value: -value });
  return out;
}

function clamp01(value: number): number {
  return Number.isFinite(value) ? Math.min(1, Math.max(0, value)) : 0;
}
