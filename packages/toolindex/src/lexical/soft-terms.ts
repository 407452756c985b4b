import { createDefaultEmbedder, STATIC_EMBEDDER_ID_PREFIX } from '../embedders/static/static-embedder.js';
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

/** Soft matching settings with the word table it reads vectors from. */
export interface SoftTerms extends SoftTermOptions {
  readonly table: Embedder;
}

/** Whether an embedder is the shipped static word table (whose rows soft matching reads). */
export function isStaticTable(embedder: Embedder | undefined): boolean {
  return embedder !== undefined && embedder.id.startsWith(STATIC_EMBEDDER_ID_PREFIX);
}

/** One shared table for indexes that turn soft matching on without the static table as their embedder. */
let sharedTable: Embedder | undefined;

/** The settings an index searches with: its own embedder's table when it is the static one, else a shared one. */
export function softTermsFor(
  options: SoftTermOptions | undefined,
  embedder: Embedder | undefined,
): SoftTerms | undefined {
  if (!options) return undefined;
  const table = isStaticTable(embedder) ? embedder! : (sharedTable ??= createDefaultEmbedder());
  return { ...options, table };
}

/** What soft matching reads from a backend's term statistics. */
export interface CatalogueTerms {
  /** Catalogue words (document frequency > 0) and their term ids. */
  catalogueTerms?(): { ids: Uint32Array; words: readonly string[] };
}

/** Query words whose neighbours are remembered per catalogue state; cleared when full. */
const NEIGHBOUR_CACHE_MAX = 20_000;

export interface SoftNeighbour {
  id: number;
  similarity: number;
}

/**
 * Catalogue words as unit vectors, searched exhaustively but pruned exactly. The table's dimensions are principal
 * components in falling variance, so a row's dot product over its first `HEAD` dimensions plus the product of the
 * two vectors' remaining norms (Cauchy–Schwarz) bounds its cosine: the rest of a row is read only when that bound
 * reaches the threshold (about one row in five, then one in thirty, on the bench catalogue). Neighbours are
 * remembered per word.
 */
export class SoftTermMatcher {
  readonly #ids: Uint32Array;
  readonly #rows: Float32Array;
  readonly #dimensions: number;
  readonly #head: number;
  /** The first `head` dimensions of every row, packed (`heads[row * head + k]`): the first pass reads only these. */
  readonly #heads: Float32Array;
  /** Per row, the norm of its dimensions after the head, and after twice the head. */
  readonly #tail: Float32Array;
  readonly #tail2: Float32Array;
  readonly #cache = new Map<string, readonly SoftNeighbour[]>();

  constructor(ids: Uint32Array, rows: Float32Array, dimensions: number) {
    const head = Math.min(HEAD, dimensions) & ~3; // a multiple of 4 (unrolled loop)
    this.#ids = ids;
    this.#rows = rows;
    this.#dimensions = dimensions;
    this.#head = head;
    this.#heads = new Float32Array(ids.length * head);
    for (let r = 0; r < ids.length; r++)
      this.#heads.set(rows.subarray(r * dimensions, r * dimensions + head), r * head);
    this.#tail = Float32Array.from(ids, (_, r) => tailNorm(rows, r * dimensions, head, dimensions));
    this.#tail2 = Float32Array.from(ids, (_, r) => tailNorm(rows, r * dimensions, 2 * head, dimensions));
  }

  /** Remembered neighbours of a word, if searched before. */
  cached(word: string): readonly SoftNeighbour[] | undefined {
    return this.#cache.get(word);
  }

  /** Catalogue words with cosine ≥ threshold to `vector` (a unit vector), best first, excluding `self`. */
  neighbours(
    word: string,
    vector: Float32Array,
    self: number | undefined,
    options: SoftTermOptions,
  ): readonly SoftNeighbour[] {
    const cached = this.#cache.get(word);
    if (cached) return cached;
    const found: SoftNeighbour[] = [];
    if (vector.some((x) => x !== 0)) this.#scan(vector, self, options.threshold, found);
    // Ties broken by term id, so the result does not depend on scan order.
    found.sort((a, b) => b.similarity - a.similarity || a.id - b.id);
    const out = found.slice(0, options.neighbours);
    if (this.#cache.size >= NEIGHBOUR_CACHE_MAX) this.#cache.clear();
    this.#cache.set(word, out);
    return out;
  }

  #scan(vector: Float32Array, self: number | undefined, threshold: number, found: SoftNeighbour[]): void {
    const n = this.#ids.length;
    const d = this.#dimensions;
    const head = this.#head;
    const middle = Math.min(2 * head, d);
    const queryTail = tailNorm(vector, 0, head, d);
    const queryTail2 = tailNorm(vector, 0, middle, d);
    const bound = threshold - BOUND_SLACK;
    const rows = this.#rows;
    const heads = this.#heads;
    const tail = this.#tail;
    const tail2 = this.#tail2;
    for (let r = 0; r < n; r++) {
      // Four partial sums: independent additions run in parallel (about 1.6× faster than one).
      let s0 = 0;
      let s1 = 0;
      let s2 = 0;
      let s3 = 0;
      const at = r * head;
      for (let k = 0; k < head; k += 4) {
        s0 += heads[at + k]! * vector[k]!;
        s1 += heads[at + k + 1]! * vector[k + 1]!;
        s2 += heads[at + k + 2]! * vector[k + 2]!;
        s3 += heads[at + k + 3]! * vector[k + 3]!;
      }
      let dot = s0 + s1 + s2 + s3;
      if (dot + tail[r]! * queryTail < bound) continue;
      const base = r * d;
      for (let k = head; k < middle; k++) dot += rows[base + k]! * vector[k]!;
      if (dot + tail2[r]! * queryTail2 < bound) continue;
      for (let k = middle; k < d; k++) dot += rows[base + k]! * vector[k]!;
      if (dot >= threshold && this.#ids[r] !== self) found.push({ id: this.#ids[r]!, similarity: dot });
    }
  }
}

/** Dimensions read for every catalogue word before the first bound check. */
const HEAD = 32;
/** Float32 rounding can only loosen a bound by far less than this. */
const BOUND_SLACK = 1e-4;

function tailNorm(v: Float32Array, base: number, from: number, dimensions: number): number {
  let sum = 0;
  for (let k = from; k < dimensions; k++) sum += v[base + k]! * v[base + k]!;
  return Math.sqrt(sum);
}

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
      return new SoftTermMatcher(
        Uint32Array.from(known, (i) => ids[i]!),
        matrix,
        d,
      );
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
  options: SoftTerms | undefined,
): Promise<QueryTerm[]> {
  if (!options || !statistics.catalogueTerms || terms.length === 0) return terms;

  const wordTable = options.table;
  const matcher = await matcherFor(statistics, wordTable);
  const words = [...new Set(tokens)];
  // Only words not searched before are embedded.
  const fresh = words.filter((w, position) => terms[position]!.weight !== 0 && !matcher.cached(w));
  const vectors = fresh.length === 0 ? [] : await wordTable.embed(fresh);
  const vectorOf = new Map(fresh.map((w, i) => [w, vectors[i]!]));
  const out = [...terms];
  terms.forEach((term, position) => {
    if (term.weight === 0) return; // an aside: it does not score, so neither do its stand-ins
    const word = words[position]!;
    const neighbours =
      matcher.cached(word) ?? matcher.neighbours(word, vectorOf.get(word)!, term.id, options);
    for (const n of neighbours)
      out.push({ id: n.id, count: term.count, weight: options.weight * n.similarity, softFor: position });
  });
  return out;
}
