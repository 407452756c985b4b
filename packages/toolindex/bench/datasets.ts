import { existsSync, readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineTool, suggestName, type Tool } from '@toolarsenal/toolmodel';

/** Shared data lives outside the repo; it is read, never copied. */
export const DATA_DIR = new URL('../../../../shared/data/', import.meta.url);

/** A benchmark's rows: `{id, name, description, parameters, tags}`, as in ../shared/data/<set>/tools.jsonl. */
interface BenchmarkTool {
  id: string;
  name: string;
  description: string;
  parameters: Record<string, unknown>;
  tags: string[];
}

export interface BenchQuery {
  id: string;
  query: string;
  /** Each group is satisfied by any of its benchmark tool ids. */
  goldGroups: string[][];
}

/** One dev set: its tools (benchmark id in `meta.benchmarkId`) and queries. */
export interface DevSet {
  name: string;
  tools: Tool[];
  queries: BenchQuery[];
  /** Canonical tool id → benchmark id. */
  benchmarkId: ReadonlyMap<string, string>;
}

export const DEV_SETS = ['ToolLens', 'MetaTool'] as const;
export type DevSetName = (typeof DEV_SETS)[number];

/** ToolLens (464 RapidAPI tools with parameters) or MetaTool (199 plugin-store tools, prose only). */
export function loadDevSet(name: DevSetName): DevSet {
  const dir = name === 'ToolLens' ? 'toollens' : 'metatool';
  const tools = loadBenchmarkTools(new URL(`${dir}/tools.jsonl`, DATA_DIR));
  const queries = readJsonl<{ id: string; query: string; gold: string[]; gold_groups?: string[][] }>(
    new URL(`${dir}/queries.dev.jsonl`, DATA_DIR),
  ).map((q) => ({ id: q.id, query: q.query, goldGroups: q.gold_groups ?? q.gold.map((g) => [g]) }));
  return {
    name,
    tools,
    queries,
    benchmarkId: new Map(tools.map((t) => [t.id, String(t.meta?.benchmarkId)])),
  };
}

/** ToolLens tools as canonical tools (used by the scale bench). */
export function loadToolLensTools(): Tool[] {
  return loadBenchmarkTools(new URL('toollens/tools.jsonl', DATA_DIR));
}

function loadBenchmarkTools(url: URL): Tool[] {
  return readJsonl<BenchmarkTool>(url).map((t) =>
    defineTool({
      name: suggestName(t.name),
      description: t.description,
      inputSchema: t.parameters,
      tags: t.tags,
      meta: { benchmarkId: t.id },
    }),
  );
}

/**
 * The text of a shared data file. Without it (a clone with no ../shared beside it) the bench cannot measure
 * anything: it says which file is missing and exits 1, instead of dying on a raw ENOENT.
 */
export function readSharedFile(url: URL): string {
  if (!existsSync(url)) {
    const path = relative(process.cwd(), fileURLToPath(url));
    console.error(`bench: cannot run: ${path} does not exist.`);
    console.error(
      'The toolindex benches read the shared corpora (../shared/data beside the repository) in place;',
    );
    console.error('clone the repository with ../shared beside it to run them (npm test needs none of it).');
    process.exit(1);
  }
  return readFileSync(url, 'utf8');
}

export function readJsonl<T>(url: URL): T[] {
  return readSharedFile(url)
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as T);
}

export interface Metrics {
  r1: number;
  r3: number;
  r5: number;
  r10: number;
  ndcg5: number;
  ndcg10: number;
  comp5: number;
  top1: number;
}

export const METRIC_KEYS = ['r1', 'r3', 'r5', 'r10', 'ndcg5', 'ndcg10', 'comp5', 'top1'] as const;

/** Metric definitions from docs/benchmarks.md, per query (fractions; average and ×100 for percent). */
export function queryMetrics(ranked: readonly string[], groups: readonly string[][]): Metrics {
  const firstHit = groups.map((g) => {
    const i = ranked.findIndex((id) => g.includes(id));
    return i < 0 ? Number.POSITIVE_INFINITY : i;
  });
  const recall = (k: number) => firstHit.filter((i) => i < k).length / groups.length;
  const ndcg = (k: number) => {
    let dcg = 0;
    for (const i of firstHit) if (i < k) dcg += 1 / Math.log2(i + 2);
    let ideal = 0;
    for (let i = 0; i < Math.min(groups.length, k); i++) ideal += 1 / Math.log2(i + 2);
    return ideal > 0 ? dcg / ideal : 0;
  };
  return {
    r1: recall(1),
    r3: recall(3),
    r5: recall(5),
    r10: recall(10),
    ndcg5: ndcg(5),
    ndcg10: ndcg(10),
    comp5: firstHit.every((i) => i < 5) ? 1 : 0,
    top1: firstHit.some((i) => i === 0) ? 1 : 0,
  };
}

export function meanMetrics(all: readonly Metrics[]): Metrics {
  const out = Object.fromEntries(
    METRIC_KEYS.map((k) => [k, (100 * all.reduce((s, m) => s + m[k], 0)) / all.length]),
  );
  return out as unknown as Metrics;
}
