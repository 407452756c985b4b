import { AsciiWords, acronymPluralEnd, wordHash } from './ascii-words.js';
import { stem } from './stem.js';
import { STOP_WORDS } from './stop-words.js';
import { knownToken, remember, tokenText, UNKNOWN } from './word-table.js';

/** Tokens longer than this are noise (hashes, base64) and are dropped. */
const MAX_TOKEN_LENGTH = 40;

const WORD = /[\p{L}\p{N}\p{M}]+/gu;
/** Scripts written without spaces between words: indexed as overlapping character bigrams. */
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]+/u;
/** An acronym's plural (`NFTs`, `APIs`): its "s" is dropped, as `acronymPluralEnd` does on the ASCII path. */
const ACRONYM_PLURAL = /^[\p{Lu}\p{N}]*\p{Lu}s$/u;
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
    asciiWords(text, 0, text.length, out, useStop, useStem);
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
      if (isAscii(text, start, end)) asciiWords(text, start, end, out, useStop, useStem);
      else unicodeWords(text.slice(start, end), out, useStop, useStem);
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
      pushWord((ACRONYM_PLURAL.test(run) ? run.slice(0, -1) : run).toLowerCase(), out, useStop, useStem);
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

/** Fast path for ASCII text (most tool text): word spans from one scan over char codes. */
function asciiWords(
  text: string,
  from: number,
  to: number,
  out: string[],
  useStop: boolean,
  useStem: boolean,
): void {
  const words = WORDS.reset(text, from, to);
  while (words.next()) pushSpan(text, words.start, words.end, words.upper, words.hash, out, useStop, useStem);
}

const WORDS = new AsciiWords();

/**
 * One ASCII word of `text[start, end)`. With the default options its token comes from the word table (no string
 * allocated once the word has been seen); other options take the plain path.
 */
function pushSpan(
  text: string,
  start: number,
  end: number,
  hasUpper: boolean,
  hash: number,
  out: string[],
  useStop: boolean,
  useStem: boolean,
): void {
  if (hasUpper) {
    const stemEnd = acronymPluralEnd(text, start, end);
    if (stemEnd !== end) {
      end = stemEnd;
      hash = wordHash(text, start, end);
    }
  }
  if (!useStop || !useStem) {
    pushWord(sliceLower(text, start, end, hasUpper), out, useStop, useStem);
    return;
  }
  if (end - start > MAX_TOKEN_LENGTH) return;
  let id = knownToken(text, start, end, hash);
  if (id === UNKNOWN) {
    const word = sliceLower(text, start, end, hasUpper);
    id = remember(word, hash, STOP_WORDS.has(word) ? null : stem(word));
  }
  if (id >= 0) out.push(tokenText(id));
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

/**
 * `getHTTPResponse` → `get HTTP Response`; `v1_nutrition` stays (underscore is a separator for WORD); a plural
 * "s" after capitals is no word of its own (`NFTs` stays whole).
 */
export function splitCamelCase(text: string): string {
  return text
    .replace(/([\p{Ll}\p{N}])(\p{Lu})/gu, '$1 $2')
    .replace(/(\p{Lu})(?=\p{Lu}\p{Ll})(?!\p{Lu}s(?![\p{L}\p{N}\p{M}]))/gu, '$1 ')
    .replace(/_/g, ' ');
}
