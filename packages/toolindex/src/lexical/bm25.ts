import { FIELDS, type FieldName } from '../tool-text.js';
import { type DocTerms, FIELD_COUNT } from './doc-terms.js';

export interface Bm25Params {
  /** Term-frequency saturation (default 1.2). */
  k1: number;
  /** Length normalisation against the weighted document length, 0..1 (default 0.6). */
  b: number;
  /** Weight of each field's term frequency (BM25F). */
  fieldWeights: Record<FieldName, number>;
  /**
   * The length a document is normalised against: the `'geometric'` mean of the documents' weighted lengths, or
   * their arithmetic `'mean'` (Okapi's). See `lengthPivot`. Default: `'mean'` for an index without an embedder,
   * `'geometric'` for one with an embedder.
   */
  lengthPivot: LengthPivot;
}

export type LengthPivot = 'geometric' | 'mean';

/**
 * Generic defaults, measured on the ToolLens and MetaTool dev splits (docs/ranking-experiments.md): Okapi's usual
 * saturation, length normalisation a little milder than Okapi's 0.75 (tool texts mix one-line descriptions with
 * long prompts), no name boost (tool names are often opaque slugs), a mild parameter boost (requests mention what
 * they pass). The length pivot here is Okapi's; an index with an embedder defaults to the geometric one
 * (`indexDefaults` in index-options.ts).
 */
export const DEFAULT_BM25: Bm25Params = {
  k1: 1.2,
  b: 0.6,
  fieldWeights: { name: 1, description: 1, parameters: 1.5, tags: 1 },
  lengthPivot: 'mean',
};

/** Fixed point of a document's log length (`logLength`): sums of them are exact integers in any order. */
const LOG_LENGTH_SCALE = 2 ** 20;

/** A document's share of the geometric pivot: `ln(max(1, weighted length))` in fixed point (an integer). */
export function logLength(weightedLength: number): number {
  return Math.round(Math.log(Math.max(1, weightedLength)) * LOG_LENGTH_SCALE);
}

/**
 * The pivot of length normalisation for `docCount` documents, from the sum of their weighted lengths and of their
 * `logLength`s; 1 for none. The arithmetic mean is pulled up by a few very long documents (a catalogue that
 * mixes one-line descriptions with prompts of thousands of words: MetaTool's mean is 2.2 times its geometric
 * mean, ToolLens's 1.26 times), and normalising against it treats most documents as short and the long ones as
 * merely long; the geometric mean is the length of a typical document. Measured in docs/ranking-experiments.md.
 */
export function lengthPivot(
  pivot: LengthPivot,
  docCount: number,
  lengthSum: number,
  logLengthSum: number,
): number {
  if (docCount === 0) return 1;
  return pivot === 'mean' ? lengthSum / docCount : Math.exp(logLengthSum / LOG_LENGTH_SCALE / docCount);
}

/** Okapi IDF, never negative. */
export function idf(docCount: number, docFreq: number): number {
  return Math.log(1 + (docCount - docFreq + 0.5) / (docFreq + 0.5));
}

/** BM25 term saturation: tf·(k1+1)/(k1+tf); 0 for tf 0. */
export function saturate(tf: number, k1: number): number {
  return tf <= 0 ? 0 : (tf * (k1 + 1)) / (k1 + tf);
}

/**
 * Field-weighted term frequency `Σ w_f · tf_f` (a term in name and description counts once, boosted, rather than
 * as two independent matches), length-normalised against the document's weighted length. Normalising by the
 * whole document rather than per field measured better on short tool texts (ToolLens dev R@5 +1.4).
 */
export function fieldTermFrequency(
  tf: ArrayLike<number>,
  offset: number,
  weights: ArrayLike<number>,
  docLength: number,
  /** The length pivot (`lengthPivot`). */
  averageLength: number,
  b: number,
): number {
  let sum = 0;
  for (let f = 0; f < FIELD_COUNT; f++) sum += weights[f]! * tf[offset + f]!;
  if (sum === 0) return 0;
  return sum / (1 - b + (b * docLength) / (averageLength || 1));
}

/** A document's length as BM25F sees it: field token counts weighted like their term frequencies. */
export function weightedLength(lengths: ArrayLike<number>, weights: ArrayLike<number>): number {
  let sum = 0;
  for (let f = 0; f < FIELD_COUNT; f++) sum += weights[f]! * lengths[f]!;
  return sum;
}

/** Posting lists compiled from every live document: per term, doc slots and their saturated term weights. */
export interface CompiledPostings {
  readonly docCount: number;
  /** `offsets[t]..offsets[t+1]` index `docs`/`weights` for term id `t`. */
  readonly offsets: Uint32Array;
  readonly docs: Uint32Array;
  readonly weights: Float32Array;
  readonly idf: Float32Array;
  /** IDF of a term no document contains (upper bound), used for query coverage. */
  readonly unseenIdf: number;
}

