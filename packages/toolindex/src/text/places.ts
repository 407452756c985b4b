import { PLACE_NAMES } from './places.generated.js';

/** Words read from one text at most (queries are at most 10,000 characters by default anyway). */
const MAX_WORDS = 2_000;
/** Longest place name, in words, looked up. */
const MAX_NAME_WORDS = 3;

const WORD = /\p{L}[\p{L}\p{M}'’.-]{0,40}/gu;

let places: ReadonlySet<string> | undefined;

/**
 * Whether the text names a known place — a city, province or state, country or continent (8,982 names, shipped
 * in the package, loaded on first use) — written capitalised, as place names are: "Paris", "New York",
 * "United States". The text's first word alone does not count (every sentence starts capitalised).
 */
export function mentionsPlace(text: string): boolean {
  places ??= new Set(PLACE_NAMES.split('\n'));
  const words: string[] = [];
  for (const match of text.matchAll(WORD)) {
    words.push(match[0].replace(/['’]s$/u, '').replace(/[.'’-]+$/u, ''));
    if (words.length >= MAX_WORDS) break;
  }
  for (let i = 0; i < words.length; i++) {
    if (!/^\p{Lu}/u.test(words[i]!)) continue;
    for (let n = Math.min(MAX_NAME_WORDS, words.length - i); n >= 1; n--) {
      if (n === 1 && i === 0) continue;
      if (
        places.has(
          words
            .slice(i, i + n)
            .join(' ')
            .toLowerCase(),
        )
      )
        return true;
    }
  }
  return false;
}
