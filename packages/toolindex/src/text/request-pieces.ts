import { AsciiWords, HASH_PRIME, HASH_SEED } from './ascii-words.js';
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
  /** Catalogue weight (> 0) per request term id. */
  weights: number[];
}

/** The state of a scan that the slow path (`exactRun`) reads and updates. */
interface Scan {
  readonly text: string;
  readonly out: RequestPieces;
  readonly pass: number;
  readonly weightKey: number;
  readonly weightOf: (token: string) => number;
  /** Per request term id, the piece that last listed it (de-duplicates a piece's terms). */
  readonly lastPiece: number[];
  piece: number;
  pieceStart: number;
  pieceEnd: number;
}

const WORDS = new AsciiWords();

/**
 * One pass over the request, linear in its length: each character is read once by a scan that finds the runs
 * of non-space characters and the words in them (split as `AsciiWords` splits, hashed as read) together, and
 * each word is looked up as soon as it ends: the word table turns a word seen before into its token without
 * allocating, each distinct token's weight is asked for once, and only pieces that name something in the
 * catalogue are kept. A run that turns out to hold a non-ASCII character, or to overflow its piece, is undone
 * and read again by the exact rules (`exactRun`; rare in prose). `weightKey` (non-zero) names the statistics
 * `weightOf` reads while they do not change: weights are then remembered per token across requests (see
 * `cachedWeight`). Tokens are those of `tokenize` (runs holding non-ASCII characters go through its Unicode path).
 */
export function requestPieces(
  text: string,
  weightOf: (token: string) => number,
  weightKey = 0,
): RequestPieces {
  const out: RequestPieces = { starts: [], ends: [], from: [0], terms: [], weights: [] };
  const scan: Scan = {
    text,
    out,
    pass: nextStamp(),
    weightKey,
    weightOf,
    lastPiece: [],
    piece: 0,
    pieceStart: -1,
    pieceEnd: -1,
  };
  const { terms } = out;
  const n = text.length;
  // The run being read, and how to undo it: the piece's start and end before it, and the terms it listed.
  let runStart = -1;
  let redo = false;
  let startBefore = -1;
  let endBefore = -1;
  let mark = 0;
  let wordStart = -1;
  let hash = 0;
  /** The last `.`/`!`/`?` read (a sentence ends at one followed by whitespace). */
  let stopAt = -2;
  /** Whether the run holds a `separatesOnly` character (read as ASCII punctuation while the run is short). */
  let inert = false;
  for (let at = 0; at <= n; at++) {
    const c = at < n ? text.charCodeAt(at) : 32;
    // Word characters, split as `AsciiWords` splits (camelCase boundaries before `aB`, `1B` and the `B` of `ABc`).
    if ((c >= 97 && c <= 122) || (c >= 48 && c <= 57)) {
      // The common case: a lower-case letter or a digit never starts a camelCase boundary.
      if (wordStart >= 0) hash = Math.imul(hash ^ c, HASH_PRIME);
      else {
        if (runStart < 0) {
          runStart = at;
          redo = false;
          inert = false;
          startBefore = scan.pieceStart;
          endBefore = scan.pieceEnd;
          mark = terms.length;
          if (startBefore < 0) scan.pieceStart = at;
        }
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
          (p >= 65 && p <= 90 && isLower(text.charCodeAt(at + 1)))
        ) {
          if (!redo) redo = !word(scan, wordStart, at, hash);
          wordStart = -1;
        }
      }
      if (wordStart >= 0) hash = Math.imul(hash ^ (c + 32), HASH_PRIME);
      else {
        if (runStart < 0) {
          runStart = at;
          redo = false;
          inert = false;
          startBefore = scan.pieceStart;
          endBefore = scan.pieceEnd;
          mark = terms.length;
          if (startBefore < 0) scan.pieceStart = at;
        }
        wordStart = at;
        hash = Math.imul(HASH_SEED ^ (c + 32), HASH_PRIME);
      }
      continue;
    }
    if (wordStart >= 0) {
      if (!redo) redo = !word(scan, wordStart, at, hash);
      wordStart = -1;
    }
    if (c === 32 || (c >= 9 && c <= 13) || c === 59 /* ; */) {
      if (runStart >= 0) {
        // A run that must start a new piece (its piece would outgrow `MAX_PIECE_CHARS`) is read again exactly.
        if (
          redo ||
          (startBefore >= 0 && at - startBefore > MAX_PIECE_CHARS) ||
          (inert && at - runStart >= MAX_PIECE_CHARS)
        ) {
          const { lastPiece } = scan;
          for (let k = mark; k < terms.length; k++) lastPiece[terms[k]!] = -1;
          terms.length = mark;
          scan.pieceStart = startBefore;
          scan.pieceEnd = endBefore;
          exactRun(scan, runStart, at, isAscii(text, runStart, at));
        } else scan.pieceEnd = at;
        runStart = -1;
      }
      if (c === 10 || c === 13 || c === 59) close(scan);
      else if (stopAt === at - 1 && at < n) close(scan);
      continue;
    }
    // Punctuation or a non-ASCII character: part of the run, between words.
    if (runStart < 0) {
      runStart = at;
      redo = false;
      inert = false;
      startBefore = scan.pieceStart;
      endBefore = scan.pieceEnd;
      mark = terms.length;
      if (startBefore < 0) scan.pieceStart = at;
    }
    if (c === 46 || c === 33 || c === 63) stopAt = at;
    else if (c > 0x7f) {
      if (separatesOnly(c)) inert = true;
      else redo = true;
    }
  }
  close(scan);
  return out;
}

