import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { loadavg } from 'node:os';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Tool } from '@toolarsenal/toolmodel';
import { realTools, scaledTools } from './corpus.js';
import { loadDevSet } from './datasets.js';
import { median, ms, percentile, table } from './table.js';

/**
 * Interleaved A/B of the in-memory index in CPU time: a baseline commit of toolindex (default 260b7e7, the last
 * commit before the storage seam) against the working tree's build (`dist/`), both compiled, loaded in this one
 * process over the same tools and requests. Each round runs every request on A then B, or B then A (alternating),
 * and takes each side's per-request CPU p50/p95 for the round; the table shows medians over rounds and the
 * median of the per-round ratios with its interquartile range, so load that comes and goes hits both sides alike.
 *
 *   npm run bench:seam-ab -w @toolarsenal/toolindex -- [--base <commit>] [--head <commit>] [--rounds 40] [--sizes 1000,10000]
 *
 * The baseline is extracted with `git archive` into `tmp/ab/<commit>` at the repo root and built once there.
 */
const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1]! : fallback;
};
const BASE = arg('--base', '260b7e7');
const HEAD = arg('--head', 'worktree');
const ROUNDS = Number(arg('--rounds', '40'));
const SIZES = arg('--sizes', '1000,10000').split(',').map(Number);
const repo = fileURLToPath(new URL('../../../', import.meta.url));

interface IndexModule {
  createIndex(options?: Record<string, unknown>): {
    add(tools: readonly Tool[]): unknown;
    embedPending(): Promise<unknown>;
    search(options: Record<string, unknown>): Promise<{ hits: { id: string }[] }>;
  };
  createDefaultEmbedder(): unknown;
}

/** The compiled toolindex of a commit (built once under tmp/ab/), or the working tree's dist. */
async function load(commit: string): Promise<IndexModule> {
  if (commit === 'worktree')
    return (await import(pathToFileURL(`${repo}packages/toolindex/dist/index.js`).href)) as IndexModule;
  const dir = `${repo}tmp/ab/${commit}`;
  const entry = `${dir}/packages/toolindex/dist/index.js`;
  if (!existsSync(entry)) {
    mkdirSync(dir, { recursive: true });
    execFileSync(
      'sh',
      ['-c', `git archive ${commit} packages/toolindex tsconfig.base.json | tar -x -C "${dir}"`],
      {
        cwd: repo,
      },
    );
    try {
      execFileSync(
        process.execPath,
        [`${repo}node_modules/typescript/bin/tsc`, '-p', 'tsconfig.build.json'],
        {
          cwd: `${dir}/packages/toolindex`,
          stdio: 'pipe',
        },
      );
    } catch {
      // Type errors against today's toolmodel still emit JavaScript (noEmitOnError is off); the entry is checked below.
    }
    if (!existsSync(entry)) throw new Error(`could not build toolindex at ${commit} in ${dir}`);
  }
  return (await import(pathToFileURL(entry).href)) as IndexModule;
}

const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

type Side = { label: string; index: ReturnType<IndexModule['createIndex']> };

/** One pass over the requests: per-request CPU ms. */
async function pass(side: Side, queries: readonly string[], mode: string): Promise<number[]> {
  const out: number[] = [];
  for (const query of queries) {
    const start = cpuMs();
    await side.index.search({ query, mode, limit: 10 });
    out.push(cpuMs() - start);
  }
  return out;
}

const q = (values: readonly number[], p: number) => percentile(values, p);
const ratio = (a: number, b: number) => (b === 0 ? Number.NaN : a / b);

const [a, b] = await Promise.all([load(BASE), load(HEAD)]);
const tools = realTools();
const queries = loadDevSet('ToolLens')
  .queries.slice(0, 200)
  .map((x) => x.query);
const rows: (string | number)[][] = [];
const load0 = loadavg()[0]!;
for (const size of SIZES) {
  const catalogue = scaledTools(tools, size);
  for (const mode of ['lexical', 'hybrid'] as const) {
    const make = async (m: IndexModule, label: string): Promise<Side> => {
      const index = m.createIndex(mode === 'hybrid' ? { embedder: m.createDefaultEmbedder() } : {});
      index.add(catalogue);
      await index.embedPending();
      return { label, index };
    };
    const sides = [await make(a, BASE), await make(b, HEAD)];
    // Same answers first: the A/B compares the cost of the same work.
    let same = 0;
    for (const query of queries.slice(0, 50)) {
      const [x, y] = await Promise.all(sides.map((s) => s.index.search({ query, mode, limit: 10 })));
      if (x!.hits.map((h) => h.id).join() === y!.hits.map((h) => h.id).join()) same++;
    }
    for (const side of sides) await pass(side, queries.slice(0, 50), mode);
    const p50 = [[], []] as number[][];
    const p95 = [[], []] as number[][];
    const r50: number[] = [];
    const r95: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const order = round % 2 === 0 ? [0, 1] : [1, 0];
      const got: number[][] = [[], []];
      for (const i of order) got[i] = await pass(sides[i]!, queries, mode);
      for (const i of [0, 1]) {
        p50[i]!.push(q(got[i]!, 50));
        p95[i]!.push(q(got[i]!, 95));
      }
      r50.push(ratio(q(got[1]!, 50), q(got[0]!, 50)));
      r95.push(ratio(q(got[1]!, 95), q(got[0]!, 95)));
    }
    const iqr = (v: number[]) => `${q(v, 25).toFixed(2)}–${q(v, 75).toFixed(2)}`;
    rows.push([
      size.toLocaleString('en'),
      mode,
      `${ms(median(p50[0]!))} / ${ms(median(p95[0]!))}`,
      `${ms(median(p50[1]!))} / ${ms(median(p95[1]!))}`,
      `${median(r50).toFixed(2)}× (${iqr(r50)})`,
      `${median(r95).toFixed(2)}× (${iqr(r95)})`,
      `${same}/50`,
    ]);
    console.error(`  ${rows.at(-1)!.join(' | ')}`);
  }
}
console.log(
  `\nIn-memory index, ${BASE} (A) vs ${HEAD} (B): per-request CPU ms over ${queries.length} ToolLens requests, ${ROUNDS} interleaved rounds; load average ${load0.toFixed(1)} → ${loadavg()[0]!.toFixed(1)}\n`,
);
console.log(
  table(
    [
      'tools',
      'mode',
      'A CPU p50 / p95',
      'B CPU p50 / p95',
      'B/A p50 (IQR over rounds)',
      'B/A p95 (IQR over rounds)',
      'same top 10',
    ],
    rows,
  ),
);
