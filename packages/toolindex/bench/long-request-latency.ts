import { loadavg } from 'node:os';
import { createDefaultEmbedder } from '../src/embedders/index.js';
import { createIndex } from '../src/tool-index.js';
import type { SearchMode } from '../src/types.js';
import { realTools, scaledTools } from './corpus.js';
import { DEV_SETS, loadDevSet } from './datasets.js';
import { padRequests } from './long-requests.js';
import { median, ms, table, timed } from './table.js';

/**
 * Where a long request's time goes, at 1,000 tools, for the requests of both dev sets (the first 300 of each):
 * a one-sentence request, the reduced text of a 10,000-character request searched on its own, and the
 * 10,000-character request (reduction + search of the reduced text). Wall and CPU time; medians over rounds of
 * per-request medians, the shapes measured in turns within each round so load hits them alike.
 * `tsx bench/long-request-latency.ts [mode]`.
 */
const mode = (process.argv[2] ?? 'lexical') as SearchMode;
const ROUNDS = 7;
const tools = scaledTools(realTools(), 1_000);
const index = createIndex(mode === 'lexical' ? {} : { embedder: createDefaultEmbedder() });
index.add(tools);
await index.embedPending();

const shapes: { set: string; label: string; requests: string[] }[] = [];
for (const name of DEV_SETS) {
  const sentences = loadDevSet(name)
    .queries.slice(0, 300)
    .map((q) => q.query);
  const long = padRequests(sentences, 10_000);
  const reduced: string[] = [];
  for (const q of long) reduced.push((await index.search({ query: q, mode })).reducedQuery ?? q);
  shapes.push(
    { set: name, label: 'one sentence', requests: sentences },
    { set: name, label: 'reduced text of 10,000 chars', requests: reduced },
    { set: name, label: '10,000 chars', requests: long },
  );
}
for (const { requests } of shapes)
  for (const q of requests.slice(0, 50)) await index.search({ query: `${q} warm`, mode }); // JIT, not the cached texts
const wall50 = shapes.map(() => [] as number[]);
const cpu50 = shapes.map(() => [] as number[]);
const loadBefore = loadavg();
for (let round = 0; round < ROUNDS; round++)
  for (const [s, { requests }] of shapes.entries()) {
    const wall: number[] = [];
    const cpu: number[] = [];
    for (const q of requests) {
      const t = await timed(() => index.search({ query: q, limit: 10, mode }));
      wall.push(t.wall);
      cpu.push(t.cpu);
    }
    wall50[s]!.push(median(wall));
    cpu50[s]!.push(median(cpu));
  }
const mean = (xs: string[]) => Math.round(xs.reduce((a, x) => a + x.length, 0) / xs.length);
const load = (xs: number[]) => xs.map((x) => x.toFixed(2)).join(' ');
console.log(
  `\n${mode}, 1,000 tools, ${ROUNDS} rounds; loadavg ${load(loadBefore)} before, ${load(loadavg())} after\n`,
);
console.log(
  table(
    [
      'requests',
      'request',
      'mean chars',
      'p50 ms',
      'p50 CPU ms',
      'p50 vs one sentence',
      'CPU p50 vs one sentence',
    ],
    shapes.map(({ set, label, requests }, s) => {
      const one = shapes.findIndex((x) => x.set === set);
      return [
        set,
        label,
        mean(requests),
        ms(median(wall50[s]!)),
        ms(median(cpu50[s]!)),
        `${(median(wall50[s]!) / median(wall50[one]!)).toFixed(2)}×`,
        `${(median(cpu50[s]!) / median(cpu50[one]!)).toFixed(2)}×`,
      ];
    }),
  ),
);
