/**
 * Prints what `toCanonical` makes of every shared corpus, one line per definition, so two builds can
 * be compared line by line (`diff`): tools with key order, frozen-ness of every object and array
 * (`~` marks a frozen one) and contentHash, losses and changes, or the error's class, code, pointer
 * and message. Run against this package's dist, or another build's with `TA_DIST=<dir>/dist/index.js`:
 *   node --import tsx bench/canonical-snapshot.ts > a.txt; TA_DIST=… node --import tsx bench/canonical-snapshot.ts > b.txt
 * Needs ../shared (the corpora are not in the repo).
 */
import { readdirSync, readFileSync } from 'node:fs';
import type * as tooladapter from '../src/index.js';
import { dumpOutcome as outcome } from '../src/test-fixtures/canonical-dump.js';

const DATA = new URL('../../../../shared/data/', import.meta.url);
const { toCanonical } = (await import(process.env.TA_DIST ?? '../dist/index.js')) as typeof tooladapter;

const jsonl = (file: string) =>
  readFileSync(new URL(file, DATA), 'utf8')
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line) as Record<string, unknown>);

for (const [i, row] of jsonl('mcp-tools/livemcptool.jsonl').entries()) {
  console.log(`mcp ${i} ${outcome(() => toCanonical(row.tool, 'mcp'))}`);
  console.log(`mcp-detected ${i} ${outcome(() => toCanonical(row.tool))}`);
}
console.log(
  `mcp-rows ${outcome(() => toCanonical(jsonl('mcp-tools/livemcptool.jsonl').slice(0, 40), 'mcp'))}`,
);
for (const [i, row] of jsonl('bfcl/functions.jsonl').entries())
  console.log(`bfcl ${i} ${outcome(() => toCanonical(row.function, 'legacy-function'))}`);
for (const set of ['toollens', 'metatool'])
  for (const [i, row] of jsonl(`${set}/tools.jsonl`).entries())
    console.log(`${set} ${i} ${outcome(() => toCanonical(row))}`);
for (const dir of ['openapi-3.0', 'openapi-3.1', 'swagger-2.0']) {
  for (const file of readdirSync(new URL(`openapi/${dir}/`, DATA), { recursive: true }) as string[]) {
    // The JSON documents (YAML would need a parser this package does not depend on).
    if (!file.endsWith('.json')) continue;
    const doc: unknown = JSON.parse(readFileSync(new URL(`openapi/${dir}/${file}`, DATA), 'utf8'));
    console.log(`openapi ${dir}/${file} ${outcome(() => toCanonical(doc, 'openapi-operation'))}`);
  }
}
