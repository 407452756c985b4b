import { createDefaultEmbedder } from '../src/embedders/index.js';
import { createIndex } from '../src/tool-index.js';
import type { IndexOptions, SearchMode } from '../src/types.js';
import { loadToolLensQueries, loadToolLensTools, meanMetrics, queryMetrics } from './toollens.js';

/**
 * Quality only (no timing), for comparing settings: `tsx bench/quick-eval.ts '<IndexOptions JSON>' [mode]`.
 * Semantic and hybrid use the default embedder.
 */
const options = JSON.parse(process.argv[2] ?? '{}') as IndexOptions;
const mode = (process.argv[3] ?? 'lexical') as SearchMode;
const tools = loadToolLensTools();
const index = createIndex(mode === 'lexical' ? options : { ...options, embedder: createDefaultEmbedder() });
await index.add(tools);
const idOf = new Map(tools.map((t) => [t.id, String(t.meta?.benchmarkId)]));
const metrics = [];
for (const q of loadToolLensQueries()) {
  const result = await index.search({ query: q.query, limit: 10, mode, minRelevance: 0 });
  metrics.push(
    queryMetrics(
      result.hits.map((h) => idOf.get(h.id)!),
      q.goldGroups,
    ),
  );
}
console.log(
  JSON.stringify(options),
  mode,
  JSON.stringify(meanMetrics(metrics), (_k, v) => (typeof v === 'number' ? Math.round(v * 10) / 10 : v)),
);
