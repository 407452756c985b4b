import { SENTENCE_END } from './asides.js';
import { tokenize } from './tokenize.js';

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
/** Characters kept from a longer request: about three one-sentence requests. */
const BUDGET_CHARS = 400;
/** Sentences longer than this are cut into pieces of about this size (at whitespace). */
const MAX_PIECE_CHARS = 300;
/** Most pieces picked: bounds the greedy selection's work. */
const MAX_PICKS = 24;

/** @internal Experiment knobs (bench scripts); the defaults are what ships. */
export interface ReductionOptions {
  /** Characters kept from a longer request (default 400). */
  budget?: number;
  /** Pieces picked before the greedy fill: the opening and closing ones (default), the opening one, or none. */
  anchors?: 'none' | 'first' | 'both';
}

interface Piece {
  text: string;
  at: number;
  /** Distinct terms that carry catalogue weight, as indices into the request's term weights. */
  terms: Int32Array;
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
  const { pieces, weights } = splitPieces(text, weightOf);
  const covered = new Uint8Array(weights.length);
  const picked: Piece[] = [];
  const open = new Set(pieces);
  let budget = budgetChars;
  const take = (piece: Piece) => {
    open.delete(piece);
    picked.push(piece);
    budget -= piece.text.length + 1;
    for (const t of piece.terms) covered[t] = 1;
  };
  const gainOf = (piece: Piece) => {
    let gain = 0;
    for (const t of piece.terms) if (covered[t] === 0) gain += weights[t]!;
    return gain / Math.sqrt(piece.text.length);
  };
  if (anchors !== 'none') {
    const first = pieces[0];
    const last = pieces[pieces.length - 1];
    if (first && first.text.length <= budget) take(first);
    if (anchors === 'both' && last && last !== first && last.text.length <= budget) take(last);
  }
  while (picked.length < MAX_PICKS && budget > 0 && open.size > 0) {
    let best: Piece | undefined;
    let bestGain = 0;
    for (const piece of open) {
      if (piece.text.length > budget) {
        open.delete(piece);
        continue;
      }
      const gain = gainOf(piece);
      if (gain > bestGain) {
        bestGain = gain;
        best = piece;
      }
    }
    if (!best) break;
    take(best);
  }
  if (picked.length === 0) return cutAtWhitespace(text, budgetChars);
  return picked
    .sort((a, b) => a.at - b.at)
    .map((p) => p.text)
    .join(' ');
}

/**
 * The request's sentences (long ones cut at whitespace), each with its distinct weighted terms. Only pieces
 * with a weighted term are kept; each distinct token's weight is looked up once.
 */
function splitPieces(
  text: string,
  weightOf: (token: string) => number,
): { pieces: Piece[]; weights: number[] } {
  const ids = new Map<string, number>();
  const weights: number[] = [];
  /** Per term id, the last piece that listed it (de-duplicates a piece's terms without a set). */
  const lastPiece: number[] = [];
  const pieces: Piece[] = [];
  let at = 0;
  for (const sentence of text.split(SENTENCE_END)) {
    let rest = sentence.trim();
    while (rest !== '') {
      const piece = cutAtWhitespace(rest, MAX_PIECE_CHARS);
      rest = rest.slice(piece.length).trim();
      const terms: number[] = [];
      for (const token of tokenize(piece)) {
        let id = ids.get(token);
        if (id === undefined) {
          id = weights.length;
          ids.set(token, id);
          weights.push(weightOf(token));
          lastPiece.push(-1);
        }
        if (weights[id]! > 0 && lastPiece[id] !== at) {
          lastPiece[id] = at;
          terms.push(id);
        }
      }
      if (terms.length > 0) pieces.push({ text: piece, at, terms: Int32Array.from(terms) });
      at++;
    }
  }
  return { pieces, weights };
}

/** The longest prefix of at most `max` characters ending at whitespace (or exactly `max` when there is none). */
function cutAtWhitespace(text: string, max: number): string {
  if (text.length <= max) return text;
  const space = text.lastIndexOf(' ', max);
  return space > max / 2 ? text.slice(0, space) : text.slice(0, max);
}
