import { type DocTerms, FIELD_COUNT } from './doc-terms.js';
import type { TermStatistics } from './term-statistics.js';

/** Gram length: 4 measured best on the ToolLens dev split (3 and 5 within 0.2 R@5, 5 lower alone). */
const GRAM = 4;
/** Longer tokens are hashes or base64 noise; BM25 drops tokens over 40 characters too. */
const MAX_TERM_LENGTH = 40;

/**
 * Character 4-gram TF-IDF cosine between a query and a tool, over the index's (stemmed) terms with `#` word
 * boundaries. It catches what whole-word BM25 misses: word forms ("betting" / "bet"), concatenated names
 * ("icehockeyapi", "matchschedules") and partial technical words ("geocod", "nutrient" / "nutrition").
 *
 * Built from the vocabulary, not from each document: a gram's document frequency is the sum of the document
 * frequencies of the terms containing it (an upper bound, capped at the document count). Building costs one
 * pass over the distinct terms and one over the documents (their vector lengths); a new model is built whenever
 * the postings are recompiled. Query-side, only the grams the query has are counted, for ranking candidates.
 */
export class CharGramModel {
  readonly #vocabulary: TermStatistics;
  readonly #gramIds = new Map<string, number>();
  readonly #idf: number[] = [];
  /** Gram ids of each term id (with repeats), filled on first use. */
  readonly #termGrams: (Uint32Array | undefined)[] = [];
  readonly #norms: Float64Array;
  /** Per-gram accumulator for one document, reset after each use. */
  #scratch = new Float64Array(0);
  /**
   * The query being scored, spread out for typed-array lookups: its weight per gram id, and per term id the
   * term's grams that it has (valid where `#hitEpoch[term] === #epoch`). Scoring 30 candidates of ~80 terms
   * each with Map lookups was a third of a lexical query's time.
   */
  #active: CharGramQuery | undefined;
  #activeWeights = new Float64Array(0);
  #hitEpoch = new Uint32Array(0);
  #hitLists: (readonly number[] | undefined)[] = [];
  #epoch = 0;

  /**
   * `docs`: the documents whose norms are computed up front, by slot (the in-memory index passes all of them);
   * a document outside it has its norm computed on each `similarity` call (a candidate pool from a database).
   */
  constructor(statistics: TermStatistics, docs: readonly (DocTerms | undefined)[]) {
    this.#vocabulary = statistics;
    const df: number[] = [];
    const termCount = statistics.size;
    for (let t = 0; t < termCount; t++) {
      const termDf = statistics.df(t);
      if (termDf === 0) continue;
      const seen = new Set<number>();
      for (const g of this.#gramsOfTerm(t)) {
        if (seen.has(g)) continue;
        seen.add(g);
        df[g] = (df[g] ?? 0) + termDf;
      }
    }
    const docCount = Math.max(1, statistics.docCount);
    for (let g = 0; g < this.#gramIds.size; g++) {
      const d = Math.min(docCount, df[g] ?? 0);
      this.#idf[g] = d > 0 ? Math.log(docCount / d) : 0;
    }
    // All norms up front (≈2 µs per tool): computing them lazily put first-seen candidates in the query tail.
    this.#norms = new Float64Array(docs.length);
    docs.forEach((doc, slot) => {
      if (doc) this.#norms[slot] = this.#computeNorm(doc);
    });
  }

