import { fallbackForms } from './tokenize.js';

/** Shortest piece a compound is split into: two-letter pieces split ordinary words into noise. */
const MIN_PIECE = 3;
/** Words outside these lengths are not split (a compound has two pieces of 3+; longer is hashes or noise). */
const MIN_WORD = 2 * MIN_PIECE;
const MAX_WORD = 40;

/**
 * Splits a word the vocabulary lacks into vocabulary words, for the run-together identifiers tool names are
 * full of ("matchschedules", "icehockeyapi", "getdiscloseddaterange", "bestbuyproductdata"): a word the static
 * table does not know otherwise adds nothing to the text's vector.
 *
 * Chooses the split into the fewest pieces (each at least 3 letters), and among those the one with the longest
 * pieces (largest sum of squared lengths: "icehockey|api" over "ice|hockey|api" only when both are words).
 * Returns undefined when the word is not all ASCII letters, is outside 6–40 letters, or has no split into two
 * or more known pieces. Dynamic programming over the word: O(length²) lookups, at most 741.
 */
export function splitCompound(word: string, isWord: (piece: string) => boolean): string[] | undefined {
  const n = word.length;
  if (n < MIN_WORD || n > MAX_WORD || !/^[a-z]+$/.test(word)) return undefined;
  const pieces = new Array<number>(n + 1).fill(Number.POSITIVE_INFINITY);
  const weight = new Array<number>(n + 1).fill(0);
  const from = new Array<number>(n + 1).fill(-1);
  pieces[0] = 0;
  for (let i = 0; i + MIN_PIECE <= n; i++) {
    if (pieces[i] === Number.POSITIVE_INFINITY) continue;
    for (let j = i + MIN_PIECE; j <= n; j++) {
      if (!isWord(word.slice(i, j))) continue;
      const count = pieces[i]! + 1;
      const w = weight[i]! + (j - i) * (j - i);
      if (count < pieces[j]! || (count === pieces[j]! && w > weight[j]!)) {
        pieces[j] = count;
        weight[j] = w;
        from[j] = i;
      }
    }
  }
  if (!(pieces[n]! >= 2) || pieces[n] === Number.POSITIVE_INFINITY) return undefined;
  const out: string[] = [];
  for (let j = n; j > 0; j = from[j]!) out.push(word.slice(from[j]!, j));
  return out.reverse();
}

/**
 * The vocabulary words that stand for a word the table lacks: its first known fallback form (plural, -ing, -ed),
 * else the pieces of a run-together compound, else none. Shared by the embedder and the table builder, so a word
 * is read the same way when the table is fitted and when it is used.
 */
export function standInWords(word: string, isWord: (candidate: string) => boolean): readonly string[] {
  const form = fallbackForms(word).find(isWord);
  if (form !== undefined) return [form];
  return splitCompound(word, isWord) ?? [];
}