/** Builds posting lists in two passes (count, then fill), all in typed arrays. */
export function compilePostings(
  docs: readonly (DocTerms | undefined)[],
  vocabularySize: number,
  params: Bm25Params,
): CompiledPostings {
  const weights = Float32Array.from(FIELDS.map((f) => params.fieldWeights[f]));
  const df = new Uint32Array(vocabularySize + 1);
  let docCount = 0;
  let totalLength = 0;
  let totalLogLength = 0;
  for (const doc of docs) {
    if (!doc) continue;
    docCount++;
    const length = weightedLength(doc.lengths, weights);
    totalLength += length;
    totalLogLength += logLength(length);
    for (const t of doc.terms) df[t] = df[t]! + 1;
  }
  const averageLength = lengthPivot(params.lengthPivot, docCount, totalLength, totalLogLength);
  const offsets = new Uint32Array(vocabularySize + 1);
  let total = 0;
  for (let t = 0; t < vocabularySize; t++) {
    offsets[t] = total;
    total += df[t]!;
  }
  offsets[vocabularySize] = total;
  const postDocs = new Uint32Array(total);
  const postWeights = new Float32Array(total);
  const cursor = offsets.slice(0, vocabularySize);
  docs.forEach((doc, slot) => {
    if (!doc) return;
    const length = weightedLength(doc.lengths, weights);
    for (let i = 0; i < doc.terms.length; i++) {
      const t = doc.terms[i]!;
      const at = cursor[t]!;
      cursor[t] = at + 1;
      postDocs[at] = slot;
      const tf = fieldTermFrequency(doc.tf, i * FIELD_COUNT, weights, length, averageLength, params.b);
      postWeights[at] = saturate(tf, params.k1);
    }
  });
  const idfs = new Float32Array(vocabularySize);
  for (let t = 0; t < vocabularySize; t++) idfs[t] = idf(docCount, df[t]!);
  return {
    docCount,
    offsets,
    docs: postDocs,
    weights: postWeights,
    idf: idfs,
    unseenIdf: idf(docCount, 0),
  };
}

/** A term's weight: finite and non-negative, else 1 (a bad weight must not poison every score). */
function termWeight(q: QueryTerm): number {
  const w = q.weight;
  return w === undefined || !(w >= 0) || w === Number.POSITIVE_INFINITY ? 1 : w;
}

/** Scores of the documents a query touches. `coverage` is the IDF-weighted share of query terms matched. */
export interface LexicalScores {
  readonly slots: Uint32Array;
  readonly scores: Float32Array;
  readonly coverage: Float32Array;
}

/** Zeroed per-slot buffers reused across queries (reset after each query). */
export interface LexicalScratch {
  scores: Float32Array;
  coverage: Float32Array;
  seen: Uint8Array;
  touched: Uint32Array;
  /** Per-term-group buffers of soft-matched queries, allocated on first need. */
  soft?: { best: Float32Array; share: Float32Array; inGroup: Uint8Array; group: Uint32Array };
}

/**
 * A query term: its id (undefined when no document has it), how often the query repeats it, and an optional
 * weight (default 1) multiplying both its score contribution and its share of the coverage.
 */
export interface QueryTerm {
  id: number | undefined;
  count: number;
  weight?: number;
  /**
   * Soft match: the position (in the same query) of the term this one stands in for. A tool is credited, for
   * that term, with the best of the term itself and its stand-ins, never their sum; stand-ins add nothing to
   * the coverage denominator.
   */
  softFor?: number;
}

/**
 * Accumulates BM25 over the posting lists of the query terms. Only slots with `allowed[slot] === 1` score
 * (filters run before ranking). `scratch` buffers must be at least as long as the slot count and zeroed.
 */
export function scoreQuery(
  postings: CompiledPostings,
  query: readonly QueryTerm[],
  allowed: Uint8Array | undefined,
  scratch: LexicalScratch,
): LexicalScores {
  if (query.some((q) => q.softFor !== undefined)) return scoreSoftQuery(postings, query, allowed, scratch);
  let idfTotal = 0;
  for (const q of query) {
    const w = q.id === undefined || q.id >= postings.idf.length ? postings.unseenIdf : postings.idf[q.id]!;
    idfTotal += w * q.count * termWeight(q);
  }
  const { scores, coverage, seen, touched } = scratch;
  let n = 0;
  for (const q of query) {
    if (q.id === undefined || q.id + 1 >= postings.offsets.length) continue;
    const w = postings.idf[q.id]! * q.count * termWeight(q);
    const share = idfTotal > 0 ? w / idfTotal : 0;
    const end = postings.offsets[q.id + 1]!;
    for (let i = postings.offsets[q.id]!; i < end; i++) {
      const slot = postings.docs[i]!;
      if (allowed && allowed[slot] !== 1) continue;
      if (seen[slot] === 0) {
        seen[slot] = 1;
        touched[n++] = slot;
      }
      scores[slot] = scores[slot]! + w * postings.weights[i]!;
      coverage[slot] = coverage[slot]! + share;
    }
  }
  return takeScores(scratch, n);
}

