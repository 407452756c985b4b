import { requestPieces } from './request-pieces.js';

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
  const {
    starts,
    ends,
    from,
    terms,
    weights: termWeights,
  } = requestPieces(text, weightOf, options.weightKey);
  const count = starts.length;
  const lengths = new Int32Array(count);
  const roots = new Float64Array(count);
  for (let i = 0; i < count; i++) {
    lengths[i] = ends[i]! - starts[i]!;
    roots[i] = Math.sqrt(lengths[i]!);
  }
  const covered = new Uint8Array(termWeights.length);
  const open = new Uint8Array(count).fill(1);
  const picked: number[] = [];
  let budget = budgetChars;
  const take = (i: number) => {
    open[i] = 0;
    picked.push(i);
    budget -= lengths[i]! + 1;
    for (let k = from[i]!; k < from[i + 1]!; k++) covered[terms[k]!] = 1;
  };
  if (anchors !== 'none' && count > 0) {
    if (lengths[0]! <= budget) take(0);
    if (anchors === 'both' && count > 1 && lengths[count - 1]! <= budget) take(count - 1);
  }
  while (picked.length < MAX_PICKS && budget > 0) {
    let best = -1;
    let bestGain = 0;
    for (let i = 0; i < count; i++) {
      if (open[i] === 0) continue;
      if (lengths[i]! > budget) {
        open[i] = 0;
        continue;
      }
      // Catalogue weight of the terms not yet covered, per √characters.
      let gain = 0;
      for (let k = from[i]!, end = from[i + 1]!; k < end; k++) {
        const term = terms[k]!;
        if (covered[term] === 0) gain += termWeights[term]!;
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
