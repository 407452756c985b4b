/**
 * Import speed on the largest documents of the shared corpus: operations per second of
 * `importOpenApi` (median of several runs), with swagger-parser's own `dereference` of the same
 * document measured in the same run as the baseline.
 *
 *   npm run bench -w @toolarsenal/openapi [-- --runs 5]
 */
import { fileURLToPath } from 'node:url';
import SwaggerParser from '@apidevtools/swagger-parser';
import { importOpenApi } from '../src/index.js';

const DATA = fileURLToPath(new URL('../../../../shared/data/openapi/', import.meta.url));
const DOCUMENTS = [
  ['openai-openapi.yaml (3.1, 2.8 MiB, largest file)', 'openapi-3.1/openai-openapi.yaml'],
  ['DigitalOcean (3.0, 2,907 files)', 'openapi-3.0/digitalocean/specification/DigitalOcean-public.v2.yaml'],
  ['stripe-spec3.yaml (3.0, 2.7 MiB)', 'openapi-3.0/stripe-spec3.yaml'],
] as const;

const runsArg = process.argv.indexOf('--runs');
const RUNS = runsArg > 0 ? Math.max(1, Number(process.argv[runsArg + 1]) || 5) : 5;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

async function time<T>(fn: () => Promise<T>): Promise<[number, T]> {
  const start = performance.now();
  const value = await fn();
  return [performance.now() - start, value];
}

const rows: string[][] = [];
for (const [label, file] of DOCUMENTS) {
  const path = `${DATA}${file}`;
  const importMs: number[] = [];
  const derefInImport: number[] = [];
  const baseline: number[] = [];
  let operations = 0;
  let tools = 0;
  for (let i = 0; i < RUNS; i++) {
    // Alternate the two so machine load affects both alike.
    const [ms, result] = await time(() => importOpenApi(path));
    importMs.push(ms);
    derefInImport.push(result.document.dereferenceMs);
    operations = result.document.operations;
    tools = result.tools.length;
    const [base] = await time(() =>
      new SwaggerParser().dereference(path, {
        resolve: { http: false },
        dereference: { circular: 'ignore' },
      }),
    );
    baseline.push(base);
  }
  const m = median(importMs);
  rows.push([
    label,
    String(operations),
    String(tools),
    m.toFixed(0),
    ((operations / m) * 1000).toFixed(0),
    median(derefInImport).toFixed(0),
    median(baseline).toFixed(0),
    (m / median(baseline)).toFixed(2),
  ]);
}

const header = [
  'document',
  'operations',
  'tools',
  'import ms (median)',
  'operations/s',
  'load+validate+deref ms',
  'baseline: swagger-parser dereference ms',
  'import / baseline',
];
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
const line = (cells: readonly string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
console.log(`OpenAPI import, ${RUNS} runs each (median), Node ${process.version}`);
console.log(line(header));
console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
for (const row of rows) console.log(line(row));