/** Zeroed scratch buffers for `size` slots. */
export function createLexicalScratch(size: number): LexicalScratch {
  return {
    scores: new Float32Array(size),
    coverage: new Float32Array(size),
    seen: new Uint8Array(size),
    touched: new Uint32Array(size),
  };
}

/** The first `n` touched slots' scores and coverage, resetting the scratch buffers for the next query. */
function takeScores(scratch: LexicalScratch, n: number): LexicalScores {
  const { scores, coverage, seen, touched } = scratch;
  const out = { slots: new Uint32Array(n), scores: new Float32Array(n), coverage: new Float32Array(n) };
  for (let i = 0; i < n; i++) {
    const slot = touched[i]!;
    out.slots[i] = slot;
    out.scores[i] = scores[slot]!;
    out.coverage[i] = Math.min(1, coverage[slot]!);
    scores[slot] = 0;
    coverage[slot] = 0;
    seen[slot] = 0;
  }
  return out;
}

/**
 * BM25 scores of a few given documents (`slots`, any order) for a query, without touching the others: each
 * (term, document) weight is found by binary search in the term's posting list (slot-ordered). For re-scoring
 * a short candidate list against several sub-queries, far cheaper than a full `scoreQuery` pass each.
 */
export function scoreDocuments(
  postings: CompiledPostings,
  query: readonly QueryTerm[],
  slots: readonly number[],
): Float64Array {
  const out = new Float64Array(slots.length);
  for (const q of query) {
    if (q.id === undefined || q.id + 1 >= postings.offsets.length) continue;
    const w = postings.idf[q.id]! * q.count * termWeight(q);
    const start = postings.offsets[q.id]!;
    const end = postings.offsets[q.id + 1]!;
    if (w === 0 || start === end) continue;
    const docs = postings.docs;
    for (let k = 0; k < slots.length; k++) {
      const slot = slots[k]!;
      let lo = start;
      let hi = end;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (docs[mid]! < slot) lo = mid + 1;
        else hi = mid;
      }
      if (lo < end && docs[lo] === slot) out[k] = out[k]! + w * postings.weights[lo]!;
    }
  }
  return out;
}

/** `scoreQuery` for a query with soft-match stand-ins: per original term, the best of it and its stand-ins. */
function scoreSoftQuery(
  postings: CompiledPostings,
  query: readonly QueryTerm[],
  allowed: Uint8Array | undefined,
  scratch: LexicalScratch,
): LexicalScores {
  let idfTotal = 0;
  const standIns = new Map<number, QueryTerm[]>();
  query.forEach((q) => {
    if (q.softFor !== undefined) {
      const list = standIns.get(q.softFor);
      if (list) list.push(q);
      else standIns.set(q.softFor, [q]);
      return;
    }
    const w = q.id === undefined || q.id >= postings.idf.length ? postings.unseenIdf : postings.idf[q.id]!;
    idfTotal += w * q.count * termWeight(q);
  });
  const { scores, coverage, seen, touched } = scratch;
  const size = scores.length;
  if (!scratch.soft || scratch.soft.best.length < size)
    scratch.soft = {
      best: new Float32Array(size),
      share: new Float32Array(size),
      inGroup: new Uint8Array(size),
      group: new Uint32Array(size),
    };
  const { best, share: bestShare, inGroup, group } = scratch.soft;
  let n = 0;
  query.forEach((q, position) => {
    if (q.softFor !== undefined) return;
    const qw = q.id === undefined || q.id >= postings.idf.length ? postings.unseenIdf : postings.idf[q.id]!;
    const share = idfTotal > 0 ? (qw * q.count * termWeight(q)) / idfTotal : 0;
    let g = 0;
    const visit = (term: QueryTerm, credit: number) => {
      if (term.id === undefined || term.id + 1 >= postings.offsets.length) return;
      const w = postings.idf[term.id]! * q.count * termWeight(term);
      const end = postings.offsets[term.id + 1]!;
      for (let i = postings.offsets[term.id]!; i < end; i++) {
        const slot = postings.docs[i]!;
        if (allowed && allowed[slot] !== 1) continue;
        if (inGroup[slot] === 0) {
          inGroup[slot] = 1;
          group[g++] = slot;
        }
        const value = w * postings.weights[i]!;
        if (value > best[slot]!) best[slot] = value;
        if (share * credit > bestShare[slot]!) bestShare[slot] = share * credit;
      }
    };
    visit(q, 1);
    for (const s of standIns.get(position) ?? []) visit(s, Math.min(1, termWeight(s)));
    for (let k = 0; k < g; k++) {
      const slot = group[k]!;
      if (seen[slot] === 0) {
        seen[slot] = 1;
        touched[n++] = slot;
      }
      scores[slot] = scores[slot]! + best[slot]!;
      coverage[slot] = coverage[slot]! + bestShare[slot]!;
      best[slot] = 0;
      bestShare[slot] = 0;
      inGroup[slot] = 0;
    }
  });
  return takeScores(scratch, n);
}
