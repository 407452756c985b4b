import { existsSync, mkdirSync } from 'node:fs';
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite/vector';
import { createDefaultEmbedder, type SearchMode } from '@toolarsenal/toolindex';
import type { Tool } from '@toolarsenal/toolmodel';
import { realTools, scaledTools } from '../../toolindex/bench/corpus.js';
import { DATA_DIR, loadDevSet } from '../../toolindex/bench/datasets.js';
import { median, ms, percentile, table, timed } from '../../toolindex/bench/table.js';
import { openPgIndex, pgliteRunner, type QueryRunner } from '../src/index.js';

/**
 * `npm run bench:profile -w @toolarsenal/toolindex-pg -- [--size 100000] [--db-dir <dir>] [--explain]`:
 * search latency (wall and CPU p50/p95, per SQL statement too) at one catalogue size on PGlite, and with
 * `--explain` the plans (EXPLAIN ANALYZE, BUFFERS) of the statements one lexical and one hybrid search run.
 * The database is kept in `--db-dir` (default `tmp/pg-profile-<size>` at the repo root) and reused by later runs,
 * so only the first run pays for the build.
 */
const arg = (name: string) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const size = Number(arg('--size') ?? 100_000);
const rounds = Number(arg('--rounds') ?? 3);
const dir = resolve(arg('--db-dir') ?? new URL(`../../../tmp/pg-profile-${size}`, import.meta.url).pathname);
const explain = process.argv.includes('--explain');
const haveData = existsSync(new URL('toollens/tools.jsonl', DATA_DIR));

/** Records each statement's wall time, and the last statements of a search for EXPLAIN. */
function recording(inner: QueryRunner) {
  const log: { sql: string; params: readonly unknown[]; wall: number }[] = [];
  const wrap = (q: QueryRunner['query']): QueryRunner['query'] =>
    (async (sql: string, params: readonly unknown[] = []) => {
      const start = performance.now();
      const result = await q(sql, params);
      log.push({ sql, params, wall: performance.now() - start });
      return result;
    }) as QueryRunner['query'];
  const runner: QueryRunner = {
    query: wrap(inner.query.bind(inner)),
    transaction: (fn) => inner.transaction((tx) => fn({ query: wrap(tx.query.bind(tx)) })),
  };
  return { runner, log };
}

const fresh = !existsSync(dir);
mkdirSync(dir, { recursive: true });
const db = await PGlite.create({ dataDir: dir, extensions: { vector } });
const embedder = createDefaultEmbedder();
const { runner, log } = recording(pgliteRunner(db));
const index = await openPgIndex({ db: runner, schema: 'profile', embedder, listen: false });
const base: Tool[] = haveData ? realTools() : [];
if (base.length === 0) throw new Error('profile needs ../shared/data beside the clone (the real tools)');
const tools = scaledTools(base, size);
if (fresh || (await index.count()) !== size) {
  const build = await timed(async () => {
    for (let i = 0; i < tools.length; i += 1_000) {
      await index.upsert(tools.slice(i, i + 1_000));
      if (i % 10_000 === 0) console.error(`  built ${i + 1_000} / ${size}`);
    }
  });
  console.error(`built ${size} tools in ${ms(build.wall)} ms (CPU ${ms(build.cpu)} ms)`);
  await db.query('VACUUM ANALYZE');
}
const queries = loadDevSet('ToolLens')
  .queries.slice(0, 200)
  .map((q) => q.query);

async function measure(mode: SearchMode) {
  for (const q of queries.slice(0, 20)) await index.search({ query: `${q} warm`, mode, limit: 10 });
  const wall: number[] = [];
  const cpu: number[] = [];
  const sql = new Map<string, number[]>();
  for (let r = 0; r < rounds; r++)
    for (const q of queries) {
      log.length = 0;
      const t = await timed(() => index.search({ query: q, mode, limit: 10 }));
      wall.push(t.wall);
      cpu.push(t.cpu);
      for (const entry of log) {
        const key = entry.sql.replace(/\s+/g, ' ').slice(0, 60);
        sql.set(key, [...(sql.get(key) ?? []), entry.wall]);
      }
    }
  return { wall, cpu, sql };
}

const rows: (string | number)[][] = [];
const statements: (string | number)[][] = [];
for (const mode of ['lexical', 'hybrid'] as const) {
  const m = await measure(mode);
  rows.push([
    mode,
    ms(median(m.wall)),
    ms(percentile(m.wall, 95)),
    ms(median(m.cpu)),
    ms(percentile(m.cpu, 95)),
  ]);
  for (const [key, walls] of m.sql)
    statements.push([
      mode,
      `\`${key}…\``,
      (walls.length / m.wall.length).toFixed(2),
      ms(median(walls)),
      ms(percentile(walls, 95)),
    ]);
}
console.log(
  `\nPGlite, ${size.toLocaleString('en')} tools, ${queries.length} ToolLens requests × ${rounds} rounds, limit 10; load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}\n`,
);
console.log(table(['mode', 'wall p50 ms', 'wall p95 ms', 'CPU p50 ms', 'CPU p95 ms'], rows));
console.log(`\n${table(['mode', 'statement', 'per search', 'p50 ms', 'p95 ms'], statements)}`);

if (explain) {
  for (const mode of ['lexical', 'hybrid'] as const) {
    log.length = 0;
    await index.search({ query: queries[3]!, mode, limit: 10 });
    const statementsRun = [...log];
    console.log(`\n## ${mode}: ${JSON.stringify(queries[3])}`);
    await db.transaction(async (tx) => {
      if (mode === 'hybrid')
        await tx.query(
          `SELECT set_config('hnsw.ef_search', '100', true), set_config('hnsw.iterative_scan', 'relaxed_order', true)`,
        );
      for (const s of statementsRun) {
        if (!/^\s*(WITH|SELECT)/i.test(s.sql) || /set_config/.test(s.sql)) continue;
        const plan = await tx.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS) ${s.sql}`, [
          ...s.params,
        ]);
        console.log(`\n${s.sql.replace(/\s+/g, ' ')}\n${plan.rows.map((r) => r['QUERY PLAN']).join('\n')}`);
      }
    });
  }
}
await index.close();
await db.close();
