import { acronymPluralEnd, HASH_PRIME, HASH_SEED, pluralEndsAt, wordHash } from './ascii-words.js';
import { isDelimiter, pieceBounds, separatesOnly } from './piece-bounds.js';
import { STOP_WORDS } from './stop-words.js';
import { stem } from './stem.js';
import { unicodeWords } from './tokenize.js';
import {
  cachedWeight,
  knownToken,
  localOf,
  nextStamp,
  remember,
  setLocal,
  tokenOf,
  UNKNOWN,
} from './word-table.js';

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
  /** Catalogue weight (> 0) per request term id. */
  weights: number[];
}

/**
 * A long request's pieces, found by one cheap scan of its characters (where pieces start and end depends on
 * spaces and punctuation only), and each piece's catalogue terms looked up only when asked for (`termsOf`): the
 * reduction needs the terms of its anchors and of the pieces short enough to fit what is left of its budget, a
 * few of the hundred-odd pieces of a 10,000-character request. Pieces are numbered in text order, including those
 * that name nothing in the catalogue (they have no terms). Tokens are those of `tokenize` (runs holding non-ASCII
 * characters go through its Unicode path). `weightKey` (non-zero) names the statistics `weightOf` reads while they
 * do not change: weights are then remembered per token across requests (see `cachedWeight`); each distinct token's
 * weight is asked for once per request.
 */
export class RequestScan {
  readonly starts: number[];
  readonly ends: number[];
  /** Catalogue weight (> 0) per request term id. */
  readonly weights: number[] = [];
  /** Term ids of the pieces looked up so far; piece `i`'s are `terms[termFrom[i], termTo[i])` once looked up. */
  readonly terms: number[] = [];
  readonly #termFrom: number[] = [];
  readonly #termTo: number[] = [];
  /** Per request term id, the piece that last listed it (de-duplicates a piece's terms). */
  readonly #lastPiece: number[] = [];
  /** Per piece, whether a run in it goes through the Unicode path (else the piece is read as ASCII at once). */
  readonly #unicode: boolean[];
  readonly #pass = nextStamp();
  #piece = 0;

  constructor(
    readonly text: string,
    readonly weightOf: (token: string) => number,
    readonly weightKey = 0,
  ) {
    const bounds = pieceBounds(text);
    this.starts = bounds.starts;
    this.ends = bounds.ends;
    this.#unicode = bounds.unicode;
  }

  get count(): number {
    return this.starts.length;
  }

  /** Looks up piece `i`'s terms (once) and returns how many it has; they are `terms[termsFrom(i), …)`. */
  termCount(i: number): number {
    if (this.#termFrom[i] === undefined) this.#lookUpPiece(i);
    return this.#termTo[i]! - this.#termFrom[i]!;
  }

  termsFrom(i: number): number {
    return this.#termFrom[i]!;
  }

  #lookUpPiece(i: number): void {
    const { text } = this;
    this.#piece = i;
    this.#termFrom[i] = this.terms.length;
    const to = this.ends[i]!;
    if (!this.#unicode[i]) {
      // Spaces and `;` separate words as punctuation does: the whole piece is one ASCII read.
      this.#asciiWords(this.starts[i]!, to);
      this.#termTo[i] = this.terms.length;
      return;
    }
    // The piece's runs (or its part of a run cut between words or into Unicode chunks), each as the scan read it.
    for (let at = this.starts[i]!; at < to;) {
      let c = text.charCodeAt(at);
      if (isDelimiter(c)) {
        at++;
        continue;
      }
      const start = at;
      let unicode = false;
      for (; at < to; at++) {
        c = text.charCodeAt(at);
        if (isDelimiter(c)) break;
        if (c > 0x7f && !separatesOnly(c)) unicode = true;
      }
      if (unicode) {
        for (const token of unicodeWords(text.slice(start, at), [])) this.#add(tokenOf(token));
        continue;
      }
      this.#asciiWords(start, at);
    }
    this.#termTo[i] = this.terms.length;
  }

