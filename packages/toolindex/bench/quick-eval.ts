import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Embedder } from '../src/embedders/embedder.js';
import { createDefaultEmbedder } from '../src/embedders/index.js';
import { createIndex } from '../src/tool-index.js';
import type { IndexOptions, SearchMode } from '../src/types.js';
import { pairedBootstrap } from './bootstrap.js';
import { createTeacherEmbedder } from './teacher-embedder.js';
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
 *     [--embedder default|teacher|<table.bin>|wrapped:<spec>] [--vs-embedder …] [--vs-mode <mode>]
 * With `--vs`, prints the paired-bootstrap 95% interval of R@5 (first options minus `--vs` options).
 * Semantic and hybrid use the default embedder, or `--embedder`: `teacher` is the full USE-lite model (cached on
 * disk, bench/teacher-embedder.ts), a path is another static table file (any checksum accepted), `wrapped:<spec>`
 * that embedder under a foreign id (soft terms then read the shipped table). `--vs-embedder` and `--vs-mode` set
 * the `--vs` side's (default: the same as the first side's). `--index-embedder` gives lexical runs the embedder too:
 * an index with an embedder (and its defaults) searched in lexical mode, instead of an index without one.
 */
const args = process.argv.slice(2);
const flag = (name: string) => {
  const at = args.indexOf(name);
  if (at < 0) return undefined;
  const value = args[at + 1];
  args.splice(at, 2);
  return value;
};
const indexEmbedderAt = args.indexOf('--index-embedder');
if (indexEmbedderAt >= 0) args.splice(indexEmbedderAt, 1);
const vs = flag('--vs');
const only = flag('--set') as DevSetName | undefined;
const embedderSpec = flag('--embedder') ?? 'default';
const vsEmbedderSpec = flag('--vs-embedder') ?? embedderSpec;
const options = JSON.parse(args[0] ?? '{}') as IndexOptions;
const mode = (args[1] ?? 'lexical') as SearchMode;
const vsMode = (flag('--vs-mode') ?? mode) as SearchMode;

const embedders = new Map<string, Embedder>();
function embedderFor(spec: string, searchMode: SearchMode): Embedder | undefined {
  if (searchMode === 'lexical' && indexEmbedderAt < 0) return undefined;
  let embedder = embedders.get(spec);
  if (!embedder) {
    if (spec === 'default') embedder = createDefaultEmbedder();
    else if (spec === 'teacher') embedder = createTeacherEmbedder();
    else if (spec.startsWith('wrapped:')) {
      // A static table under a foreign id: the index then reads soft terms from the shipped table instead.
      const inner = embedderFor(spec.slice('wrapped:'.length), searchMode)!;
      embedder = {
        id: `bench/wrapped:${inner.id}`,
        dimensions: inner.dimensions,
        embed: (t, o) => inner.embed(t, o),
      };
    } else {
      const tablePath = spec;
      const sha256 = createHash('sha256').update(readFileSync(tablePath)).digest('hex');
      embedder = createDefaultEmbedder({ tablePath, expectedSha256: sha256 });
    }
    embedders.set(spec, embedder);
  }
  return embedder;
}

async function evaluate(
  set: DevSet,
  opts: IndexOptions,
  spec = embedderSpec,
  searchMode = mode,
): Promise<Metrics[]> {
  const embedder = embedderFor(spec, searchMode);
  const index = createIndex(embedder ? { ...opts, embedder } : opts);
  index.add(set.tools);
  const out: Metrics[] = [];
  for (const q of set.queries) {
    const result = await index.search({ query: q.query, limit: 10, mode: searchMode, minRelevance: 0 });
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
    const base = await evaluate(set, JSON.parse(vs) as IndexOptions, vsEmbedderSpec, vsMode);
    const ci = pairedBootstrap(
      base.map((x) => x.r5 * 100),
      metrics.map((x) => x.r5 * 100),
    );
    line += `  vs R@5 ${round(meanMetrics(base).r5)}: Δ ${ci.delta.toFixed(2)} [${ci.low.toFixed(2)}, ${ci.high.toFixed(2)}]`;
  }
  const sides =
    (embedderSpec === 'default' && vsEmbedderSpec === 'default'
      ? ''
      : ` [${embedderSpec} vs ${vsEmbedderSpec}]`) +
    (indexEmbedderAt >= 0 ? ' (index with the embedder)' : '');
  console.log(line, JSON.stringify(options) + sides);
}
