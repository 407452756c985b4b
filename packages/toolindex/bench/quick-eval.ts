import { createDefaultEmbedder } from '../src/embedders/index.js';
import { createIndex } from '../src/tool-index.js';
import type { IndexOptions, SearchMode } from '../src/types.js';
import { pairedBootstrap } from './bootstrap.js';
import {
  DEV_SETS,
  type DevSet,
  type DevSetName,
  loadDevSet,
  type Metrics,
  meanMetrics,
  queryMetrics,
} from './datasets.js';

/**
 * Quality only (no timing), for comparing settings on both dev sets:
 *   tsx bench/quick-eval.ts '<IndexOptions JSON>' [mode] [--vs '<IndexOptions JSON>'] [--set ToolLens|MetaTool]
 * With `--vs`, prints the paired-bootstrap 95% interval of R@5 (first options minus `--vs` options).
 * Semantic and hybrid use the default embedder.
 */
const args = process.argv.slice(2);
const flag = (name: string) => {
  const at = args.indexOf(name);
  if (at < 0) return undefined;
  const value = args[at + 1];
  args.splice(at, 2);
  return value;
};
const vs = flag('--vs');
const only = flag('--set') as DevSetName | undefined;
const options = JSON.parse(args[0] ?? '{}') as IndexOptions;
const mode = (args[1] ?? 'lexical') as SearchMode;
const embedder = mode === 'lexical' ? undefined : createDefaultEmbedder();

async function evaluate(set: DevSet, opts: IndexOptions): Promise<Metrics[]> {
  const index = createIndex(embedder ? { ...opts, embedder } : opts);
  index.add(set.tools);
  const out: Metrics[] = [];
  for (const q of set.queries) {
    const result = await index.search({ query: q.query, limit: 10, mode, minRelevance: 0 });
    out.push(
      queryMetrics(
        result.hits.map((h) => set.benchmarkId.get(h.id)!),
        q.goldGroups,
      ),
    );
  }
  return out;
}

const round = (v: number) => Math.round(v * 10) / 10;
for (const name of only ? [only] : DEV_SETS) {
  const set = loadDevSet(name);
  const metrics = await evaluate(set, options);
  const m = meanMetrics(metrics);
  let line = `${name.padEnd(8)} ${mode} R@5 ${round(m.r5)} NDCG@5 ${round(m.ndcg5)} R@10 ${round(m.r10)} Top-1 ${round(m.top1)}`;
  if (vs !== undefined) {
    const base = await evaluate(set, JSON.parse(vs) as IndexOptions);
    const ci = pairedBootstrap(
      base.map((x) => x.r5 * 100),
      metrics.map((x) => x.r5 * 100),
    );
    line += `  vs R@5 ${round(meanMetrics(base).r5)}: Δ ${ci.delta.toFixed(2)} [${ci.low.toFixed(2)}, ${ci.high.toFixed(2)}]`;
  }
  console.log(line, JSON.stringify(options));
}
