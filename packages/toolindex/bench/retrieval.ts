import { availableParallelism, loadavg } from 'node:os';
import type { Embedder } from '../src/embedders/embedder.js';
import { createDefaultEmbedder } from '../src/embedders/index.js';
import { createIndex } from '../src/tool-index.js';
import type { IndexOptions, SearchMode } from '../src/types.js';
import { realTools, scaledTools } from './corpus.js';
import {
  loadToolLensQueries,
  loadToolLensTools,
  type Metrics,
  meanMetrics,
  queryMetrics,
} from './toollens.js';

/**
 * Retrieval quality on the ToolLens dev split (zero-shot) for lexical, semantic and hybrid search, plus
 * latency per query and index build time/memory at 1k, 10k and 100k tools.
 * `npm run bench:retrieval -w @toolarsenal/toolindex` (add `-- --quick` to skip the 100k scale).
 */
const quick = process.argv.includes('--quick');
const gc = (globalThis as { gc?: () => void }).gc;

function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}
const median = (values: readonly number[]) => percentile(values, 50);

/** Wall and CPU milliseconds of one call: on a shared, overloaded machine CPU time is the stabler figure. */
async function timed<T>(fn: () => Promise<T>): Promise<{ value: T; wall: number; cpu: number }> {
  const cpu0 = process.cpuUsage();
  const start = performance.now();
  const value = await fn();
  const wall = performance.now() - start;
  const cpu = process.cpuUsage(cpu0);
  return { value, wall, cpu: (cpu.user + cpu.system) / 1000 };
}
const f1 = (x: number) => x.toFixed(1);
const ms = (x: number) => (x < 1 ? x.toFixed(3) : x.toFixed(2));

