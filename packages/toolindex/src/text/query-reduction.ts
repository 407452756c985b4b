import { tokenize } from './tokenize.js';

/**
 * Long requests (a task description, a conversation summary pasted in) are reduced to what retrieval needs
 * before ranking: the sentences that carry the most catalogue evidence, up to a character budget, in their
 * original order. Every later step (BM25, embedding, clauses, slots) then works on a bounded text, so a
 * 50,000-character request costs about what a paragraph does, and filler that names nothing in the catalogue
 * is left out instead of diluting the request.
 */

/** Requests up to this many characters are ranked as written. */
export const REDUCE_ABOVE_CHARS = 1_000;
/** Characters kept from a longer request. */
const BUDGET_CHARS = 1_000;
/** Sentences longer than this are cut into pieces of about this size (at whitespace). */
const MAX_PIECE_CHARS = 300;
/** Most pieces picked: bounds the greedy selection's work. */
const MAX_PICKS = 24;

const SENTENCE_END = /(?<=[.!?])\s+|[\r\n]+|;\s*/u;

interface Piece {
  text: string;
  at: number;
  terms: string[];
}

/**
 * The request itself when it is short, else its most informative pieces (greedy: each pick maximises the
 * catalogue weight of terms not yet covered per √characters, so repeated terms do not count twice). `weightOf`
 * gives a token's weight in the catalogue (its IDF; 0 for words no tool uses). Pieces that add nothing are
 * never picked; when nothing carries weight the request's start is kept.
 */
export function reduceQuery(text: string, weightOf: (token: string) => number): string {
  if (text.length <= REDUCE_ABOVE_CHARS) return text;
  const pieces = splitPieces(text);
  const covered = new Set<string>();
  const picked: Piece[] = [];
  let budget = BUDGET_CHARS;
  const gainOf = (piece: Piece) => {
    let gain = 0;
    for (const term of piece.terms) if (!covered.has(term)) gain += weightOf(term);
    return gain / Math.sqrt(piece.text.length);
  };
  const open = new Set(pieces);
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
    open.delete(best);
    picked.push(best);
    budget -= best.text.length + 1;
    for (const term of best.terms) covered.add(term);
  }
  if (picked.length === 0) return cutAtWhitespace(text, BUDGET_CHARS);
  return picked
    .sort((a, b) => a.at - b.at)
    .map((p) => p.text)
    .join(' ');
}

function splitPieces(text: string): Piece[] {
  const pieces: Piece[] = [];
  for (const sentence of text.split(SENTENCE_END)) {
    let rest = sentence.trim();
    while (rest !== '') {
      const piece = cutAtWhitespace(rest, MAX_PIECE_CHARS);
      rest = rest.slice(piece.length).trim();
      const terms = [...new Set(tokenize(piece))];
      if (terms.length > 0) pieces.push({ text: piece, at: pieces.length, terms });
    }
  }
  return pieces;
}

/** The longest prefix of at most `max` characters ending at whitespace (or exactly `max` when there is none). */
function cutAtWhitespace(text: string, max: number): string {
  if (text.length <= max) return text;
  const space = text.lastIndexOf(' ', max);
  return space > max / 2 ? text.slice(0, space) : text.slice(0, max);
}
