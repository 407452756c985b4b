import { acronymPluralEnd, HASH_PRIME, HASH_SEED, pluralEndsAt, wordHash } from '../text/ascii-words.js';
import { STOP_WORDS } from '../text/stop-words.js';
import { stem } from '../text/stem.js';
import { unicodeWords } from '../text/tokenize.js';
import {
  cachedWeight,
  knownToken,
  localOf,
  nextStamp,
  remember,
  setLocal,
  tokenOf,
  UNKNOWN,
} from '../text/word-table.js';

import { joinPicked, type ReductionOptions } from '../text/query-reduction.js';
import { MAX_PIECE_CHARS } from '../text/piece-bounds.js';
import type { RequestPieces } from '../text/request-pieces.js';

/**
 * The reduction as it was before pieces were found first and looked up only when the greedy pick can use them:
 * one scan listing every piece's terms (words of a run buffered until the run was known to be ASCII and within its
 * piece), then the greedy pick over all of them. The oracle the faster code must agree with.
 */

/** Tokens longer than this are noise (as in `tokenize`). */
const MAX_TOKEN_LENGTH = 40;

/** Word spans of the current run (start, end, hash per word), reused across requests; grown as needed. */
let runWords = new Int32Array(3 * 256);

/**
 * One pass over the request, linear in its length: each character is read once by a scan that finds the runs
 * of non-space characters and the words in them (split as `AsciiWords` splits, hashed as read) together; the
 * word table then turns a word seen before into its token without allocating, each distinct token's weight is
 * asked for once, and only pieces that name something in the catalogue are kept. `weightKey` (non-zero) names the
 * statistics `weightOf` reads while they do not change: weights are then remembered per token across requests
 * (see `cachedWeight`). Tokens are those of `tokenize` (runs holding non-ASCII characters go through its Unicode
 * path).
 */
export function referenceRequestPieces(
  text: string,
  weightOf: (token: string) => number,
  weightKey = 0,
): RequestPieces {
  const out: RequestPieces = { starts: [], ends: [], from: [0], terms: [], weights: [] };
  const stamp = nextStamp();
  /** Per request term id, the piece that last listed it (de-duplicates a piece's terms). */
  const lastPiece: number[] = [];
  const { terms, weights, from } = out;
  let piece = 0;
  let pieceStart = -1;
  let pieceEnd = -1;
  /** Token `id` seen in the current piece: its request term id, once per piece, when it weighs anything. */
  const add = (id: number) => {
    let local = localOf(id, stamp);
    if (local === -1) {
      const weight = cachedWeight(id, weightKey, weightOf);
      // Words that weigh nothing get no request term id (-2): they are never listed.
      local = weight > 0 ? weights.push(weight) - 1 : -2;
      if (local >= 0) lastPiece.push(-1);
      setLocal(id, stamp, local);
    }
    if (local >= 0 && lastPiece[local] !== piece) {
      lastPiece[local] = piece;
      terms.push(local);
    }
  };
  const close = () => {
    const first = from[from.length - 1]!;
    if (pieceStart >= 0 && terms.length > first) {
      out.starts.push(pieceStart);
      out.ends.push(pieceEnd);
      from.push(terms.length);
    } else terms.length = first;
    piece++;
    pieceStart = -1;
  };
  /** The run `text[runStart, runEnd)` and its `count` words (in `runWords`), or its Unicode path. */
  const run = (runStart: number, runEnd: number, count: number, ascii: boolean) => {
    if (pieceStart >= 0 && runEnd - pieceStart > MAX_PIECE_CHARS) close();
    if (!ascii) {
      unicodeRun(
        text,
        runStart,
        runEnd,
        add,
        () => close(),
        (s, e) => {
          if (pieceStart < 0) pieceStart = s;
          pieceEnd = e;
        },
      );
      return;
    }
    if (pieceStart < 0) pieceStart = runStart;
    const spans = runWords;
    for (let k = 0; k < count * 3; k += 3) {
      const start = spans[k]!;
      const end = spans[k + 1]!;
      if (end - pieceStart > MAX_PIECE_CHARS && pieceEnd > pieceStart) {
        // A run longer than a piece (no spaces): cut it between words.
        close();
        pieceStart = start;
      }
      pieceEnd = end;
      const wordEnd = acronymPluralEnd(text, start, end);
      if (wordEnd - start > MAX_TOKEN_LENGTH) continue;
      const hash = wordEnd === end ? spans[k + 2]! : wordHash(text, start, wordEnd);
      let id = knownToken(text, start, wordEnd, hash);
      if (id === UNKNOWN) {
        const word = text.slice(start, wordEnd).toLowerCase();
        id = remember(word, hash, STOP_WORDS.has(word) ? null : stem(word));
      }
      if (id >= 0) add(id);
    }
    pieceEnd = runEnd;
  };
  const n = text.length;
  let runStart = -1;
  let ascii = true;
  let count = 0;
  let wordStart = -1;
  let hash = 0;
  for (let at = 0; at < n; at++) {
    const c = text.charCodeAt(at);
    // Word characters, split as `AsciiWords` splits (camelCase boundaries before `aB`, `1B` and the `B` of `ABc`).
    if ((c >= 97 && c <= 122) || (c >= 48 && c <= 57)) {
      // The common case: a lower-case letter or a digit never starts a camelCase boundary.
      if (wordStart >= 0) hash = Math.imul(hash ^ c, HASH_PRIME);
      else {
        if (runStart < 0) runStart = at;
        wordStart = at;
        hash = Math.imul(HASH_SEED ^ c, HASH_PRIME);
      }
      continue;
    }
    if (c >= 65 && c <= 90) {
      if (wordStart >= 0) {
        const p = text.charCodeAt(at - 1);
        if (
          (p >= 97 && p <= 122) ||
          (p >= 48 && p <= 57) ||
          (p >= 65 && p <= 90 && isLower(text.charCodeAt(at + 1)) && !pluralEndsAt(text, at + 1))
        ) {
          count = pushWord(count, wordStart, at, hash);
          wordStart = -1;
        }
      }
      if (wordStart >= 0) hash = Math.imul(hash ^ (c + 32), HASH_PRIME);
      else {
        if (runStart < 0) runStart = at;
        wordStart = at;
        hash = Math.imul(HASH_SEED ^ (c + 32), HASH_PRIME);
      }
      continue;
    }
    if (wordStart >= 0) {
      count = pushWord(count, wordStart, at, hash);
      wordStart = -1;
    }
    if (c === 32 || (c >= 9 && c <= 13) || c === 59 /* ; */) {
      if (runStart >= 0) {
        run(runStart, at, count, ascii);
        runStart = -1;
        ascii = true;
        count = 0;
      }
      if (c === 10 || c === 13 || c === 59) close();
      else if (at > 0) {
        const p = text.charCodeAt(at - 1);
        if (p === 46 || p === 33 || p === 63) close(); // . ! ? before whitespace
      }
      continue;
    }
    // Punctuation or a non-ASCII character: part of the run, between words.
    if (runStart < 0) runStart = at;
    if (c > 0x7f) ascii = false;
  }
  if (wordStart >= 0) count = pushWord(count, wordStart, n, hash);
  if (runStart >= 0) run(runStart, n, count, ascii);
  close();
  return out;
}