  /** The query as a unit gram vector; grams no tool has are left out (they would score 0). */
  query(tokens: readonly string[]): CharGramQuery {
    const weights = new Map<number, number>();
    for (const token of tokens) {
      // Indexed terms have their gram ids cached; only unseen words are cut into grams here.
      const termId = this.#vocabulary.lookup(token);
      if (termId !== undefined) {
        for (const g of this.#gramsOfTerm(termId)) weights.set(g, (weights.get(g) ?? 0) + 1);
        continue;
      }
      for (const gram of gramsOf(token)) {
        const g = this.#gramIds.get(gram);
        if (g !== undefined) weights.set(g, (weights.get(g) ?? 0) + 1);
      }
    }
    let norm = 0;
    for (const [g, c] of weights) {
      const w = (1 + Math.log(c)) * this.#idf[g]!;
      weights.set(g, w);
      norm += w * w;
    }
    norm = Math.sqrt(norm);
    for (const [g, w] of weights) {
      if (norm > 0 && w > 0) weights.set(g, w / norm);
      else weights.delete(g);
    }
    return { weights };
  }

  /** Cosine in [0, 1] between a query and the document in `slot`. */
  similarity(query: CharGramQuery, doc: DocTerms, slot: number): number {
    if (query.weights.size === 0) return 0;
    const norm = slot < this.#norms.length ? this.#norms[slot]! : this.#computeNorm(doc);
    if (norm === 0) return 0;
    // Only the grams the query has matter for the dot product: count those per document.
    if (this.#scratch.length < this.#gramIds.size) this.#scratch = new Float64Array(this.#gramIds.size);
    this.#activate(query);
    const acc = this.#scratch;
    const weights = this.#activeWeights;
    const touched: number[] = [];
    for (let i = 0; i < doc.terms.length; i++) {
      const hits = this.#termHits(doc.terms[i]!);
      if (hits.length === 0) continue;
      let tf = 0;
      for (let f = 0; f < FIELD_COUNT; f++) tf += doc.tf[i * FIELD_COUNT + f]!;
      for (const g of hits) {
        if (acc[g] === 0) touched.push(g);
        acc[g] = acc[g]! + tf;
      }
    }
    let dot = 0;
    for (const g of touched) {
      dot += weights[g]! * (1 + Math.log(acc[g]!)) * this.#idf[g]!;
      acc[g] = 0;
    }
    return Math.min(1, Math.max(0, dot / norm));
  }

  /** Makes `query` the one `#termHits` and the dot product read (cheap when it already is). */
  #activate(query: CharGramQuery): void {
    if (this.#active === query) return;
    const previous = this.#active;
    if (previous) for (const g of previous.weights.keys()) this.#activeWeights[g] = 0;
    if (this.#activeWeights.length < this.#gramIds.size)
      this.#activeWeights = new Float64Array(this.#gramIds.size);
    for (const [g, w] of query.weights) this.#activeWeights[g] = w;
    const terms = this.#vocabulary.size;
    if (this.#hitEpoch.length < terms) {
      this.#hitEpoch = new Uint32Array(terms);
      this.#epoch = 0;
    }
    this.#epoch++;
    if (this.#epoch === 0xffffffff) {
      this.#hitEpoch.fill(0);
      this.#epoch = 1;
    }
    this.#active = query;
  }

  /** The grams of a term that the active query has (with repeats), cached per query. */
  #termHits(termId: number): readonly number[] {
    const cacheable = termId < this.#hitEpoch.length;
    if (cacheable && this.#hitEpoch[termId] === this.#epoch) return this.#hitLists[termId]!;
    const weights = this.#activeWeights;
    let hits: readonly number[] = NO_HITS;
    for (const g of this.#gramsOfTerm(termId)) {
      if (!(g < weights.length && weights[g]! > 0)) continue;
      if (hits === NO_HITS) hits = [];
      (hits as number[]).push(g);
    }
    if (cacheable) {
      this.#hitEpoch[termId] = this.#epoch;
      this.#hitLists[termId] = hits;
    }
    return hits;
  }

  /** Length of a document's gram vector. */
  #computeNorm(doc: DocTerms): number {
    if (this.#scratch.length < this.#gramIds.size) this.#scratch = new Float64Array(this.#gramIds.size);
    const acc = this.#scratch;
    const touched: number[] = [];
    for (let i = 0; i < doc.terms.length; i++) {
      let tf = 0;
      for (let f = 0; f < FIELD_COUNT; f++) tf += doc.tf[i * FIELD_COUNT + f]!;
      for (const g of this.#gramsOfTerm(doc.terms[i]!)) {
        if (acc[g] === 0) touched.push(g);
        acc[g] = acc[g]! + tf;
      }
    }
    let sum = 0;
    for (const g of touched) {
      const w = (1 + Math.log(acc[g]!)) * this.#idf[g]!;
      sum += w * w;
      acc[g] = 0;
    }
    return Math.sqrt(sum);
  }

  #gramsOfTerm(termId: number): Uint32Array {
    let grams = this.#termGrams[termId];
    if (grams === undefined) {
      const term = this.#vocabulary.term(termId) ?? '';
      const ids: number[] = [];
      for (const gram of gramsOf(term)) {
        let g = this.#gramIds.get(gram);
        if (g === undefined) {
          g = this.#gramIds.size;
          this.#gramIds.set(gram, g);
          this.#idf.push(0);
        }
        ids.push(g);
      }
      grams = Uint32Array.from(ids);
      this.#termGrams[termId] = grams;
    }
    return grams;
  }
}

/** A query prepared for `similarity`: its unit gram weights by gram id. */
export interface CharGramQuery {
  readonly weights: ReadonlyMap<number, number>;
}

const NO_HITS: readonly number[] = Object.freeze([]);

/** The 4-grams of `#term#` (a term shorter than 3 characters gives its one padded form). */
export function gramsOf(term: string): string[] {
  if (term.length === 0 || term.length > MAX_TERM_LENGTH) return [];
  const padded = `#${term}#`;
  if (padded.length <= GRAM) return [padded];
  const out: string[] = [];
  for (let i = 0; i + GRAM <= padded.length; i++) out.push(padded.slice(i, i + GRAM));
  return out;
}
