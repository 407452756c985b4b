/**
 * Splits a request into its clauses, so a request that asks for several things ("…the game schedules for
 * Paris and the weather on November 28") can be matched part by part: a tool serving one part should not
 * lose to tools that weakly touch every part.
 *
 * Boundaries are sentence ends, semicolons and coordinating connectives (and, also, while, plus, as well as,
 * additionally, but). Clauses under three words join nothing and are dropped. A request with a single clause
 * yields an empty list (the whole query already is that clause).
 */

const CONNECTIVE = String.raw`(?:and also|and then|as well as|additionally|furthermore|moreover|also|and|while|plus|but)`;
const BOUNDARY = new RegExp(String.raw`(?<=[.!?])\s+|;|,?\s+${CONNECTIVE}\s+`, 'iu');
/** A connective opening a sentence ("Also, book a table."). */
const LEADING_CONNECTIVE = new RegExp(String.raw`^${CONNECTIVE},?\s+`, 'iu');

/** Clauses shorter than this many words carry too little to be searched alone. */
const MIN_WORDS = 3;

export interface ClauseOptions {
  /** At most this many clauses are returned (the first ones; default 4). */
  max?: number;
  /** Text past this many characters is ignored (default 2,000): bounds the work for huge queries. */
  maxChars?: number;
}

export function splitClauses(query: string, options: ClauseOptions = {}): string[] {
  const max = options.max ?? 4;
  const text = query.length > (options.maxChars ?? 2000) ? query.slice(0, options.maxChars ?? 2000) : query;
  const clauses: string[] = [];
  for (const part of text.split(BOUNDARY)) {
    const clause = part.trim().replace(LEADING_CONNECTIVE, '');
    if (clause.split(/\s+/u).length < MIN_WORDS) continue;
    clauses.push(clause);
    if (clauses.length === max) break;
  }
  return clauses.length > 1 ? clauses : [];
}
