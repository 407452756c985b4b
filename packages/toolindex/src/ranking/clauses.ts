import type { Entry } from '../entry.js';
import type { QueryTerm } from '../lexical/bm25.js';
import { dot } from '../vector/vectors.js';
import { type FusionOptions, fuseByMode } from './fusion.js';
import { maxNormalize, minMaxNormalize } from './normalize.js';
import { argumentCoverage, parameterFeatures } from './arguments.js';
import { combineSignals, type SignalWeights } from './signals.js';
import { slotMatch } from './slots.js';

const NO_FLAGS = { used: false, failed: false, deprecated: false };

/** Per-clause evidence gathered by the index: BM25 scores and/or query vectors, one per clause. */
export interface ClauseEvidence {
  /** Per clause: its BM25 query terms (lexical and hybrid modes). */
  lexical?: readonly (readonly QueryTerm[])[];
  vectors?: readonly Float32Array[];
  /** Per clause: its terms and value-kind terms (arguments signal) and its slot mask (slots signal). */
  terms: readonly ReadonlySet<string>[];
  slots: readonly number[];
}

/**
 * The `clauses` signal: for each candidate, its best relevance to any single clause of the request, each
 * clause ranked the way the whole query is (same mode, fusion, arguments and slots signals) and divided by that
 * clause's best candidate. Only `candidates` (indices into `slots`, the best by whole-query relevance) are
 * scored, with a dot product per clause and candidate, so the cost stays small; the others get 0.
 */
export function clauseScores(
  mode: 'lexical' | 'semantic' | 'hybrid',
  fusion: FusionOptions,
  slots: readonly number[],
  candidates: readonly number[],
  entries: readonly (Entry | undefined)[],
  scoreDocuments: (query: readonly QueryTerm[], slots: readonly number[]) => Float64Array,
  evidence: ClauseEvidence,
  weights: SignalWeights,
): Float64Array {
  const m = candidates.length;
  const candidateEntries = candidates.map((i) => entries[slots[i]!]!);
  const features = candidateEntries.map(parameterFeatures);
  const candidateSlots = candidates.map((i) => slots[i]!);
  const best = new Float64Array(m);
  const count = Math.max(evidence.lexical?.length ?? 0, evidence.vectors?.length ?? 0);
  for (let c = 0; c < count; c++) {
    const lexical = evidence.lexical?.[c];
    const lexNorm = lexical ? maxNormalize(scoreDocuments(lexical, candidateSlots)) : new Float64Array(m);
    const query = evidence.vectors?.[c];
    const vecNorm = query
      ? minMaxNormalize(candidateEntries.map((e) => (e.vector ? dot(query, e.vector) : 0)))
      : new Float64Array(m);
    const fused = fuseByMode(mode, fusion, lexNorm, vecNorm);
    const terms = evidence.terms[c]!;
    const slotMask = evidence.slots[c]!;
    const combined = features.map(
      (f, k) =>
        combineSignals(
          {
            relevance: fused[k]!,
            arguments: argumentCoverage(f.argumentTerms, terms),
            slots: slotMatch(slotMask, f.slotKinds),
          },
          NO_FLAGS,
          weights,
        ).base,
    );
    const clause = maxNormalize(combined);
    for (let k = 0; k < m; k++) if (clause[k]! > best[k]!) best[k] = clause[k]!;
  }
  const out = new Float64Array(slots.length);
  candidates.forEach((i, k) => {
    out[i] = best[k]!;
  });
  return out;
}
