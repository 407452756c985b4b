import { stem } from './stem.js';
import { STOP_WORDS } from './stop-words.js';

/** Tokens longer than this are noise (hashes, base64) and are dropped. */
const MAX_TOKEN_LENGTH = 40;

const WORD = /[\p{L}\p{N}\p{M}]+/gu;
/** Scripts written without spaces between words: indexed as overlapping character bigrams. */
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]+/u;
const CJK_SPLIT = /([\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]+)/u;

export interface TokenizeOptions {
  /** Drop English stop words (default true). */
  stopWords?: boolean;
  /** Apply light stemming (default true). */
  stem?: boolean;
}

/**
 * Splits identifiers on camelCase, snake_case, kebab-case and dots, lowercases (NFKC), drops stop words,
 * stems lightly, and turns runs of Han/Kana/Hangul into character bigrams (a lone character stays a unigram),
 * so Chinese/Japanese/Korean text is searchable without a dictionary.
 */
export function tokenize(text: string, options: TokenizeOptions = {}): string[] {
  const useStop = options.stopWords ?? true;
  const useStem = options.stem ?? true;
  const out: string[] = [];
  if (isAscii(text, 0, text.length)) {
    asciiWords(text, out, useStop, useStem);
    return out;
  }
  // Mixed text: each run between ASCII whitespace takes the fast path when it is ASCII. Every Unicode step
  // (NFKC, camelCase boundaries, word matching) acts within such runs, so the tokens are the same as running
  // the Unicode path over the whole text, at a fraction of the cost for mostly-English text.
  const n = text.length;
  let start = 0;
  while (start < n) {
    while (start < n && isAsciiSpace(text.charCodeAt(start))) start++;
    let end = start;
    while (end < n && !isAsciiSpace(text.charCodeAt(end))) end++;
    if (end > start) {
      const run = text.slice(start, end);
      if (isAscii(run, 0, run.length)) asciiWords(run, out, useStop, useStem);
      else unicodeWords(run, out, useStop, useStem);
    }
    start = end;
  }
  return out;
}

/** @internal The Unicode path over a whole text (the reference the mixed-text split must agree with). */
export function unicodeWords(text: string, out: string[], useStop = true, useStem = true): string[] {
  const spaced = splitCamelCase(text.normalize('NFKC'));
  for (const match of spaced.matchAll(WORD)) {
    const run = match[0];
    if (!CJK.test(run)) {
      pushWord(run.toLowerCase(), out, useStop, useStem);
      continue;
    }
    for (const part of run.split(CJK_SPLIT)) {
      if (part === '') continue;
      if (CJK.test(part)) pushCjk(part, out);
      else pushWord(part.toLowerCase(), out, useStop, useStem);
    }
  }
  return out;
}

function isAscii(text: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) if (text.charCodeAt(i) > 0x7f) return false;
  return true;
}

/** Space, tab, line feed, vertical tab, form feed, carriage return: never part of a word, unchanged by NFKC. */
function isAsciiSpace(c: number): boolean {
  return c === 32 || (c >= 9 && c <= 13);
}

/**
 * Fast path for ASCII text (most tool text): one scan over char codes, splitting on non-alphanumerics and
 * on the same camelCase boundaries as `splitCamelCase` (`aB`, `1B`, and `ABc` before the `B`).
 */
function asciiWords(text: string, out: string[], useStop: boolean, useStem: boolean): void {
  const n = text.length;
  let start = -1;
  /** Whether the current word has an upper-case letter (else it needs no lower-casing). */
  let hasUpper = false;
  for (let i = 0; i <= n; i++) {
    const c = i < n ? text.charCodeAt(i) : 32;
    const upper = c >= 65 && c <= 90;
    const lower = c >= 97 && c <= 122;
    const digit = c >= 48 && c <= 57;
    if (!upper && !lower && !digit) {
      if (start >= 0) pushWord(sliceLower(text, start, i, hasUpper), out, useStop, useStem);
      start = -1;
      continue;
    }
    if (start < 0) {
      start = i;
      hasUpper = upper;
      continue;
    }
    if (upper) {
      const p = text.charCodeAt(i - 1);
      const prevLowerOrDigit = (p >= 97 && p <= 122) || (p >= 48 && p <= 57);
      const next = i + 1 < n ? text.charCodeAt(i + 1) : 0;
      if (prevLowerOrDigit || (p >= 65 && p <= 90 && next >= 97 && next <= 122)) {
        pushWord(sliceLower(text, start, i, hasUpper), out, useStop, useStem);
        start = i;
      }
      hasUpper = true;
    }
  }
}

function sliceLower(text: string, start: number, end: number, hasUpper: boolean): string {
  const word = text.slice(start, end);
  return hasUpper ? word.toLowerCase() : word;
}
/** Stemming is the hot path of indexing; vocabularies are small, so results are memoised (bounded). */
const STEM_CACHE = new Map<string, string>();
const STEM_CACHE_MAX = 200_000;

function pushWord(word: string, out: string[], useStop: boolean, useStem: boolean): void {
  if (word.length > MAX_TOKEN_LENGTH) return;
  if (useStop && STOP_WORDS.has(word)) return;
  if (!useStem) {
    out.push(word);
    return;
  }
  let stemmed = STEM_CACHE.get(word);
  if (stemmed === undefined) {
    stemmed = stem(word);
    if (STEM_CACHE.size >= STEM_CACHE_MAX) STEM_CACHE.clear();
    STEM_CACHE.set(word, stemmed);
  }
  out.push(stemmed);
}

function pushCjk(run: string, out: string[]): void {
  const chars = Array.from(run);
  if (chars.length === 1) {
    out.push(chars[0]!);
    return;
  }
  for (let i = 0; i + 1 < chars.length; i++) out.push(chars[i]! + chars[i + 1]!);
}

/** `getHTTPResponse` → `get HTTP Response`; `v1_nutrition` stays (underscore is a separator for WORD). */
export function splitCamelCase(text: string): string {
  return text
    .replace(/([\p{Ll}\p{N}])(\p{Lu})/gu, '$1 $2')
    .replace(/(\p{Lu})(\p{Lu}\p{Ll})/gu, '$1 $2')
    .replace(/_/g, ' ');
}