/**
 * An ASCII word of the run being read, looked up at once: false when the run must be read again (the word
 * reaches past its piece's `MAX_PIECE_CHARS`, so the run starts a new piece or is cut between words).
 */
function word(scan: Scan, start: number, end: number, hash: number): boolean {
  if (end - scan.pieceStart > MAX_PIECE_CHARS) return false;
  if (end - start <= MAX_TOKEN_LENGTH) lookUp(scan, start, end, hash);
  return true;
}

/** Lists the token of the ASCII word `text[start, end)` in the current piece when it names something. */
function lookUp(scan: Scan, start: number, end: number, hash: number): void {
  const { text } = scan;
  let id = knownToken(text, start, end, hash);
  if (id === UNKNOWN) {
    const word = text.slice(start, end).toLowerCase();
    id = remember(word, hash, STOP_WORDS.has(word) ? null : stem(word));
  }
  if (id >= 0) add(scan, id);
}

/** Token `id` seen in the current piece: its request term id, once per piece, when it weighs anything. */
function add(scan: Scan, id: number): void {
  const { out, lastPiece, pass } = scan;
  let local = localOf(id, pass);
  if (local === -1) {
    const weight = cachedWeight(id, scan.weightKey, scan.weightOf);
    // Words that weigh nothing get no request term id (-2): they are never listed.
    local = weight > 0 ? out.weights.push(weight) - 1 : -2;
    if (local >= 0) lastPiece.push(-1);
    setLocal(id, pass, local);
  }
  if (local >= 0 && lastPiece[local] !== scan.piece) {
    lastPiece[local] = scan.piece;
    out.terms.push(local);
  }
}

/** Ends the current piece: kept when it lists a term. */
function close(scan: Scan): void {
  const { out } = scan;
  const { from, terms } = out;
  const first = from[from.length - 1]!;
  if (scan.pieceStart >= 0 && terms.length > first) {
    out.starts.push(scan.pieceStart);
    out.ends.push(scan.pieceEnd);
    from.push(terms.length);
  } else terms.length = first;
  scan.piece++;
  scan.pieceStart = -1;
}

/**
 * The run `text[runStart, runEnd)` by the exact rules: it starts a new piece when the current one would outgrow
 * `MAX_PIECE_CHARS`; an ASCII run longer than a piece (no spaces) is cut between words; a run with non-ASCII
 * characters goes through the Unicode path.
 */
function exactRun(scan: Scan, runStart: number, runEnd: number, ascii: boolean): void {
  const { text } = scan;
  if (scan.pieceStart >= 0 && runEnd - scan.pieceStart > MAX_PIECE_CHARS) close(scan);
  if (!ascii) {
    unicodeRun(scan, runStart, runEnd);
    return;
  }
  if (scan.pieceStart < 0) scan.pieceStart = runStart;
  const words = WORDS.reset(text, runStart, runEnd);
  while (words.next()) {
    const { start, end } = words;
    if (end - scan.pieceStart > MAX_PIECE_CHARS && scan.pieceEnd > scan.pieceStart) {
      // A run longer than a piece (no spaces): cut it between words.
      close(scan);
      scan.pieceStart = start;
    }
    scan.pieceEnd = end;
    if (end - start <= MAX_TOKEN_LENGTH) lookUp(scan, start, end, words.hash);
  }
  scan.pieceEnd = runEnd;
}

/**
 * Non-ASCII characters that only separate words: NFKC leaves them alone, they are not letters, digits or marks,
 * and they compose with nothing, so the Unicode path splits a run at them exactly as the ASCII path splits at
 * punctuation (tested character by character). Typographic quotes and dashes, the degree sign, bullets, common
 * signs. A run holding one is read as ASCII unless it is a piece long (the Unicode path then cuts it).
 */
export function separatesOnly(c: number): boolean {
  switch (c) {
    case 0xa7: // §
    case 0xa9: // ©
    case 0xab: // «
    case 0xae: // ®
    case 0xb0: // °
    case 0xb1: // ±
    case 0xb6: // ¶
    case 0xb7: // ·
    case 0xbb: // »
    case 0xd7: // ×
    case 0xf7: // ÷
    case 0x2013: // –
    case 0x2014: // —
    case 0x2018: // ‘
    case 0x2019: // ’
    case 0x201c: // “
    case 0x201d: // ”
    case 0x2022: // •
    case 0x20ac: // €
    case 0x2190: // ←
    case 0x2192: // →
      return true;
    default:
      return false;
  }
}

function isLower(c: number): boolean {
  return c >= 97 && c <= 122;
}

function isAscii(text: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) if (text.charCodeAt(i) > 0x7f) return false;
  return true;
}

/**
 * A run with non-ASCII characters, through the Unicode path; one longer than a piece (text written without
 * spaces) is cut into pieces of `MAX_PIECE_CHARS`, never inside a surrogate pair.
 */
function unicodeRun(scan: Scan, from: number, to: number): void {
  const { text } = scan;
  for (let start = from; start < to;) {
    let end = Math.min(to, start + MAX_PIECE_CHARS);
    if (end < to && isLowSurrogate(text.charCodeAt(end))) end--;
    if (end - start === MAX_PIECE_CHARS || start > from) close(scan);
    if (scan.pieceStart < 0) scan.pieceStart = start;
    scan.pieceEnd = end;
    for (const token of unicodeWords(text.slice(start, end), [])) add(scan, tokenOf(token));
    start = end;
  }
}

function isLowSurrogate(c: number): boolean {
  return c >= 0xdc00 && c <= 0xdfff;
}