  /**
   * The words of `text[from, to)` (ASCII, or separated by `separatesOnly` characters), split as `AsciiWords`
   * splits them (camelCase boundaries before `aB`, `1B` and the `B` of `ABc`) and hashed as read, looked up.
   */
  #asciiWords(from: number, to: number): void {
    const { text } = this;
    let start = -1;
    let hash = 0;
    for (let at = from; at <= to; at++) {
      const c = at < to ? text.charCodeAt(at) : 32;
      if ((c >= 97 && c <= 122) || (c >= 48 && c <= 57)) {
        // The common case: a lower-case letter or a digit never starts a camelCase boundary.
        if (start >= 0) hash = Math.imul(hash ^ c, HASH_PRIME);
        else {
          start = at;
          hash = Math.imul(HASH_SEED ^ c, HASH_PRIME);
        }
        continue;
      }
      if (c >= 65 && c <= 90) {
        if (start >= 0) {
          const p = text.charCodeAt(at - 1);
          const next = at + 1 < to ? text.charCodeAt(at + 1) : 0;
          if (
            (p >= 97 && p <= 122) ||
            (p >= 48 && p <= 57) ||
            (p >= 65 && p <= 90 && next >= 97 && next <= 122 && !pluralEndsAt(text, at + 1))
          ) {
            this.#word(start, at, hash);
            start = -1;
          }
        }
        if (start >= 0) hash = Math.imul(hash ^ (c + 32), HASH_PRIME);
        else {
          start = at;
          hash = Math.imul(HASH_SEED ^ (c + 32), HASH_PRIME);
        }
        continue;
      }
      if (start >= 0) {
        this.#word(start, at, hash);
        start = -1;
      }
    }
  }

  #word(start: number, end: number, hash: number): void {
    const { text } = this;
    if (text.charCodeAt(end - 1) === 115) {
      const stemEnd = acronymPluralEnd(text, start, end);
      if (stemEnd !== end) {
        end = stemEnd;
        hash = wordHash(text, start, end);
      }
    }
    if (end - start > MAX_TOKEN_LENGTH) return;
    let id = knownToken(text, start, end, hash);
    if (id === UNKNOWN) {
      const word = text.slice(start, end).toLowerCase();
      id = remember(word, hash, STOP_WORDS.has(word) ? null : stem(word));
    }
    if (id >= 0) this.#add(id);
  }

  /** Token `id` seen in the current piece: its request term id, once per piece, when it weighs anything. */
  #add(id: number): void {
    const pass = this.#pass;
    const lastPiece = this.#lastPiece;
    let local = localOf(id, pass);
    if (local === -1) {
      const weight = cachedWeight(id, this.weightKey, this.weightOf);
      // Words that weigh nothing get no request term id (-2): they are never listed.
      local = weight > 0 ? this.weights.push(weight) - 1 : -2;
      if (local >= 0) lastPiece.push(-1);
      setLocal(id, pass, local);
    }
    if (local >= 0 && lastPiece[local] !== this.#piece) {
      lastPiece[local] = this.#piece;
      this.terms.push(local);
    }
  }
}

/** Every piece that names something in the catalogue, with its terms (all pieces looked up). */
export function requestPieces(
  text: string,
  weightOf: (token: string) => number,
  weightKey = 0,
): RequestPieces {
  const scan = new RequestScan(text, weightOf, weightKey);
  const out: RequestPieces = { starts: [], ends: [], from: [0], terms: [], weights: scan.weights };
  for (let i = 0; i < scan.count; i++) {
    const count = scan.termCount(i);
    if (count === 0) continue;
    const from = scan.termsFrom(i);
    for (let k = from; k < from + count; k++) out.terms.push(scan.terms[k]!);
    out.starts.push(scan.starts[i]!);
    out.ends.push(scan.ends[i]!);
    out.from.push(out.terms.length);
  }
  return out;
}
