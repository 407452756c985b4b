import { AsciiWords } from './ascii-words.js';
import { STOP_WORDS } from './stop-words.js';
import { stem } from './stem.js';
import { unicodeWords } from './tokenize.js';
import { cachedWeight, knownToken, nextStamp, remember, type Token, tokenOf } from './word-table.js';

/** Pieces longer than this are cut (between runs of non-space characters when there are some). */
export const MAX_PIECE_CHARS = 300;
/** Tokens longer than this are noise (as in `tokenize`). */
const MAX_TOKEN_LENGTH = 40;

/**
 * A long request cut into pieces for the reduction: its sentences (ending at `.`/`!`/`?` before whitespace, at
 * line breaks and at `;`), long ones cut at whitespace into pieces of at most `MAX_PIECE_CHARS`. Piece `i` is
 * `text.slice(starts[i], ends[i])`; its distinct catalogue terms (weight > 0) are `terms[from[i], from[i + 1])`,
 * ids into `weights`. Pieces without a catalogue term are left out.
 */
export interface RequestPieces {
  starts: number[];
  ends: number[];
  from: number[];
  terms: number[];
  /** Catalogue weight per request term id. */
  weights: number[];
}

const WORDS = new AsciiWords();

/**
 * One pass over the request, linear in its length: words are read in place (the word table turns a word seen
 * before into its token without allocating), each distinct token's weight is asked for once, and only pieces that
 * name something in the catalogue are kept. `weightKey` (non-zero) names the statistics `weightOf` reads while they
 * do not change: weights are then remembered per token across requests (see `cachedWeight`). Tokens are those of `tokenize` (runs holding non-ASCII characters go
 * through its Unicode path).
 */
export function requestPieces(
  text: string,
  weightOf: (token: string) => number,
  weightKey = 0,
): RequestPieces {
  const out: RequestPieces = { starts: [], ends: [], from: [0], terms: [], weights: [] };
  const stamp = nextStamp();
  /** Per request term id, the piece that last listed it (de-duplicates a piece's terms). */
  const lastPiece: number[] = [];
  let piece = 0;
  let pieceStart = -1;
  let pieceEnd = -1;
  const add = (token: Token) => {
    if (token.stamp !== stamp) {
      token.stamp = stamp;
      token.local = out.weights.length;
      out.weights.push(cachedWeight(token, weightKey, weightOf));
      lastPiece.push(-1);
    }
    const id = token.local;
    if (out.weights[id]! > 0 && lastPiece[id] !== piece) {
      lastPiece[id] = piece;
      out.terms.push(id);
    }
  };
  const close = () => {
    if (pieceStart >= 0 && out.terms.length > out.from[out.from.length - 1]!) {
      out.starts.push(pieceStart);
      out.ends.push(pieceEnd);
      out.from.push(out.terms.length);
    } else out.terms.length = out.from[out.from.length - 1]!;
    piece++;
    pieceStart = -1;
  };
  const n = text.length;
  let at = 0;
  while (at < n) {
    const c = text.charCodeAt(at);
    if (c === 10 || c === 13) {
      close();
      at++;
      continue;
    }
    if (c === 59 /* ; */) {
      close();
      at++;
      continue;
    }
    if (isAsciiSpace(c)) {
      const p = at > 0 ? text.charCodeAt(at - 1) : 0;
      if (p === 46 || p === 33 || p === 63) close(); // . ! ? before whitespace
      at++;
      continue;
    }
    // A run of non-space characters (`;` ends one too: it ends a sentence).
    const runStart = at;
    let ascii = true;
    while (at < n) {
      const d = text.charCodeAt(at);
      if (isAsciiSpace(d) || d === 59) break;
      if (d > 0x7f) ascii = false;
      at++;
    }
    if (pieceStart >= 0 && at - pieceStart > MAX_PIECE_CHARS) close();
    if (!ascii) {
      unicodeRun(
        text,
        runStart,
        at,
        add,
        () => close(),
        (s, e) => {
          if (pieceStart < 0) pieceStart = s;
          pieceEnd = e;
        },
      );
      continue;
    }
    if (pieceStart < 0) pieceStart = runStart;
    const words = WORDS.reset(text, runStart, at);
    while (words.next()) {
      const { start, end, hash } = words;
      if (end - pieceStart > MAX_PIECE_CHARS && pieceEnd > pieceStart) {
        // A run longer than a piece (no spaces): cut it between words.
        close();
        pieceStart = start;
      }
      pieceEnd = end;
      if (end - start > MAX_TOKEN_LENGTH) continue;
      let token = knownToken(text, start, end, hash);
      if (token === undefined) {
        const word = text.slice(start, end).toLowerCase();
        token = remember(word, hash, STOP_WORDS.has(word) ? null : stem(word));
      }
      if (token !== null) add(token);
    }
    pieceEnd = at;
  }
  close();
  return out;
}

/**
 * A run with non-ASCII characters, through the Unicode path; one longer than a piece (text written without
 * spaces) is cut into pieces of `MAX_PIECE_CHARS`, never inside a surrogate pair.
 */
function unicodeRun(
  text: string,
  from: number,
  to: number,
  add: (token: Token) => void,
  close: () => void,
  extend: (start: number, end: number) => void,
): void {
  for (let start = from; start < to;) {
    let end = Math.min(to, start + MAX_PIECE_CHARS);
    if (end < to && isLowSurrogate(text.charCodeAt(end))) end--;
    if (end - start === MAX_PIECE_CHARS || start > from) close();
    extend(start, end);
    for (const token of unicodeWords(text.slice(start, end), [])) add(tokenOf(token));
    start = end;
  }
}

function isLowSurrogate(c: number): boolean {
  return c >= 0xdc00 && c <= 0xdfff;
}

/** Space, tab, line feed, vertical tab, form feed, carriage return (the run separators of `tokenize`). */
function isAsciiSpace(c: number): boolean {
  return c === 32 || (c >= 9 && c <= 13);
}
