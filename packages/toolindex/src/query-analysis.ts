import { argumentQueryTerms } from './ranking/arguments.js';
import { querySlots } from './ranking/slots.js';
import { valueKindMask } from './ranking/value-kinds.js';
import { tokenize } from './text/tokenize.js';

/** What ranking reads from a query (or one of its clauses), tokenised once. */
export interface QueryAnalysis {
  /** Index tokens (BM25 terms, character grams). */
  readonly tokens: readonly string[];
  /** Tokens plus the parameter terms the query's values fill, for the arguments signal. */
  readonly argumentTerms: ReadonlySet<string>;
  /** Slot kinds the query's values fill (bit mask), for the slots signal. */
  readonly slots: number;
  /** Value kinds the query carries (bit mask, `valueKindMask`). */
  readonly valueKinds: number;
}

/**
 * `within`: the analysis of the request a clause comes from. A clause can only carry value and slot kinds its
 * request carries, so only those are tested.
 */
export function analyzeQuery(
  text: string,
  within?: Pick<QueryAnalysis, 'slots' | 'valueKinds'>,
): QueryAnalysis {
  const tokens = tokenize(text);
  const valueKinds = valueKindMask(text, within?.valueKinds);
  return {
    tokens,
    argumentTerms: argumentQueryTerms(text, tokens, valueKinds),
    slots: querySlots(text, within?.slots),
    valueKinds,
  };
}
