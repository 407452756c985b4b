import { argumentQueryTerms } from './ranking/arguments.js';
import { querySlots } from './ranking/slots.js';
import { tokenize } from './text/tokenize.js';

/** What ranking reads from a query (or one of its clauses), tokenised once. */
export interface QueryAnalysis {
  /** Index tokens (BM25 terms, character grams). */
  readonly tokens: readonly string[];
  /** Tokens plus the parameter terms the query's values fill, for the arguments signal. */
  readonly argumentTerms: ReadonlySet<string>;
  /** Slot kinds the query's values fill (bit mask), for the slots signal. */
  readonly slots: number;
}

/** `slotsWithin`: the only slot kinds worth testing (a clause can only hold kinds its request holds). */
export function analyzeQuery(text: string, slotsWithin?: number): QueryAnalysis {
  const tokens = tokenize(text);
  return { tokens, argumentTerms: argumentQueryTerms(text, tokens), slots: querySlots(text, slotsWithin) };
}
