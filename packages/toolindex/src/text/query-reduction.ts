import { RequestScan } from './request-pieces.js';

/**
 * Long requests (a task description, a conversation summary pasted in) are reduced to what retrieval needs
 * before ranking: the opening and closing sentences (where a request usually states its task or its ask), then
 * the sentences that carry the most catalogue evidence, up to a character budget, in their original order.
 * Every later step (BM25, embedding, clauses, slots) then works on a bounded text, so a 50,000-character
 * request costs little more than a short one, and filler that names nothing in the catalogue is left out
 * instead of diluting the request.
 */

/** Requests up to this many characters are ranked as written. */
export const REDUCE_ABOVE_CHARS = 1_000;
/** Characters kept from a longer request: about two one-sentence requests. */
const BUDGET_CHARS = 300;
/** Most pieces picked: bounds the greedy selection's work. */
const MAX_PICKS = 24;

/** @internal Experiment knobs (bench scripts; the defaults are what ships) and the weight cache key. */
export interface ReductionOptions {
  /** Characters kept from a longer request (default 300). */
  budget?: number;
  /** Pieces picked before the greedy fill: the opening and closing ones (default), the opening one, or none. */
  anchors?: 'none' | 'first' | 'both';
  /** Non-zero: names the unchanging statistics `weightOf` reads, so a token's weight is looked up once per key. */
  weightKey?: number;
}

/**
 * The request itself when it is short, else its opening and closing pieces that name something in the
 * catalogue, then its most informative other pieces (greedy: each pick maximises the catalogue weight of terms
 * not yet covered per √characters, so repeated terms do not count twice). `weightOf` gives a token's weight in
 * the catalogue (its IDF; 0 for words no tool uses); it is asked once per distinct token. Pieces that name
 * nothing in the catalogue are never picked; when nothing carries weight the request's start is kept.
 */
export function reduceQuery(
  text: string,
  weightOf: (token: string) => number,
  options: ReductionOptions = {},
): string {
  if (text.length <= REDUCE_ABOVE_CHARS) return text;
  const budgetChars = options.budget ?? BUDGET_CHARS;
  const anchors = options.anchors ?? 'both';
  const scan = new RequestScan(text, weightOf, options.weightKey);
  const { starts, ends, terms, weights: termWeights } = scan;
  const count = scan.count;
  const lengths = new Int32Array(count);
  const roots = new Float64Array(count);
  for (let i = 0; i < count; i++) {
    lengths[i] = ends[i]! - starts[i]!;
    roots[i] = Math.sqrt(lengths[i]!);
  }
  // Term ids are assigned as pieces are looked up: `covered` grows with them.
  let covered = new Uint8Array(64);
  const cover = (term: number) => {
    if (term >= covered.length) {
      const grown = new Uint8Array(Math.max(covered.length * 2, term + 1));
      grown.set(covered);
      covered = grown;
    }
    covered[term] = 1;
  };
  const open = new Uint8Array(count).fill(1);
  const picked: number[] = [];
  let budget = budgetChars;
  const take = (i: number) => {
    open[i] = 0;
    picked.push(i);
    budget -= lengths[i]! + 1;
    const termCount = scan.termCount(i);
    for (let k = scan.termsFrom(i), end = k + termCount; k < end; k++) cover(terms[k]!);
  };
  if (anchors !== 'none') {
    // The first and the last piece that name something in the catalogue.
    let first = 0;
    while (first < count && scan.termCount(first) === 0) first++;
    if (first < count) {
      if (lengths[first]! <= budget) take(first);
      if (anchors === 'both') {
        let last = count - 1;
        while (last > first && scan.termCount(last) === 0) last--;
        if (last > first && lengths[last]! <= budget) take(last);
      }
    }
  }
  while (picked.length < MAX_PICKS && budget > 0) {
    let best = -1;
    let bestGain = 0;
    for (let i = 0; i < count; i++) {
      if (open[i] === 0) continue;
      // A piece longer than what is left of the budget never fits again: its terms are never looked up.
      if (lengths[i]! > budget) {
        open[i] = 0;
        continue;
      }
      // Catalogue weight of the terms not yet covered, per √characters.
      const termCount = scan.termCount(i);
      let gain = 0;
      for (let k = scan.termsFrom(i), end = k + termCount; k < end; k++) {
        const term = terms[k]!;
        if (term >= covered.length || covered[term] === 0) gain += termWeights[term]!;
      }
      gain /= roots[i]!;
      if (gain > bestGain) {
        bestGain = gain;
        best = i;
      }
    }
    if (best < 0) break;
    take(best);
  }
  if (picked.length === 0) return cutAtWhitespace(text, budgetChars);
  return picked
    .sort((a, b) => a - b)
    .map((i) => text.slice(starts[i], ends[i]))
    .join(' ');
}

/** The longest prefix of at most `max` characters ending at whitespace (or exactly `max` when there is none). */
function cutAtWhitespace(text: string, max: number): string {
  if (text.length <= max) return text;
  const space = text.lastIndexOf(' ', max);
  return space > max / 2 ? text.slice(0, space) : text.slice(0, max);
}
