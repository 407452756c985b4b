import { availableParallelism, loadavg } from 'node:os';
import { PerformanceObserver } from 'node:perf_hooks';
import { createDefaultEmbedder, createIndex, type SearchMode, type ToolIndex } from '@toolarsenal/toolindex';
import type { Tool } from '@toolarsenal/toolmodel';
import { hasMcpCorpus, loadMcpCorpus, MCP_CORPUS_PATH, scaleTools } from '../mcp-corpus.js';
import { BENCH_REQUESTS } from './requests.js';
import { median, quantile } from './stats.js';
import { jsonTokens } from './tokens.js';

/** One toolkit's selection step over a set of tools, as its bench drives it. */
export interface SelectionSubject<C, T> {
  /** The framework tool of every tool (what a model call without selection carries). */
  all: readonly T[];
  /** The framework's conversation for a request; built once, outside the timed region. */
  conversation(request: string): C;
  /** One selection, as the framework runs it before a model call: the tools offered. Timed. */
  select(conversation: C): Promise<readonly T[]>;
  /** What a provider receives for these tools (token-counted outside the timed region). */
  definitions(tools: readonly T[]): unknown;
}

export interface SelectionBenchOptions<C, T> {
  /** What is measured, for the caption (e.g. `toolArsenalMiddleware.wrapModelCall`). */
  caption: string;
  setup(input: { tools: Tool[]; index: ToolIndex; mode: SearchMode; k: number }): SelectionSubject<C, T>;
  sizes?: readonly number[];
  /** Measured runs per row; the row reports their medians (default 5). */
  runs?: number;
  /** Passes over the requests per run (default 10). */
  reps?: number;
  k?: number;
}

export interface SelectionRow {
  tools: number;
  mode: SearchMode;
  wallP50: number;
  wallP95: number;
  cpuP50: number;
  cpuP95: number;
  /** GC pause time that fell inside timed turns, per 100 turns (median over runs). */
  gcPer100: number;
  load: number;
  selectedTokens: number;
  allTokens: number;
}

/** The per-turn selection goals of issue #20 (p95, ms). */
export const SELECTION_GOALS: Readonly<Record<SearchMode, number>> = { lexical: 5, hybrid: 15, semantic: 15 };

/**
 * Measures a toolkit's per-turn selection over the shared corpus of real MCP tools (scaled to each
 * size with namespace variants) in lexical and hybrid mode, and prints a markdown table: wall and
 * CPU time per turn (`process.cpuUsage`, so load on a shared machine shows as wall > CPU), GC
 * pauses inside timed turns, the load average, and tool-definition tokens per model call with
 * selection vs all tools. Run under `node --expose-gc` so each run starts from a collected heap
 * (the previous row's tools and indexes are not collected inside this row's turns).
 */
export async function runSelectionBench<C, T>(name: string, options: SelectionBenchOptions<C, T>) {
  if (!hasMcpCorpus()) {
    console.log(`${name} bench: ${MCP_CORPUS_PATH} not found; clone with ../shared beside the repo.`);
    return [];
  }
  const corpus = loadMcpCorpus();
  const k = options.k ?? 8;
  const started = loadavg()[0]!;
  const rows: SelectionRow[] = [];
  for (const n of options.sizes ?? [500, 5_000])
    for (const mode of ['lexical', 'hybrid'] as const)
      rows.push(await measure(options, scaleTools(corpus, n), mode, k));
  const runs = options.runs ?? 5;
  console.log(
    `\n${options.caption}, k = ${k}; ${BENCH_REQUESTS.length} requests × ${options.reps ?? 10} per run, medians of ${runs} runs; ` +
      `load average ${started.toFixed(1)} → ${loadavg()[0]!.toFixed(1)} on ${availableParallelism()} CPUs; ` +
      `GC ${typeof globalThis.gc === 'function' ? 'before each run' : 'not exposed (run with node --expose-gc)'}\n`,
  );
  console.log(
    '| tools | mode | wall p50 ms | wall p95 ms | CPU p50 ms | CPU p95 ms | GC ms per 100 turns | load | goal p95 | tool-definition tokens per call, k = 8 | all tools | saved |',
  );
  console.log(
    '| ----: | ---- | ----: | ----: | ----: | ----: | ----: | ----: | ---- | ----: | ----: | ----: |',
  );
  for (const r of rows) {
    const goal = SELECTION_GOALS[r.mode];
    const mark = (ms: number) => (ms <= goal ? '✓' : '✗');
    console.log(
      `| ${r.tools.toLocaleString('en-US')} | ${r.mode} | ${r.wallP50.toFixed(2)} | ${r.wallP95.toFixed(2)} | ` +
        `${r.cpuP50.toFixed(2)} | ${r.cpuP95.toFixed(2)} | ${r.gcPer100.toFixed(1)} | ${r.load.toFixed(1)} | ` +
        `≤ ${goal} (wall ${mark(r.wallP95)}, CPU ${mark(r.cpuP95)}) | ${Math.round(r.selectedTokens).toLocaleString('en-US')} | ` +
        `${r.allTokens.toLocaleString('en-US')} | ${(100 * (1 - r.selectedTokens / r.allTokens)).toFixed(1)}% |`,
    );
  }
  return rows;
}

