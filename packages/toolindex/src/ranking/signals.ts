/**
 * Weights of the routing signals (design defaults: relevance 0.6, intent 0.15, conversation 0.1, health 0.1,
 * cost 0.05; `arguments`, `fuzzy`, `slots` and `clauses` are ours, see DEFAULT_WEIGHTS).
 */
export interface SignalWeights {
  relevance: number;
  /** Share of the tool's required parameters the query mentions. */
  arguments: number;
  /** Character 4-gram similarity of query and tool text, relative to the best candidate. */
  fuzzy: number;
  /** Share of the request's typed values (dates, IPs, coordinates…) the tool has a parameter for. */
  slots: number;
  /** Best relevance to any single clause of a request that asks for several things. */
  clauses: number;
  /** Similarity of the request to the tool's name alone, relative to the candidates (static table only). */
  name: number;
  intent: number;
  conversation: number;
  health: number;
  cost: number;
}

/** Subtracted from the weighted score: already used, already failed (stronger), deprecated. */
export interface Penalties {
  used: number;
  failed: number;
  deprecated: number;
}

/**
 * `arguments`, `fuzzy`, `slots` and `clauses` are ours, measured on the ToolLens dev split: arguments 0.15
 * (hybrid R@5 35.4 → 36.9), fuzzy 0.2 with slots 0.15 (37.9 → 39.2 together; either alone +0.0 to +0.3),
 * clauses 0.3 (39.2 → 39.7; 0.2 to 0.45 within 0.2). The others are the routing design's.
 */
export const DEFAULT_WEIGHTS: SignalWeights = {
  relevance: 0.6,
  arguments: 0.15,
  fuzzy: 0.2,
  slots: 0.15,
  clauses: 0.3,
  name: 0,
  intent: 0.15,
  conversation: 0.1,
  health: 0.1,
  cost: 0.05,
};
export const DEFAULT_PENALTIES: Penalties = { used: 0.15, failed: 0.4, deprecated: 0.2 };

/** Signal values in [0, 1]; `undefined` means the caller supplied nothing for it (signal inactive). */
export interface Signals {
  relevance: number;
  arguments?: number | undefined;
  fuzzy?: number | undefined;
  slots?: number | undefined;
  clauses?: number | undefined;
  name?: number | undefined;
  intent?: number | undefined;
  conversation?: number | undefined;
  health?: number | undefined;
  /** 1 = cheapest. */
  cost?: number | undefined;
}

export interface PenaltyFlags {
  used: boolean;
  failed: boolean;
  deprecated: boolean;
}

export interface ScoreBreakdownParts {
  /** Weighted mean of the active signals. */
  base: number;
  /** Sum of applied penalties. */
  penalty: number;
  final: number;
}

/**
 * Weighted mean over the signals that are present (an absent signal neither helps nor hurts, so with no
 * context the final score is the relevance), minus penalties, floored at 0.
 */
export function combineSignals(
  signals: Signals,
  flags: PenaltyFlags,
  weights: SignalWeights = DEFAULT_WEIGHTS,
  penalties: Penalties = DEFAULT_PENALTIES,
): ScoreBreakdownParts {
  // The optional signals in OPTIONAL_SIGNALS order, written out: this runs for every candidate of every search
  // (and of every clause), and a loop over the keys made each property access a keyed lookup.
  let sum = weights.relevance * clamp01(signals.relevance);
  let total = weights.relevance;
  if (signals.arguments !== undefined) {
    sum += weights.arguments * clamp01(signals.arguments);
    total += weights.arguments;
  }
  if (signals.fuzzy !== undefined) {
    sum += weights.fuzzy * clamp01(signals.fuzzy);
    total += weights.fuzzy;
  }
  if (signals.slots !== undefined) {
    sum += weights.slots * clamp01(signals.slots);
    total += weights.slots;
  }
  if (signals.clauses !== undefined) {
    sum += weights.clauses * clamp01(signals.clauses);
    total += weights.clauses;
  }
  if (signals.name !== undefined) {
    sum += weights.name * clamp01(signals.name);
    total += weights.name;
  }
  if (signals.intent !== undefined) {
    sum += weights.intent * clamp01(signals.intent);
    total += weights.intent;
  }
  if (signals.conversation !== undefined) {
    sum += weights.conversation * clamp01(signals.conversation);
    total += weights.conversation;
  }
  if (signals.health !== undefined) {
    sum += weights.health * clamp01(signals.health);
    total += weights.health;
  }
  if (signals.cost !== undefined) {
    sum += weights.cost * clamp01(signals.cost);
    total += weights.cost;
  }
  const base = total > 0 ? sum / total : 0;
  const penalty =
    (flags.used ? penalties.used : 0) +
    (flags.failed ? penalties.failed : 0) +
    (flags.deprecated ? penalties.deprecated : 0);
  return { base, penalty, final: Math.max(0, base - penalty) };
}

/** Signals other than relevance, in the order the weighted mean adds them. */
const OPTIONAL_SIGNALS = [
  'arguments',
  'fuzzy',
  'slots',
  'clauses',
  'name',
  'intent',
  'conversation',
  'health',
  'cost',
] as const;

/**
 * The weighted mean of `combineSignals` split into additive parts: each present signal's
 * `weight · value / Σ weights of the present signals` (relevance always present). The parts add up to the
 * score before penalties, so a hit's score can be drawn as stacked bars (what `@toolarsenal/inspect` does with
 * a hit's `ScoreBreakdown`: `relevance` is its `fused`, the rest its `signals`). Empty when no weight is positive.
 */
export function signalShares(
  signals: Signals,
  weights: SignalWeights = DEFAULT_WEIGHTS,
): Partial<Record<keyof SignalWeights, number>> {
  let total = weights.relevance;
  for (const key of OPTIONAL_SIGNALS) if (signals[key] !== undefined) total += weights[key];
  if (total <= 0) return {};
  const shares: Partial<Record<keyof SignalWeights, number>> = {
    relevance: (weights.relevance * clamp01(signals.relevance)) / total,
  };
  for (const key of OPTIONAL_SIGNALS) {
    const value = signals[key];
    if (value !== undefined) shares[key] = (weights[key] * clamp01(value)) / total;
  }
  return shares;
}

export function clamp01(value: number): number {
  return Number.isFinite(value) ? Math.min(1, Math.max(0, value)) : 0;
}
