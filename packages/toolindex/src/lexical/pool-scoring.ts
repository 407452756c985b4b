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
  /**
   * The length pivot of live documents' field-weighted lengths (`lengthPivot`: by default their geometric mean,
   * from the sum of their `logLength`s).
   */
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
    if (query.some((q) => q.softFor !== undefined)) return this.#scoreSoft(query);
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
    return touchedScores(scores, coverage, touched);
  }

  /**
   * `score` for a query with stand-ins (`QueryTerm.softFor`): per original term, the best of it and its stand-ins,
   * in the order and float32 rounding of the posting-list scorer's `scoreSoftQuery`.
   */
  #scoreSoft(query: readonly QueryTerm[]): LexicalScores {
    const idfOf = (q: QueryTerm) => (q.id === undefined ? this.unseenIdf : this.idf(q.id));
    let idfTotal = 0;
    const standIns = new Map<number, QueryTerm[]>();
    query.forEach((q) => {
      if (q.softFor === undefined) idfTotal += idfOf(q) * q.count * termWeight(q);
      else standIns.set(q.softFor, [...(standIns.get(q.softFor) ?? []), q]);
    });
    const n = this.#docs.length;
    const scores = new Float32Array(n);
    const coverage = new Float32Array(n);
    const touched = new Uint8Array(n);
    const best = new Float32Array(n);
    const bestShare = new Float32Array(n);
    const inGroup = new Uint8Array(n);
    query.forEach((q, position) => {
      if (q.softFor !== undefined) return;
      const share = idfTotal > 0 ? (idfOf(q) * q.count * termWeight(q)) / idfTotal : 0;
      const visit = (term: QueryTerm, credit: number) => {
        if (term.id === undefined) return;
        const w = this.idf(term.id) * q.count * termWeight(term);
        for (let slot = 0; slot < n; slot++) {
          if (findTerm(this.#docs[slot]!.terms, term.id) < 0) continue;
          inGroup[slot] = 1;
          const value = w * this.weight(slot, term.id);
          if (value > best[slot]!) best[slot] = value;
          if (share * credit > bestShare[slot]!) bestShare[slot] = share * credit;
        }
      };
      visit(q, 1);
      for (const s of standIns.get(position) ?? []) visit(s, Math.min(1, termWeight(s)));
      for (let slot = 0; slot < n; slot++) {
        if (inGroup[slot] === 0) continue;
        touched[slot] = 1;
        scores[slot] = scores[slot]! + best[slot]!;
        coverage[slot] = coverage[slot]! + bestShare[slot]!;
        best[slot] = 0;
        bestShare[slot] = 0;
        inGroup[slot] = 0;
      }
    });
    return touchedScores(scores, coverage, touched);
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

/** The touched pool documents' scores and coverage (capped at 1), in pool order. */
function touchedScores(scores: Float32Array, coverage: Float32Array, touched: Uint8Array): LexicalScores {
  let count = 0;
  for (let slot = 0; slot < touched.length; slot++) count += touched[slot]!;
  const out = {
    slots: new Uint32Array(count),
    scores: new Float32Array(count),
    coverage: new Float32Array(count),
  };
  let i = 0;
  for (let slot = 0; slot < touched.length; slot++) {
    if (touched[slot] === 0) continue;
    out.slots[i] = slot;
    out.scores[i] = scores[slot]!;
    out.coverage[i++] = Math.min(1, coverage[slot]!);
  }
  return out;
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
