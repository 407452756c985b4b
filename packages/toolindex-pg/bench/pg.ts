import { existsSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { PGlite } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite/vector';
import {
  createDefaultEmbedder,
  createIndex,
  type Embedder,
  type SearchMode,
  type ToolIndexLike,
} from '@toolarsenal/toolindex';
import { defineTool, type Tool } from '@toolarsenal/toolmodel';
import { pairedBootstrap } from '../../toolindex/bench/bootstrap.js';
import { realTools, scaledTools } from '../../toolindex/bench/corpus.js';
import {
  DATA_DIR,
  DEV_SETS,
  type DevSet,
  loadDevSet,
  meanMetrics,
  type Metrics,
  queryMetrics,
} from '../../toolindex/bench/datasets.js';
import { f1, median, ms, percentile, table, timed } from '../../toolindex/bench/table.js';
import { openPgIndex, type PgToolIndex } from '../src/index.js';
import { ftsRanking } from './fts.js';

/**
 * `npm run bench -w @toolarsenal/toolindex-pg` (add `-- --quick` to skip 100k tools): on PGlite, ToolLens and
 * MetaTool dev quality next to the in-memory index (and Postgres full-text ranking next to plain BM25, the
 * measurement behind "BM25F in SQL"), then build rate, search p50/p95, one upsert and a full re-sync at 1k, 10k
 * and 100k tools. `-- --sizes 100000` runs only the rows named; `-- --no-quality` skips the quality table.
 */
const quick = process.argv.includes('--quick');
const sizesArg = process.argv.indexOf('--sizes');
const SIZES =
  sizesArg >= 0
    ? process.argv[sizesArg + 1]!.split(',').map(Number)
    : quick
      ? [1_000, 10_000]
      : [1_000, 10_000, 100_000];
if (SIZES.some((n) => !Number.isInteger(n) || n < 1))
  throw new Error('--sizes takes counts like 1000,100000');
const haveData = existsSync(new URL('toollens/tools.jsonl', DATA_DIR));
let schemas = 0;

async function pglite(): Promise<PGlite> {
  return PGlite.create({ extensions: { vector } });
}

async function run(index: ToolIndexLike, set: DevSet, mode: SearchMode, limit = 10): Promise<Metrics[]> {
  const out: Metrics[] = [];
  for (const q of set.queries) {
    const result = await index.search({ query: q.query, limit, mode, minRelevance: 0 });
    out.push(
      queryMetrics(
        result.hits.map((h) => set.benchmarkId.get(h.id)!),
        q.goldGroups,
      ),
    );
  }
  return out;
}

function delta(a: Metrics[], b: Metrics[]): string {
  const ci = pairedBootstrap(
    a.map((m) => m.r5 * 100),
    b.map((m) => m.r5 * 100),
  );
  const s = (x: number) => `${x >= 0 ? '+' : ''}${x.toFixed(1)}`;
  return `${s(ci.delta)} [${s(ci.low)}, ${s(ci.high)}]`;
}

async function quality(embedder: Embedder) {
  if (!haveData) {
    console.log('\nQuality: skipped — ../shared/data (ToolLens, MetaTool dev) is not beside this clone.');
    return;
  }
  const db = await pglite();
  const rows: (string | number)[][] = [];
  for (const name of DEV_SETS) {
    const set = loadDevSet(name);
    const memory = createIndex({ embedder });
    memory.add(set.tools);
    await memory.embedPending();
    const pg = await openPgIndex({ db, schema: `quality_${schemas++}`, embedder });
    await pg.upsert(set.tools);
    for (const mode of ['lexical', 'hybrid'] as const) {
      const m = await run(memory, set, mode);
      const p = await run(pg, set, mode);
      const mm = meanMetrics(m);
      const pm = meanMetrics(p);
      rows.push([`${name} ${mode}`, f1(mm.r5), f1(mm.ndcg5), f1(pm.r5), f1(pm.ndcg5), delta(m, p)]);
      console.error(`  quality ${name} ${mode} done`);
    }
    // The lexical ranker alone, no signals: BM25 (k1 1.2, b 0.75) against Postgres full-text ts_rank.
    const plain = createIndex({
      bm25: { k1: 1.2, b: 0.75, fieldWeights: { name: 1, description: 1, parameters: 1, tags: 1 } },
      weights: { arguments: 0, fuzzy: 0, slots: 0, clauses: 0 },
    });
    plain.add(set.tools);
    const bm25 = await run(plain, set, 'lexical');
    const fts = await ftsRanking(db, `fts_${schemas++}`, set);
    const bm = meanMetrics(bm25);
    const fm = meanMetrics(fts);
    rows.push([
      `${name} ranker alone: plain BM25 vs Postgres FTS (ts_rank)`,
      f1(bm.r5),
      f1(bm.ndcg5),
      f1(fm.r5),
      f1(fm.ndcg5),
      delta(bm25, fts),
    ]);
    await pg.close();
  }
  await db.close();
  console.log(
    '\nQuality on PGlite, zero-shot, percent (default options, default embedder; Δ = Postgres − memory, paired bootstrap 95%)\n',
  );
  console.log(table(['dev set / mode', 'memory R@5', 'NDCG@5', 'Postgres R@5', 'NDCG@5', 'Δ R@5'], rows));
}

/** A query set for latency: dev requests when available, else generated from the tools' own words. */
function latencyQueries(tools: readonly Tool[]): string[] {
  if (haveData)
    return loadDevSet('ToolLens')
      .queries.slice(0, 200)
      .map((q) => q.query);
  return tools.slice(0, 200).map((t) => `${t.description.split(/\s+/).slice(0, 8).join(' ')} please`);
}

async function timeQueries(index: ToolIndexLike, queries: readonly string[], mode: SearchMode) {
  for (const q of queries.slice(0, 20)) await index.search({ query: `${q} warm`, mode, limit: 10 });
  const wall: number[] = [];
  const cpu: number[] = [];
  for (const q of queries) {
    const t = await timed(() => index.search({ query: q, mode, limit: 10 }));
    wall.push(t.wall);
    cpu.push(t.cpu);
  }
  // PGlite runs in this process, so CPU time counts the database's work too: the stabler figure under load.
  return { p50: median(wall), p95: percentile(wall, 95), cpu50: median(cpu), cpu95: percentile(cpu, 95) };
}

async function scale(embedder: Embedder) {
  const base = haveData ? realTools() : synthetic(2_000);
  const sizes = SIZES;
  const rows: (string | number)[][] = [];
  for (const size of sizes) {
    const tools = scaledTools(base, size);
    const queries = latencyQueries(tools);
    const db = await pglite();
    const index: PgToolIndex = await openPgIndex({ db, schema: `scale_${schemas++}`, embedder });
    const build = await timed(async () => {
      for (let i = 0; i < tools.length; i += 1_000) await index.upsert(tools.slice(i, i + 1_000));
    });
    console.error(`  scale ${size} built in ${ms(build.wall)} ms`);
    const memory = createIndex({ embedder });
    memory.add(tools);
    await memory.embedPending();
    const latency: Record<string, { p50: number; p95: number; cpu50: number; cpu95: number }> = {};
    for (const mode of ['lexical', 'hybrid'] as const) {
      latency[`pg ${mode}`] = await timeQueries(index, queries, mode);
      latency[`memory ${mode}`] = await timeQueries(memory, queries, mode);
    }
    const filtered = await timeFiltered(index, queries);
    const overlap = await agreement(index, memory, queries.slice(0, 100));
    // One upsert: a tool whose description changed (re-tokenised, re-embedded, statistics and feed updated).
    const one: number[] = [];
    for (let i = 0; i < 20; i++) {
      const t = tools[i]!;
      const changed = defineTool({
        name: t.name,
        namespace: t.namespace,
        description: `${t.description} (revision ${i})`,
        inputSchema: t.inputSchema as Record<string, unknown>,
        tags: [...t.tags],
      });
      one.push((await timed(() => index.upsert(changed))).wall);
    }
    // A full re-sync: the whole catalogue sent again, 1% of it changed.
    const resync = tools.map((t, i) =>
      i % 100 === 0
        ? defineTool({
            name: t.name,
            namespace: t.namespace,
            description: `${t.description} (resync)`,
            inputSchema: t.inputSchema as Record<string, unknown>,
            tags: [...t.tags],
          })
        : t,
    );
    const sync = await timed(async () => {
      for (let i = 0; i < resync.length; i += 1_000) await index.upsert(resync.slice(i, i + 1_000));
    });
    rows.push([
      size.toLocaleString('en'),
      ms(build.wall),
      Math.round((size / build.wall) * 1000).toLocaleString('en'),
      `${ms(latency['pg lexical']!.p50)} / ${ms(latency['pg lexical']!.p95)}`,
      `${ms(latency['pg lexical']!.cpu50)} / ${ms(latency['pg lexical']!.cpu95)}`,
      `${ms(latency['pg hybrid']!.p50)} / ${ms(latency['pg hybrid']!.p95)}`,
      `${ms(latency['pg hybrid']!.cpu50)} / ${ms(latency['pg hybrid']!.cpu95)}`,
      `${ms(filtered.p50)} / ${ms(filtered.p95)}`,
      `${ms(latency['memory hybrid']!.p50)} / ${ms(latency['memory hybrid']!.p95)}`,
      `${f1(overlap * 100)}%`,
      ms(median(one)),
      ms(sync.wall),
      loadavg()[0]!.toFixed(1),
    ]);
    console.error(`  scale row: | ${rows.at(-1)!.join(' | ')} |`);
    await index.close();
    await db.close();
  }
  console.log(
    '\nScale on PGlite (real tools varied up; build = upserts of 1,000 with the default embedder; latency over 200 requests, limit 10)\n',
  );
  console.log(
    table(
      [
        'tools',
        'build ms',
        'tools/s',
        'pg lexical p50 / p95 ms',
        'CPU p50 / p95 ms',
        'pg hybrid p50 / p95 ms',
        'CPU p50 / p95 ms',
        'pg hybrid, namespace filter',
        'memory hybrid p50 / p95 ms',
        'top-10 same as memory',
        'one upsert ms',
        're-sync ms (1% changed)',
        'load (1 min)',
      ],
      rows,
    ),
  );
}

/** Share of the in-memory top 10 the Postgres top 10 holds (hybrid): what candidate cut-offs cost at scale. */
async function agreement(
  index: ToolIndexLike,
  memory: ToolIndexLike,
  queries: readonly string[],
): Promise<number> {
  let shared = 0;
  let total = 0;
  for (const query of queries) {
    const want = (await memory.search({ query, limit: 10 })).hits.map((h) => h.id);
    const got = new Set((await index.search({ query, limit: 10 })).hits.map((h) => h.id));
    shared += want.filter((id) => got.has(id)).length;
    total += want.length;
  }
  return total === 0 ? 1 : shared / total;
}

async function timeFiltered(index: PgToolIndex, queries: readonly string[]) {
  const wall: number[] = [];
  const namespaces = ['mirror-1', 'mirror-2'];
  for (const q of queries.slice(0, 100))
    wall.push((await timed(() => index.search({ query: q, limit: 10, filters: { namespaces } }))).wall);
  return { p50: median(wall), p95: percentile(wall, 95) };
}

function synthetic(count: number): Tool[] {
  const words = [
    'weather',
    'forecast',
    'payment',
    'refund',
    'email',
    'calendar',
    'file',
    'search',
    'invoice',
    'stock',
    'news',
    'translate',
    'image',
    'map',
    'route',
    'hotel',
    'flight',
    'music',
    'recipe',
    'sports',
  ];
  return Array.from({ length: count }, (_, i) =>
    defineTool({
      name: `tool_${i}`,
      description: `${words[i % 20]} ${words[(i * 7) % 20]} ${words[(i * 13) % 20]} service number ${i}`,
      inputSchema: { type: 'object', properties: { query: { type: 'string' } }, required: ['query'] },
    }),
  );
}

console.log(
  `toolindex-pg bench — node ${process.version}, ${availableParallelism()} CPUs, PGlite (Postgres 17 + pgvector 0.8 in WebAssembly)`,
);
const embedder = createDefaultEmbedder();
console.log(`default embedder: ${embedder.id} (${embedder.dimensions}-d)`);
if (!process.argv.includes('--no-quality')) await quality(embedder);
await scale(embedder);
console.log(
  `\nload average at the end: ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
