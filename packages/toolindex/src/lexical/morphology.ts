import type { QueryTerm } from './bm25.js';
import { WORDNET_RELATIVES } from './morphology.generated.js';

/**
 * Derivational morphology for the query (the `morphology` index option): a query word is also matched by the
 * catalogue's words of the same root that the light stemmer keeps apart ("recommend" finds a tool that says
 * "recommendation", "analyze" one that says "analysis", "financial" one that says "finance"), at a fixed share
 * of an exact match. The relatives come from WordNet's derivational links (a generic English resource; see
 * `morphology.generated.ts`), never from any tool set. Per query word a tool gets the best of the word and its
 * relatives, never their sum (`QueryTerm.softFor`), so a tool that has the word itself gains nothing.
 */

/** A relative's match counts this share of the word's own (chosen before measuring, as soft terms' 0.5). */
export const MORPHOLOGY_WEIGHT = 0.5;

let relatives: ReadonlyMap<string, readonly string[]> | undefined;

/** Each token's relatives, both ways (the generated table lists each pair once). Parsed on first use. */
export function relativesOf(token: string): readonly string[] {
  relatives ??= parseRelatives(WORDNET_RELATIVES);
  return relatives.get(token) ?? [];
}

/** @internal Lines of "token relative…" → a map from every token to all of its relatives. */
export function parseRelatives(text: string): ReadonlyMap<string, readonly string[]> {
  const map = new Map<string, string[]>();
  const link = (a: string, b: string) => {
    const list = map.get(a);
    if (list) list.push(b);
    else map.set(a, [b]);
  };
  for (const line of text.split('\n')) {
    const words = line.split(' ').filter((w) => w !== '');
    for (let i = 1; i < words.length; i++) {
      link(words[0]!, words[i]!);
      link(words[i]!, words[0]!);
    }
  }
  return map;
}

/**
 * The query's BM25 terms plus, for each scoring term, its relatives the catalogue has (`softFor` its position,
 * weight `MORPHOLOGY_WEIGHT`). `tokens` are the query's tokens, `terms` their `queryTerms` first (one per
 * distinct token, in first-seen order; stand-ins of other kinds may follow). A relative that is itself a word of
 * the query is left out: that word scores on its own.
 */
export function withRelatives(
  lookup: (term: string) => number | undefined,
  tokens: readonly string[],
  terms: QueryTerm[],
): QueryTerm[] {
  const words = [...new Set(tokens)];
  const own = new Set(words);
  let out: QueryTerm[] | undefined;
  for (let position = 0; position < words.length; position++) {
    const term = terms[position]!;
    if (term.weight === 0) continue; // an aside: it does not score, so neither do its relatives
    for (const relative of relativesOf(words[position]!)) {
      if (own.has(relative)) continue;
      const id = lookup(relative);
      if (id === undefined) continue;
      (out ??= [...terms]).push({ id, count: term.count, weight: MORPHOLOGY_WEIGHT, softFor: position });
    }
  }
  return out ?? terms;
}
