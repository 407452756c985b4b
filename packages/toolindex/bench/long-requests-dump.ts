import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { Tool } from '@toolarsenal/toolmodel';
import { DEV_SETS, loadDevSet } from './datasets.js';
import { type PadPosition, padRequests } from './long-requests.js';

/**
 * A dump of what every dev request ranks to, for proving that a latency change leaves rankings alone: for both
 * dev sets, each request plain, padded to 5,000 characters with the request first, last and in the middle, and
 * padded to 10,000, searched in lexical and hybrid mode over the set's own tools; per search the top 10 ids and
 * scores (12 significant digits), the confidence and the reduced text. Run it on two builds and compare the
 * files (`cmp`); the last line printed is a digest of the dump.
 *
 *   tsx bench/long-requests-dump.ts <out-file> [path to a toolindex dist/index.js; default: this tree's src]
 */
interface IndexModule {
  createIndex(options?: Record<string, unknown>): {
    add(tools: readonly Tool[]): unknown;
    embedPending(): Promise<unknown>;
    search(options: Record<string, unknown>): Promise<{
      hits: { id: string; score: number }[];
      confidence: number;
      reducedQuery?: string;
    }>;
  };
  createDefaultEmbedder(): unknown;
}

const [out, entry] = process.argv.slice(2);
if (!out) throw new Error('usage: tsx bench/long-requests-dump.ts <out-file> [dist/index.js]');
const m = (await import(
  entry ? pathToFileURL(entry).href : new URL('../src/index.js', import.meta.url).href
)) as IndexModule;
const file = createWriteStream(out);
const digest = createHash('sha256');
const write = (line: string) => {
  file.write(`${line}\n`);
  digest.update(`${line}\n`);
};
const shapes: { label: string; pad?: { chars: number; position: PadPosition } }[] = [
  { label: 'plain' },
  { label: '5000 first', pad: { chars: 5_000, position: 'first' } },
  { label: '5000 last', pad: { chars: 5_000, position: 'last' } },
  { label: '5000 middle', pad: { chars: 5_000, position: 'middle' } },
  { label: '10000 first', pad: { chars: 10_000, position: 'first' } },
];
let searches = 0;
for (const name of DEV_SETS) {
  const set = loadDevSet(name);
  const plain = set.queries.map((q) => q.query);
  for (const mode of ['lexical', 'hybrid'] as const) {
    const index = m.createIndex(mode === 'hybrid' ? { embedder: m.createDefaultEmbedder() } : {});
    index.add(set.tools);
    await index.embedPending();
    for (const { label, pad } of shapes) {
      const requests = pad ? padRequests(plain, pad.chars, pad.position) : plain;
      for (const [i, query] of requests.entries()) {
        const r = await index.search({ query, mode, limit: 10 });
        searches++;
        const hits = r.hits.map((h) => `${h.id}:${h.score.toPrecision(12)}`).join(' ');
        write(`${name}\t${mode}\t${label}\t${set.queries[i]!.id}\t${r.confidence.toPrecision(12)}\t${hits}`);
        write(`\treduced ${JSON.stringify(r.reducedQuery ?? null)}`);
      }
    }
  }
}
await new Promise((done) => file.end(done));
console.log(`${searches} searches written to ${out}; sha256 ${digest.digest('hex')}`);