async function measure<C, T>(
  options: SelectionBenchOptions<C, T>,
  tools: Tool[],
  mode: SearchMode,
  k: number,
): Promise<SelectionRow> {
  const index = createIndex(mode === 'hybrid' ? { embedder: createDefaultEmbedder() } : {});
  index.add(tools);
  if (mode === 'hybrid') await index.embedPending();
  const subject = options.setup({ tools, index, mode, k });
  const allTokens = jsonTokens(subject.definitions(subject.all));
  const conversations = BENCH_REQUESTS.map((r) => subject.conversation(r));
  let selectedTokens = 0;
  for (const c of conversations) selectedTokens += jsonTokens(subject.definitions(await subject.select(c)));
  for (let i = 0; i < 3; i++) for (const c of conversations) await subject.select(c); // warm-up: JIT, caches

  const reps = options.reps ?? 10;
  const turns = reps * conversations.length;
  const p50: number[] = [];
  const p95: number[] = [];
  const cpu50: number[] = [];
  const cpu95: number[] = [];
  const gc: number[] = [];
  const load: number[] = [];
  for (let run = 0; run < (options.runs ?? 5); run++) {
    const wall = new Float64Array(turns);
    const cpu = new Float64Array(turns);
    const windows = new Float64Array(turns * 2);
    const pauses: { startTime: number; duration: number }[] = [];
    const observer = new PerformanceObserver((list) => {
      for (const e of list.getEntries()) pauses.push({ startTime: e.startTime, duration: e.duration });
    });
    globalThis.gc?.();
    observer.observe({ entryTypes: ['gc'] });
    let t = 0;
    for (let rep = 0; rep < reps; rep++)
      for (const c of conversations) {
        const cpuStart = process.cpuUsage();
        const start = performance.now();
        await subject.select(c);
        const end = performance.now();
        const used = process.cpuUsage(cpuStart);
        wall[t] = end - start;
        cpu[t] = (used.user + used.system) / 1_000;
        windows[2 * t] = start;
        windows[2 * t + 1] = end;
        t++;
      }
    // GC entries are queued from the event loop: let it turn before reading them.
    await new Promise((resolve) => setTimeout(resolve, 20));
    for (const e of observer.takeRecords()) pauses.push({ startTime: e.startTime, duration: e.duration });
    observer.disconnect();
    wall.sort();
    cpu.sort();
    p50.push(quantile(wall, 0.5));
    p95.push(quantile(wall, 0.95));
    cpu50.push(quantile(cpu, 0.5));
    cpu95.push(quantile(cpu, 0.95));
    gc.push((100 * overlap(pauses, windows)) / turns);
    load.push(loadavg()[0]!);
  }
  return {
    tools: tools.length,
    mode,
    wallP50: median(p50),
    wallP95: median(p95),
    cpuP50: median(cpu50),
    cpuP95: median(cpu95),
    gcPer100: median(gc),
    load: median(load),
    selectedTokens: selectedTokens / conversations.length,
    allTokens,
  };
}

/** Milliseconds of GC pauses inside the timed windows (`[start0, end0, start1, end1, …]`, ascending). */
function overlap(pauses: readonly { startTime: number; duration: number }[], windows: Float64Array): number {
  let total = 0;
  for (const p of pauses) {
    const end = p.startTime + p.duration;
    for (let i = 0; i < windows.length; i += 2) {
      const from = Math.max(p.startTime, windows[i]!);
      const to = Math.min(end, windows[i + 1]!);
      if (to > from) total += to - from;
    }
  }
  return total;
}
