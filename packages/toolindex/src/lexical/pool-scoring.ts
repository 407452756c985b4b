import { FIELDS } from '../tool-text.js';
import {
  type Bm25Params,
  fieldTermFrequency,
  idf,
  type LexicalScores,
  type QueryTerm,
  saturate,
  weightedLength,
} from './bm25.js';
import { type DocTerms, FIELD_COUNT } from './doc-terms.js';

/**
 * BM25F over a candidate pool's own term statistics, for backends that keep posting lists elsewhere (a
 * database): the same formula and the same float32 rounding as the in-memory posting lists (`compilePostings`,
 * `scoreQuery`, `scoreDocuments`), so a pool scores exactly as it would in memory given the same corpus
 * statistics.
 */

/** Corpus-wide figures BM25F needs besides each document's own terms. */
export interface CorpusStatistics {
  readonly docCount: number;
  /** Field-weighted mean document length (`weightedLength` averaged over live documents). */
  readonly averageLength: number;
  df(id: number): number;
}

/** Per-term IDF and saturated weights of a pool, rounded like the in-memory posting lists. */
export class PoolScorer {
  readonly #docs: readonly DocTerms[];
  readonly #statistics: CorpusStatistics;
  readonly #params: Bm25Params;
  readonly #weights: Float32Array;
  readonly #lengths: Float64Array;
  readonly #idf = new Map<number, number>();
  readonly unseenIdf: number;

  constructor(docs: readonly DocTerms[], statistics: CorpusStatistics, params: Bm25Params) {
    this.#docs = docs;
    this.#statistics = statistics;
    this.#params = params;
    this.#weights = Float32Array.from(FIELDS.map((f) => params.fieldWeights[f]));
    this.#lengths = Float64Array.from(docs, (d) => weightedLength(d.lengths, this.#weights));
    this.unseenIdf = idf(statistics.docCount, 0);
  }

  /** IDF of a known term (float32, as stored in posting lists). */
  idf(id: number): number {
    let value = this.#idf.get(id);
    if (value === undefined) {
      value = Math.fround(idf(this.#statistics.docCount, this.#statistics.df(id)));
      this.#idf.set(id, value);
    }
    return value;
  }

  /** Saturated BM25F weight of term `id` in pool document `slot` (0 when absent). */
  weight(slot: number, id: number): number {
    const doc = this.#docs[slot]!;
    const at = findTerm(doc.terms, id);
    if (at < 0) return 0;
    const tf = fieldTermFrequency(
      doc.tf,
      at * FIELD_COUNT,
      this.#weights,
      this.#lengths[slot]!,
      this.#statistics.averageLength,
      this.#params.b,
    );
    return Math.fround(saturate(tf, this.#params.k1));
  }

  /** `scoreQuery` over the pool: every pool document that contains a query term, in pool order. */
  score(query: readonly QueryTerm[]): LexicalScores {
    let idfTotal = 0;
    for (const q of query)
      idfTotal += (q.id === undefined ? this.unseenIdf : this.idf(q.id)) * q.count * termWeight(q);
    const n = this.#docs.length;
    const scores = new Float32Array(n);
    const coverage = new Float32Array(n);
    const touched = new Uint8Array(n);
    for (const q of query) {
      if (q.id === undefined) continue;
      const w = this.idf(q.id) * q.count * termWeight(q);
      const share = idfTotal > 0 ? w / idfTotal : 0;
      for (let slot = 0; slot < n; slot++) {
        const weight = this.weight(slot, q.id);
        if (weight === 0 && findTerm(this.#docs[slot]!.terms, q.id) < 0) continue;
        touched[slot] = 1;
        scores[slot] = scores[slot]! + w * weight;
        coverage[slot] = coverage[slot]! + share;
      }
    }
    let count = 0;
    for (let slot = 0; slot < n; slot++) count += touched[slot]!;
    const out = {
      slots: new Uint32Array(count),
      scores: new Float32Array(count),
      coverage: new Float32Array(count),
    };
    let i = 0;
    for (let slot = 0; slot < n; slot++) {
      if (touched[slot] === 0) continue;
      out.slots[i] = slot;
      out.scores[i] = scores[slot]!;
      out.coverage[i++] = Math.min(1, coverage[slot]!);
    }
    return out;
  }

  /** `scoreDocuments` over the pool: BM25F of the given pool slots for a query. */
  scoreDocuments(query: readonly QueryTerm[], slots: readonly number[]): Float64Array {
    const out = new Float64Array(slots.length);
    for (const q of query) {
      if (q.id === undefined) continue;
      const w = this.idf(q.id) * q.count * termWeight(q);
      if (w === 0) continue;
      slots.forEach((slot, k) => {
        const weight = this.weight(slot, q.id!);
        if (weight !== 0) out[k] = out[k]! + w * weight;
      });
    }
    return out;
  }
}

/** Same rule as the posting-list scorer: a bad weight counts as 1. */
function termWeight(q: QueryTerm): number {
  const w = q.weight;
  return w === undefined || !(w >= 0) || w === Number.POSITIVE_INFINITY ? 1 : w;
}

/** Position of `id` in a document's ascending term ids, or -1. */
function findTerm(terms: Uint32Array, id: number): number {
  let lo = 0;
  let hi = terms.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (terms[mid]! < id) lo = mid + 1;
    else hi = mid;
  }
  return lo < terms.length && terms[lo] === id ? lo : -1;
}
