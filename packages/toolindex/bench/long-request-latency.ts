import { createDefaultEmbedder } from '../src/embedders/index.js';
import { createIndex } from '../src/tool-index.js';
import type { SearchMode } from '../src/types.js';
import { realTools, scaledTools } from './corpus.js';
import { loadDevSet } from './datasets.js';
import { padRequests } from './long-requests.js';
import { median, ms, table, timed } from './table.js';

/**
 * Where a long request's time goes, at 1,000 tools (CPU time; medians over rounds of per-request medians):
 * a one-sentence request, the reduced text of a 10,000-character request searched on its own, and the
 * 10,000-character request (reduction + search of the reduced text). `tsx bench/long-request-latency.ts [mode]`.
 */
const mode = (process.argv[2] ?? 'lexical') as SearchMode;
const ROUNDS = 7;
const tools = scaledTools(realTools(), 1_000);
const sentences = loadDevSet('ToolLens')
  .queries.slice(0, 300)
  .map((q) => q.query);
const long = padRequests(sentences, 10_000);
const index = createIndex(mode === 'lexical' ? {} : { embedder: createDefaultEmbedder() });
index.add(tools);
await index.embedPending();
const reduced: string[] = [];
for (const q of long) reduced.push((await index.search({ query: q, mode })).reducedQuery ?? q);
const shapes: [string, string[]][] = [
  ['one sentence', sentences],
  ['reduced text of 10,000 chars', reduced],
  ['10,000 chars', long],
];
for (const [, requests] of shapes)
  for (const q of requests.slice(0, 50)) await index.search({ query: `${q} warm`, mode });
const cpu50 = shapes.map(() => [] as number[]);
for (let round = 0; round < ROUNDS; round++)
  for (const [s, [, requests]] of shapes.entries()) {
    const cpu: number[] = [];
    for (const q of requests) cpu.push((await timed(() => index.search({ query: q, limit: 10, mode }))).cpu);
    cpu50[s]!.push(median(cpu));
  }
const mean = (xs: string[]) => Math.round(xs.reduce((a, x) => a + x.length, 0) / xs.length);
const one = median(cpu50[0]!);
console.log(
  `\n${mode}, 1,000 tools, ${ROUNDS} rounds; loadavg ${(await import('node:os'))
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(' ')}\n`,
);
console.log(
  table(
    ['request', 'mean chars', 'p50 CPU ms', 'vs one sentence'],
    shapes.map(([label, requests], s) => [
      label,
      mean(requests),
      ms(median(cpu50[s]!)),
      `${(median(cpu50[s]!) / one).toFixed(2)}×`,
    ]),
  ),
);