function isLower(c: number): boolean {
  return c >= 97 && c <= 122;
}

/** Appends a word span to `runWords` and returns the new word count. */
function pushWord(count: number, start: number, end: number, hash: number): number {
  const at = count * 3;
  if (at + 3 > runWords.length) {
    const grown = new Int32Array(runWords.length * 2);
    grown.set(runWords);
    runWords = grown;
  }
  runWords[at] = start;
  runWords[at + 1] = end;
  runWords[at + 2] = hash;
  return count + 1;
}

/**
 * A run with non-ASCII characters, through the Unicode path; one longer than a piece (text written without
 * spaces) is cut into pieces of `MAX_PIECE_CHARS`, never inside a surrogate pair.
 */
function unicodeRun(
  text: string,
  from: number,
  to: number,
  add: (id: number) => void,
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

/** The reduction as it was: the greedy pick over every piece's terms (`referenceRequestPieces`). */
export function referenceReduceQuery(
  text: string,
  weightOf: (token: string) => number,
  options: ReductionOptions = {},
): string {
  if (text.length <= 1_000) return text;
  const budgetChars = options.budget ?? 300;
  const anchors = options.anchors ?? 'both';
  const {
    starts,
    ends,
    from,
    terms,
    weights: termWeights,
  } = referenceRequestPieces(text, weightOf, options.weightKey);
  const count = starts.length;
  const lengthOf = (i: number) => ends[i]! - starts[i]!;
  const covered = new Uint8Array(termWeights.length);
  const open = new Uint8Array(count).fill(1);
  const picked: number[] = [];
  let budget = budgetChars;
  const take = (i: number) => {
    open[i] = 0;
    picked.push(i);
    budget -= lengthOf(i) + 1;
    for (let k = from[i]!; k < from[i + 1]!; k++) covered[terms[k]!] = 1;
  };
  const gainOf = (i: number) => {
    let gain = 0;
    for (let k = from[i]!; k < from[i + 1]!; k++)
      if (covered[terms[k]!] === 0) gain += termWeights[terms[k]!]!;
    return gain / Math.sqrt(lengthOf(i));
  };
  if (anchors !== 'none' && count > 0) {
    if (lengthOf(0) <= budget) take(0);
    if (anchors === 'both' && count > 1 && lengthOf(count - 1) <= budget) take(count - 1);
  }
  while (picked.length < 24 && budget > 0) {
    let best = -1;
    let bestGain = 0;
    for (let i = 0; i < count; i++) {
      if (open[i] === 0) continue;
      if (lengthOf(i) > budget) {
        open[i] = 0;
        continue;
      }
      const gain = gainOf(i);
      if (gain > bestGain) {
        bestGain = gain;
        best = i;
      }
    }
    if (best < 0) break;
    take(best);
  }
  return joinPicked(text, picked, starts, ends, budgetChars);
}
