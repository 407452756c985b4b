import { ENGLISH_TOKEN_FREQUENCIES } from './english-frequencies.generated.js';

/** Default smoothing `a` of the common-word weight; measured on the ToolLens dev split (see README). */
export const DEFAULT_COMMON_WORD_SMOOTHING = 1e-3;

let frequencies: Map<string, number> | undefined;

/** Everyday-English frequency of an index token (0 when it is rare or unknown), parsed on first use. */
export function englishFrequency(token: string): number {
  frequencies ??= parseFrequencies(ENGLISH_TOKEN_FREQUENCIES);
  return frequencies.get(token) ?? 0;
}

/**
 * Weight of a query token: `a / (a + p)`, where `p` is how common the token is in everyday English (SIF
 * weighting, applied to BM25 query terms). Requests are written in everyday words ("I'm planning a trip and
 * need the report for our branch"); a word such as "report" or "branch" can still be rare among tool
 * descriptions, and so gets a high IDF, although in the request it is incidental. Tool-specific words
 * ("geocode", "iata", "nutrition") are rare in English and keep their full weight. `smoothing` 0 disables it.
 */
export function commonWordWeight(token: string, smoothing: number): number {
  if (!(smoothing > 0)) return 1;
  const p = englishFrequency(token);
  return p === 0 ? 1 : smoothing / (smoothing + p);
}

function parseFrequencies(data: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const line of data.split('\n')) {
    const space = line.indexOf(' ');
    if (space > 0) out.set(line.slice(0, space), Number(line.slice(space + 1)) / 1e9);
  }
  return out;
}