function table(header: string[], rows: (string | number)[][]): string {
  const cells = [header, ...rows.map((r) => r.map(String))];
  const widths = header.map((_, i) => Math.max(...cells.map((r) => r[i]!.length)));
  const line = (r: string[]) => `| ${r.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  return [
    line(header),
    `| ${widths.map((w) => '-'.repeat(w)).join(' | ')} |`,
    ...cells.slice(1).map(line),
  ].join('\n');
}

async function quality(embedder: Embedder) {
  const tools = loadToolLensTools();
  const queries = loadToolLensQueries();
  const idOf = new Map(tools.map((t) => [t.id, String(t.meta?.benchmarkId)]));
  const runs: { label: string; options: IndexOptions; mode: SearchMode }[] = [
    {
      label: 'baseline: plain BM25 (k1 1.2, b 0.75, equal fields), no common-word weighting, no signals',
      options: {
        bm25: {
          k1: 1.2,
          b: 0.75,
          fieldWeights: { name: 1, description: 1, parameters: 1, tags: 1 },
          commonWordSmoothing: 0,
        },
        weights: { arguments: 0, fuzzy: 0, slots: 0, clauses: 0 },
      },
      mode: 'lexical',
    },
    {
      label: 'lexical without common-word weighting, fuzzy, slots and clauses',
      options: { bm25: { commonWordSmoothing: 0 }, weights: { fuzzy: 0, slots: 0, clauses: 0 } },
      mode: 'lexical',
    },
    { label: 'lexical (BM25F defaults)', options: {}, mode: 'lexical' },
    { label: 'semantic (default embedder)', options: { embedder }, mode: 'semantic' },
    { label: 'hybrid, RRF k=60', options: { embedder, fusion: { method: 'rrf', k: 60 } }, mode: 'hybrid' },
    {
      label: 'hybrid, blend α=0.5',
      options: { embedder, fusion: { method: 'blend', alpha: 0.5 } },
      mode: 'hybrid',
    },
    {
      label: 'hybrid without fuzzy, slots and clauses signals',
      options: { embedder, weights: { fuzzy: 0, slots: 0, clauses: 0 } },
      mode: 'hybrid',
    },
    {
      label: 'hybrid without the clauses signal',
      options: { embedder, weights: { clauses: 0 } },
      mode: 'hybrid',
    },
    { label: 'hybrid (default: blend α=0.7)', options: { embedder }, mode: 'hybrid' },
  ];
  const rows: (string | number)[][] = [];
  for (const run of runs) {
    const index = createIndex(run.options);
    index.add(tools);
    if (run.mode !== 'lexical') await index.embedPending();
    // Warm-up (JIT) on text that is not a dev query: query vectors are cached, so dev queries stay cold.
    for (let i = 0; i < 200; i++)
      await index.search({ query: `warm up query number ${i} about the weather`, mode: run.mode });
    const metrics: Metrics[] = [];
    const latencies: number[] = [];
    const cpus: number[] = [];
    for (const q of queries) {
      const t = await timed(() =>
        index.search({ query: q.query, limit: 10, mode: run.mode, minRelevance: 0 }),
      );
      latencies.push(t.wall);
      cpus.push(t.cpu);
      metrics.push(
        queryMetrics(
          t.value.hits.map((h) => idOf.get(h.id)!),
          q.goldGroups,
        ),
      );
    }
    const m = meanMetrics(metrics);
    rows.push([
      run.label,
      f1(m.r1),
      f1(m.r3),
      f1(m.r5),
      f1(m.r10),
      f1(m.ndcg5),
      f1(m.ndcg10),
      f1(m.comp5),
      f1(m.top1),
      ms(median(latencies)),
      ms(percentile(latencies, 95)),
      ms(percentile(cpus, 95)),
    ]);
    console.error(`  ${run.label}: R@5 ${f1(m.r5)}`);
  }
  console.log(
    `\nToolLens dev split: ${queries.length} queries, ${tools.length} tools (zero-shot; percent)\n`,
  );
  console.log(
    table(
      [
        'run',
        'R@1',
        'R@3',
        'R@5',
        'R@10',
        'NDCG@5',
        'NDCG@10',
        'COMP@5',
        'Top-1',
        'p50 ms',
        'p95 ms',
        'p95 CPU ms',
      ],
      rows,
    ),
  );
}

/**
 * Heap plus array buffers after full collections. Typed-array backing stores are released by a background
 * sweeper after the collection that frees them, so one synchronous gc() can still count the previous index's
 * postings (a 100k-tool build once read 4 MB): collect, yield, and repeat until the figure stops falling.
 */
async function memoryMb(): Promise<number> {
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0; i < 5; i++) {
    gc?.();
    await new Promise((resolve) => setTimeout(resolve, 20));
    const m = process.memoryUsage();
    const mb = (m.heapUsed + m.arrayBuffers) / 2 ** 20;
    if (mb >= best - 0.05) return Math.min(best, mb);
    best = mb;
  }
  return best;
}

async function scale(embedder: Embedder) {
  const base = realTools();
  const queries = loadToolLensQueries().slice(0, 300);
  const sizes = quick ? [1_000, 10_000] : [1_000, 10_000, 100_000];
  const rows: (string | number)[][] = [];
  for (const size of sizes) {
    const tools = scaledTools(base, size);
    const builds: number[] = [];
    const buildCpus: number[] = [];
    const memories: number[] = [];
    let index = createIndex();
    for (let run = 0; run < 3; run++) {
      index = createIndex();
      const before = await memoryMb();
      const t = await timed(async () => {
        index.add(tools);
        await index.search({ query: 'compile the postings', mode: 'lexical' });
      });
      builds.push(t.wall);
      buildCpus.push(t.cpu);
      memories.push((await memoryMb()) - before);
    }
    const build = median(builds);
    const latencies: number[] = [];
    const cpus: number[] = [];
    for (const q of queries) await index.search({ query: q.query }); // JIT warm-up (lexical has no query cache)
    for (const q of queries) {
      const t = await timed(() => index.search({ query: q.query, limit: 10 }));
      latencies.push(t.wall);
      cpus.push(t.cpu);
    }
    rows.push([
      `${size.toLocaleString('en')} lexical`,
      ms(build),
      Math.round((size / build) * 1000).toLocaleString('en'),
      Math.round((size / median(buildCpus)) * 1000).toLocaleString('en'),
      f1(median(memories)),
      ms(median(latencies)),
      ms(percentile(latencies, 95)),
      ms(percentile(cpus, 95)),
    ]);
    console.error(`  scale ${size} lexical done`);
    if (size <= 10_000 && !(quick && size > 1_000)) {
      const hybrid = createIndex({ embedder });
      const before = await memoryMb();
      const built = await timed(async () => {
        hybrid.add(tools);
        await hybrid.embedPending();
      });
      const embedBuild = built.wall;
      const mem = (await memoryMb()) - before;
      const hl: number[] = [];
      const hc: number[] = [];
      for (let i = 0; i < 200; i++) await hybrid.search({ query: `warm up ${i}`, mode: 'hybrid' });
      for (const q of queries) {
        const t = await timed(() => hybrid.search({ query: q.query, limit: 10, mode: 'hybrid' }));
        hl.push(t.wall);
        hc.push(t.cpu);
      }
      rows.push([
        `${size.toLocaleString('en')} hybrid`,
        ms(embedBuild),
        Math.round((size / embedBuild) * 1000).toLocaleString('en'),
        Math.round((size / built.cpu) * 1000).toLocaleString('en'),
        f1(mem),
        ms(median(hl)),
        ms(percentile(hl, 95)),
        ms(percentile(hc, 95)),
      ]);
      console.error(`  scale ${size} hybrid done`);
    }
  }
  console.log(
    '\nScale (real tools varied up; lexical build and memory = medians of 3; hybrid build includes embedding all tools)\n',
  );
  console.log(
    table(
      [
        'tools / mode',
        'build ms',
        'tools/s',
        'tools/CPU-s',
        'memory MB',
        'query p50 ms',
        'query p95 ms',
        'p95 CPU ms',
      ],
      rows,
    ),
  );
}

console.log(
  `toolindex retrieval bench — node ${process.version}, ${availableParallelism()} CPUs${gc ? '' : ' (run with --expose-gc for exact memory)'}`,
);
const embedder = createDefaultEmbedder();
console.log(`default embedder: ${embedder.id} (${embedder.dimensions}-d)`);
await quality(embedder);
await scale(embedder);
console.log(
  `\nload average at the end: ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
