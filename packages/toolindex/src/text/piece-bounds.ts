import { AsciiWords } from './ascii-words.js';

/** Pieces longer than this are cut (between runs of non-space characters when there are some). */
export const MAX_PIECE_CHARS = 300;

/** Where a request's pieces start and end, and whether a piece has a run for the Unicode path. */
export interface PieceBounds {
  readonly starts: number[];
  readonly ends: number[];
  readonly unicode: boolean[];
}

/**
 * Where a piece must end whatever its length: a line break or `;`, or whitespace after a sentence stop. The
 * match's last character is the delimiter the piece ends before. The regular expression engine finds these
 * several times faster than a loop over `charCodeAt`, and most of a request is prose between them.
 */
const HARD_END = /[\n\r;]|[.!?][\t-\r ]/g;
/** Non-ASCII characters; a piece holding one that does not only separate words goes through the Unicode path. */
const NON_ASCII = /[^\0-\x7f]/g;

const WORDS = new AsciiWords();

/**
 * Where the pieces of a request start and end, from its characters alone: a piece ends at a sentence stop
 * (`.`/`!`/`?` before whitespace), a line break or `;`; a run of non-space characters that would make it longer
 * than `MAX_PIECE_CHARS` starts a new one; an ASCII run longer than a piece is cut between words, a run with
 * non-ASCII characters into chunks of `MAX_PIECE_CHARS` (never inside a surrogate pair), as the Unicode path reads it.
 *
 * The text between two hard ends is one piece (trimmed of delimiters) when it is no longer than a piece, since
 * nothing inside it can end one; only longer stretches are read run by run (`scanPieceBounds`, which gives the same
 * bounds over the whole text and is what this is tested against).
 */
export function pieceBounds(text: string): PieceBounds {
  const out: PieceBounds = { starts: [], ends: [], unicode: [] };
  const n = text.length;
  // A text whose UTF-8 length is its length is all ASCII (counted natively, far faster than a scan for one).
  let hot = Buffer.byteLength(text, 'utf8') === n ? n : nextUnicodeChar(text, 0);
  HARD_END.lastIndex = 0;
  for (let from = 0; from < n;) {
    const to = HARD_END.test(text) ? HARD_END.lastIndex - 1 : n;
    if (to - from > MAX_PIECE_CHARS) scanRange(text, from, to, out);
    else {
      let start = from;
      let end = to;
      while (start < end && isDelimiter(text.charCodeAt(start))) start++;
      while (end > start && isDelimiter(text.charCodeAt(end - 1))) end--;
      if (start < end) {
        out.starts.push(start);
        out.ends.push(end);
        out.unicode.push(hot < end);
      }
    }
    if (hot < to) hot = nextUnicodeChar(text, to);
    from = to + 1;
  }
  return out;
}

/** The reference scan: every character read in turn. */
export function scanPieceBounds(text: string): PieceBounds {
  const out: PieceBounds = { starts: [], ends: [], unicode: [] };
  scanRange(text, 0, text.length, out);
  return out;
}

/** Position of the first character at or after `from` that sends its run through the Unicode path, or the end. */
function nextUnicodeChar(text: string, from: number): number {
  NON_ASCII.lastIndex = from;
  while (NON_ASCII.test(text)) {
    const at = NON_ASCII.lastIndex - 1;
    if (!separatesOnly(text.charCodeAt(at))) return at;
  }
  return text.length;
}

/** The pieces of `text[from, to)`, read run by run; `from` starts a piece (nothing is open before it). */
function scanRange(text: string, from: number, to: number, out: PieceBounds): void {
  let pieceStart = -1;
  let pieceEnd = -1;
  let pieceUnicode = false;
  const close = () => {
    if (pieceStart >= 0) {
      out.starts.push(pieceStart);
      out.ends.push(pieceEnd);
      out.unicode.push(pieceUnicode);
    }
    pieceStart = -1;
    pieceUnicode = false;
  };
  for (let at = from; at < to;) {
    const c = text.charCodeAt(at);
    if (isDelimiter(c)) {
      if (c === 10 || c === 13 || c === 59) close();
      else if (at > 0) {
        const p = text.charCodeAt(at - 1);
        if (p === 46 || p === 33 || p === 63) close(); // . ! ? before whitespace
      }
      at++;
      continue;
    }
    const runStart = at;
    let ascii = true;
    let plain = true;
    for (; at < to; at++) {
      const d = text.charCodeAt(at);
      // Letters (most characters) are above `;`: one comparison for them.
      if (d > 59) {
        if (d > 0x7f) {
          ascii = false;
          if (!separatesOnly(d)) plain = false;
        }
      } else if (d === 32 || (d >= 9 && d <= 13) || d === 59) break;
    }
    const runEnd = at;
    if (pieceStart >= 0 && runEnd - pieceStart > MAX_PIECE_CHARS) close();
    if (!ascii) {
      for (let start = runStart; start < runEnd;) {
        let end = Math.min(runEnd, start + MAX_PIECE_CHARS);
        if (end < runEnd && isLowSurrogate(text.charCodeAt(end))) end--;
        if (end - start === MAX_PIECE_CHARS || start > runStart) close();
        if (pieceStart < 0) pieceStart = start;
        if (!plain) pieceUnicode = true;
        pieceEnd = end;
        start = end;
      }
      continue;
    }
    if (pieceStart < 0) pieceStart = runStart;
    if (runEnd - pieceStart > MAX_PIECE_CHARS) {
      // A run longer than a piece (no spaces): cut it between words.
      const words = WORDS.reset(text, runStart, runEnd);
      while (words.next()) {
        if (words.end - pieceStart > MAX_PIECE_CHARS && pieceEnd > pieceStart) {
          close();
          pieceStart = words.start;
        }
        pieceEnd = words.end;
      }
    }
    pieceEnd = runEnd;
  }
  close();
}

/** ASCII whitespace and `;`: they end runs. */
export function isDelimiter(c: number): boolean {
  return c === 32 || (c >= 9 && c <= 13) || c === 59;
}

/**
 * Non-ASCII characters that only separate words: NFKC leaves them alone, they are not letters, digits or marks,
 * and they compose with nothing, so the Unicode path splits a text at them exactly as the ASCII path splits at
 * punctuation (tested character by character). Typographic quotes and dashes, the degree sign, bullets, common
 * signs: a run holding only these besides ASCII is read by the ASCII path.
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

function isLowSurrogate(c: number): boolean {
  return c >= 0xdc00 && c <= 0xdfff;
}
