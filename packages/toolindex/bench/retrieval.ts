import { availableParallelism, loadavg } from 'node:os';
import type { Embedder } from '../src/embedders/embedder.js';
import { createDefaultEmbedder } from '../src/embedders/index.js';
import { createIndex } from '../src/tool-index.js';
import { realTools, scaledTools } from './corpus.js';
import { DEV_SETS, loadDevSet } from './datasets.js';
import { padRequests } from './long-requests.js';
import { deltaR5, evaluate, type RunResult, runs } from './quality.js';
import { strongerEmbedder } from './stronger-embedder.js';
import { f1, median, ms, percentile, table, timed } from './table.js';

/**
 * Retrieval quality on the ToolLens and MetaTool dev splits side by side (zero-shot) for every mode, with plain
 * BM25 as the baseline and a paired-bootstrap 95% interval of R@5 for each variant against the default of its
 * mode; latency for one-sentence and long requests; build time, memory and latency at 1k, 10k and 100k tools.
 * `npm run bench:retrieval -w @toolarsenal/toolindex` (add `-- --quick` to skip the 100k scale).
 */
const quick = process.argv.includes('--quick');
const gc = (globalThis as { gc?: () => void }).gc;

async function quality(embedder: Embedder, stronger: Embedder | undefined) {
  const sets = DEV_SETS.map(loadDevSet);
  const list = runs(embedder, stronger);
  const results = new Map<string, RunResult>();
  for (const set of sets) {
    for (const run of list) {
      results.set(`${set.name}\u0000${run.label}`, await evaluate(set, run));
      console.error(
        `  ${set.name} ${run.label}: R@5 ${f1(results.get(`${set.name}\u0000${run.label}`)!.mean.r5)}`,
      );
    }
  }
  const rows = list.map((run) => [
    run.label,
    ...sets.flatMap((set) => {
      const r = results.get(`${set.name}\u0000${run.label}`)!;
      const vs = run.vs === undefined ? undefined : results.get(`${set.name}\u0000${run.vs}`);
      return [f1(r.mean.r5), f1(r.mean.ndcg5), f1(r.mean.r10), f1(r.mean.top1), deltaR5(r, vs)];
    }),
  ]);
  console.log(
    `\nQuality, zero-shot, percent: ${sets.map((s) => `${s.name} dev ${s.queries.length} queries / ${s.tools.length} tools`).join('; ')}.` +
      '\nΔ R@5 = variant minus the default of its mode, paired bootstrap 95% interval (2,000 resamples, fixed seed).\n',
  );
  console.log(
    table(
      ['run', ...sets.flatMap((s) => [`${s.name} R@5`, 'NDCG@5', 'R@10', 'Top-1', `Δ R@5 vs default`])],
      rows,
    ),
  );
}

/** Rounds of the latency measurement; each figure is the median over rounds. */
const LATENCY_ROUNDS = 5;

/**
 * Latency of one-sentence and long requests at 1k tools, lexical and hybrid (the issue #22 bounds). The shapes
 * are measured in turns within each round, so load on a shared machine hits them alike; each figure is the
 * median over rounds of that round's p50 or p95. CPU time is the stabler figure when the machine is loaded
 * (wall time then mostly measures waiting for a core).
 */
async function latency(embedder: Embedder) {
  const tools = scaledTools(realTools(), 1_000);
  const sentences = loadDevSet('ToolLens')
    .queries.slice(0, 300)
    .map((q) => q.query);
  const shapes: [string, string[]][] = [
    ['one sentence', sentences],
    ['5,000 chars', padRequests(sentences, 5_000)],
    ['10,000 chars', padRequests(sentences, 10_000)],
  ];
  const rows: (string | number)[][] = [];
  for (const mode of ['lexical', 'hybrid'] as const) {
    const index = createIndex(mode === 'hybrid' ? { embedder } : {});
    index.add(tools);
    await index.embedPending();
    for (const [, requests] of shapes)
      for (const q of requests.slice(0, 50)) await index.search({ query: `${q} warm`, mode }); // JIT, not the cached texts
    const figures = shapes.map(() => ({
      wall50: [] as number[],
      wall95: [] as number[],
      cpu50: [] as number[],
      cpu95: [] as number[],
    }));
    for (let round = 0; round < LATENCY_ROUNDS; round++) {
      for (const [s, [, requests]] of shapes.entries()) {
        const wall: number[] = [];
        const cpu: number[] = [];
        for (const q of requests) {
          const t = await timed(() => index.search({ query: q, limit: 10, mode }));
          wall.push(t.wall);
          cpu.push(t.cpu);
        }
        const f = figures[s]!;
        f.wall50.push(median(wall));
        f.wall95.push(percentile(wall, 95));
        f.cpu50.push(median(cpu));
        f.cpu95.push(percentile(cpu, 95));
      }
    }
    const short = figures[0]!;
    for (const [s, [label]] of shapes.entries()) {
      const f = figures[s]!;
      rows.push([
        `${mode}, ${label}`,
        ms(median(f.wall50)),
        ms(median(f.wall95)),
        ms(median(f.cpu50)),
        ms(median(f.cpu95)),
        `${(median(f.wall50) / median(short.wall50)).toFixed(2)}×`,
        `${(median(f.cpu50) / median(short.cpu50)).toFixed(2)}×`,
      ]);
    }
  }
  console.log(
    `\nLatency at 1,000 tools (300 requests each, ${LATENCY_ROUNDS} rounds, medians over rounds; long requests = a request followed by others of the set)\n`,
  );
  console.log(
    table(
      [
        'mode, request',
        'p50 ms',
        'p95 ms',
        'p50 CPU ms',
        'p95 CPU ms',
        'p50 vs one sentence',
        'CPU p50 vs one sentence',
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
  const queries = loadDevSet('ToolLens').queries.slice(0, 300);
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
        ms(built.wall),
        Math.round((size / built.wall) * 1000).toLocaleString('en'),
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
const stronger = await strongerEmbedder();
console.log(stronger.note);
await quality(embedder, stronger.embedder);
await latency(embedder);
await scale(embedder);
console.log(
  `\nload average at the end: ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
