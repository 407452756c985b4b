import { createDefaultEmbedder } from '../embedders/static/static-embedder.js';
import type { Embedder } from '../embedders/embedder.js';
import type { QueryTerm } from './bm25.js';

/**
 * Soft term matching (opt-in `softTerms` index option): a query word is also matched, through the shipped static
 * word table, by the catalogue words most similar to it (cosine above a threshold), a translation-model BM25
 * restricted to the catalogue's own vocabulary. A tool is credited, per query word, with the best of the word
 * itself and its stand-ins (see `QueryTerm.softFor`), never their sum.
 */
export interface SoftTermOptions {
  /** Least cosine between a query word and a catalogue word (0..1, default 0.6). */
  threshold: number;
  /** Weight of a soft match relative to an exact one, times the cosine (0..1, default 0.5). */
  weight: number;
  /** Most catalogue words one query word stands in for (1..20, default 3). */
  neighbours: number;
}

/** Chosen before measuring (docs/ranking-experiments.md, session 15; measured on ToolLens and MetaTool dev). */
export const DEFAULT_SOFT_TERMS: SoftTermOptions = { threshold: 0.6, weight: 0.5, neighbours: 3 };

/** What soft matching reads from a backend's term statistics. */
export interface CatalogueTerms {
  /** Catalogue words (document frequency > 0) and their term ids. */
  catalogueTerms?(): { ids: Uint32Array; words: readonly string[] };
}

/** Query words whose neighbours are remembered per catalogue state; cleared when full. */
const NEIGHBOUR_CACHE_MAX = 20_000;

interface Neighbour {
  id: number;
  similarity: number;
}

/** Catalogue words as unit vectors (rows of `matrix`), searched by brute force; neighbours cached per word. */
class SoftTermMatcher {
  readonly #ids: Uint32Array;
  readonly #matrix: Float32Array;
  readonly #dimensions: number;
  readonly #cache = new Map<string, readonly Neighbour[]>();

  constructor(ids: Uint32Array, matrix: Float32Array, dimensions: number) {
    this.#ids = ids;
    this.#matrix = matrix;
    this.#dimensions = dimensions;
  }

  /** Catalogue words with cosine ≥ threshold to `vector` (a unit vector), best first, excluding `self`. */
  neighbours(
    word: string,
    vector: Float32Array,
    self: number | undefined,
    options: SoftTermOptions,
  ): readonly Neighbour[] {
    const cached = this.#cache.get(word);
    if (cached) return cached;
    const d = this.#dimensions;
    const m = this.#matrix;
    const found: Neighbour[] = [];
    if (vector.some((x) => x !== 0)) {
      for (let r = 0; r < this.#ids.length; r++) {
        let dot = 0;
        const base = r * d;
        for (let k = 0; k < d; k++) dot += m[base + k]! * vector[k]!;
        if (dot >= options.threshold && this.#ids[r] !== self) found.push({ id: this.#ids[r]!, similarity: dot });
      }
    }
    // Ties broken by term id, so the result does not depend on scan order.
    found.sort((a, b) => b.similarity - a.similarity || a.id - b.id);
    const out = found.slice(0, options.neighbours);
    if (this.#cache.size >= NEIGHBOUR_CACHE_MAX) this.#cache.clear();
    this.#cache.set(word, out);
    return out;
  }
}

/** One table for every index (loaded on the first soft search), whatever embedder an index uses for vectors. */
let wordTable: Embedder | undefined;
const matchers = new WeakMap<object, Promise<SoftTermMatcher>>();

function matcherFor(statistics: CatalogueTerms, table: Embedder): Promise<SoftTermMatcher> {
  let matcher = matchers.get(statistics);
  if (!matcher) {
    const { ids, words } = statistics.catalogueTerms!();
    matcher = table.embed(words).then((vectors) => {
      const d = table.dimensions;
      const known = vectors.flatMap((v, i) => (v.some((x) => x !== 0) ? [i] : []));
      const matrix = new Float32Array(known.length * d);
      known.forEach((i, row) => matrix.set(vectors[i]!, row * d));
      return new SoftTermMatcher(Uint32Array.from(known, (i) => ids[i]!), matrix, d);
    });
    // A failed load is not remembered: the next search tries again.
    matcher.catch(() => matchers.delete(statistics));
    matchers.set(statistics, matcher);
  }
  return matcher;
}

/**
 * The query's BM25 terms plus each term's soft stand-ins (`softFor` its position). `tokens` are the query's
 * tokens, `terms` their `queryTerms` (one per distinct token, in first-seen order). Backends whose statistics
 * cannot list their catalogue words get the terms unchanged.
 */
export async function withSoftTerms(
  statistics: CatalogueTerms,
  tokens: readonly string[],
  terms: QueryTerm[],
  options: SoftTermOptions | undefined,
): Promise<QueryTerm[]> {
  if (!options || !statistics.catalogueTerms || terms.length === 0) return terms;
  wordTable ??= createDefaultEmbedder();
  const matcher = await matcherFor(statistics, wordTable);
  const words = [...new Set(tokens)];
  const vectors = await wordTable.embed(words);
  const out = [...terms];
  terms.forEach((term, position) => {
    if (term.weight === 0) return; // an aside: it does not score, so neither do its stand-ins
    for (const n of matcher.neighbours(words[position]!, vectors[position]!, term.id, options))
      out.push({ id: n.id, count: term.count, weight: options.weight * n.similarity, softFor: position });
  });
  return out;
}
