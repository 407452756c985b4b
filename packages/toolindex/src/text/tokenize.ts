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

function pushWord(word: string, out: string[], useStop: boolean, useStem: boolean): void {
  if (word.length > MAX_TOKEN_LENGTH) return;
  if (useStop && STOP_WORDS.has(word)) return;
  out.push(useStem ? stem(word) : word);
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
