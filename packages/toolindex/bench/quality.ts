import type { Embedder } from '../src/embedders/embedder.js';
import { createIndex } from '../src/tool-index.js';
import type { IndexOptions, SearchMode } from '../src/types.js';
import { pairedBootstrap } from './bootstrap.js';
import { type DevSet, type Metrics, meanMetrics, queryMetrics } from './datasets.js';
import { type PadPosition, padRequests } from './long-requests.js';

export interface Run {
  label: string;
  options: IndexOptions;
  mode: SearchMode;
  /** Row the paired-bootstrap interval compares against (the default of the same mode). */
  vs?: string;
  /** Requests padded to this many characters with other requests of the set. */
  padTo?: number;
  /** Where the request sits among the padding (default first). */
  padPosition?: PadPosition;
}

/** Plain Okapi BM25: k1 1.2, b 0.75 against the mean length, equal field weights, no morphology, no signals. */
export const PLAIN_BM25: IndexOptions = {
  bm25: {
    k1: 1.2,
    b: 0.75,
    fieldWeights: { name: 1, description: 1, parameters: 1, tags: 1 },
    lengthPivot: 'mean',
  },
  weights: { arguments: 0, fuzzy: 0, slots: 0, clauses: 0 },
  morphology: false,
};
const NO_NEW_SIGNALS = { fuzzy: 0, slots: 0, clauses: 0 };

/**
 * Every mode, the baseline, the ablations of the signals, and the previous defaults. Lexical rows are an index
 * without an embedder (its defaults: morphology, the mean length pivot) plus the row's change, except the two
 * marked as searching an index with the default embedder in lexical mode; semantic and hybrid rows an index with
 * the default embedder (its defaults: the geometric pivot, soft terms, morphology in lexical-mode searches only).
 */
export function runs(embedder: Embedder, stronger?: Embedder): Run[] {
  const lexical = 'lexical (default: no embedder; morphology, mean pivot)';
  const hybrid = 'hybrid (default: default embedder; blend α 0.5, geometric pivot)';
  const lexicalWithEmbedder =
    'lexical mode, index with the default embedder (geometric pivot, soft terms, morphology)';
  const list: Run[] = [
    {
      label: 'baseline: plain BM25 (k1 1.2, b 0.75, no signals)',
      options: PLAIN_BM25,
      mode: 'lexical',
      vs: lexical,
    },
    {
      label: 'lexical without fuzzy, slots, clauses',
      options: { weights: NO_NEW_SIGNALS },
      mode: 'lexical',
      vs: lexical,
    },
    {
      label: 'lexical, previous BM25 (k1 0.9, b 0.5)',
      options: { bm25: { k1: 0.9, b: 0.5 } },
      mode: 'lexical',
      vs: lexical,
    },
    {
      label: "lexical, geometric length pivot (an embedder's default)",
      options: { bm25: { lengthPivot: 'geometric' } },
      mode: 'lexical',
      vs: lexical,
    },
    {
      label: 'lexical without morphology (morphology: false)',
      options: { morphology: false },
      mode: 'lexical',
      vs: lexical,
    },
    {
      label: 'lexical, soft terms (softTerms: true)',
      options: { softTerms: true },
      mode: 'lexical',
      vs: lexical,
    },
    { label: lexical, options: {}, mode: 'lexical' },
    {
      label: lexicalWithEmbedder,
      options: { embedder },
      mode: 'lexical',
      vs: lexical,
    },
    {
      label: 'lexical mode, index with the default embedder, without morphology',
      options: { embedder, morphology: false },
      mode: 'lexical',
      vs: lexicalWithEmbedder,
    },
    { label: 'semantic (default embedder)', options: { embedder }, mode: 'semantic' },
    {
      label: 'hybrid, RRF k 60',
      options: { embedder, fusion: { method: 'rrf', k: 60 } },
      mode: 'hybrid',
      vs: hybrid,
    },
    {
      label: 'hybrid, previous defaults (α 0.7, k1 0.9, b 0.5)',
      options: { embedder, fusion: { method: 'blend', alpha: 0.7 }, bm25: { k1: 0.9, b: 0.5 } },
      mode: 'hybrid',
      vs: hybrid,
    },
    {
      label: 'hybrid without fuzzy, slots, clauses',
      options: { embedder, weights: NO_NEW_SIGNALS },
      mode: 'hybrid',
      vs: hybrid,
    },
    {
      label: 'hybrid without clauses',
      options: { embedder, weights: { clauses: 0 } },
      mode: 'hybrid',
      vs: hybrid,
    },
    {
      label: 'hybrid without slots',
      options: { embedder, weights: { slots: 0 } },
      mode: 'hybrid',
      vs: hybrid,
    },
    {
      label: "hybrid, mean length pivot (no embedder's default)",
      options: { embedder, bm25: { lengthPivot: 'mean' } },
      mode: 'hybrid',
      vs: hybrid,
    },
    {
      label: 'hybrid with morphology (morphology: true)',
      options: { embedder, morphology: true },
      mode: 'hybrid',
      vs: hybrid,
    },
    {
      label: 'hybrid without soft terms (softTerms: false)',
      options: { embedder, softTerms: false },
      mode: 'hybrid',
      vs: hybrid,
    },
    {
      label: 'hybrid, name signal 0.05',
      options: { embedder, weights: { name: 0.05 } },
      mode: 'hybrid',
      vs: hybrid,
    },
    {
      label: 'hybrid without fuzzy',
      options: { embedder, weights: { fuzzy: 0 } },
      mode: 'hybrid',
      vs: hybrid,
    },
    { label: hybrid, options: { embedder }, mode: 'hybrid' },
    ...(['first', 'last', 'middle'] as const).map((padPosition): Run => ({
      label: `hybrid, padded to 5,000 chars, request ${padPosition}`,
      options: { embedder },
      mode: 'hybrid',
      vs: hybrid,
      padTo: 5_000,
      padPosition,
    })),
  ];
  if (stronger)
    list.push({
      label: `hybrid, ${stronger.id}`,
      options: { embedder: stronger },
      mode: 'hybrid',
      vs: hybrid,
    });
  return list;
}

export interface RunResult {
  mean: Metrics;
  perQuery: Metrics[];
}

export async function evaluate(set: DevSet, run: Run): Promise<RunResult> {
  const index = createIndex(run.options);
  index.add(set.tools);
  if (run.mode !== 'lexical') await index.embedPending();
  const texts = set.queries.map((q) => q.query);
  const requests = run.padTo ? padRequests(texts, run.padTo, run.padPosition) : texts;
  const perQuery: Metrics[] = [];
  for (let i = 0; i < requests.length; i++) {
    const result = await index.search({ query: requests[i]!, limit: 10, mode: run.mode, minRelevance: 0 });
    perQuery.push(
      queryMetrics(
        result.hits.map((h) => set.benchmarkId.get(h.id)!),
        set.queries[i]!.goldGroups,
      ),
    );
  }
  return { mean: meanMetrics(perQuery), perQuery };
}

/** "Δ [low, high]" of R@5 (percentage points): `run` minus the row it compares against, paired over queries. */
export function deltaR5(run: RunResult, against: RunResult | undefined): string {
  if (!against) return '';
  const ci = pairedBootstrap(
    against.perQuery.map((m) => m.r5 * 100),
    run.perQuery.map((m) => m.r5 * 100),
  );
  const s = (x: number) => `${x >= 0 ? '+' : ''}${x.toFixed(1)}`;
  return `${s(ci.delta)} [${s(ci.low)}, ${s(ci.high)}]`;
}
