/**
 * `generateTypes` on the largest documents of the shared corpus: time to generate, size of the
 * file, and what `tsc --strict --noEmit` needs to check it (the compiler API in this process: wall
 * time and CPU time).
 *
 *   npm run bench -w @toolarsenal/openapi
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { importOpenApi } from '../src/index.js';
import { generateTypes } from '../src/types/index.js';

const DATA = fileURLToPath(new URL('../../../../shared/data/openapi/', import.meta.url));
const DOCUMENTS = [
  'openapi-3.1/openai-openapi.yaml',
  'openapi-3.0/stripe-spec3.yaml',
  'openapi-3.1/discord-openapi.json',
  'openapi-3.0/digitalocean/specification/DigitalOcean-public.v2.yaml',
] as const;

const dir = mkdtempSync(join(tmpdir(), 'toolarsenal-types-bench-'));
const rows: string[][] = [];
for (const file of DOCUMENTS) {
  const { tools } = await importOpenApi(`${DATA}${file}`);
  const start = performance.now();
  const generated = await generateTypes(tools);
  const generateMs = performance.now() - start;
  const out = join(dir, `${rows.length}.ts`);
  writeFileSync(out, generated.source);
  const cpu = process.cpuUsage();
  const wall = performance.now();
  const program = ts.createProgram([out], {
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    target: ts.ScriptTarget.ES2022,
  });
  const diagnostics = ts.getPreEmitDiagnostics(program);
  const wallMs = performance.now() - wall;
  const used = process.cpuUsage(cpu);
  rows.push([
    file.replace(/^.*\//, ''),
    String(tools.length),
    generateMs.toFixed(0),
    String(generated.source.split('\n').length),
    (generated.source.length / 1024).toFixed(0),
    diagnostics.length === 0 ? 'ok' : `${diagnostics.length} errors`,
    wallMs.toFixed(0),
    ((used.user + used.system) / 1000).toFixed(0),
  ]);
}

const header = ['document', 'tools', 'generate ms', 'lines', 'KiB', 'tsc --strict', 'tsc ms', 'tsc CPU ms'];
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
const line = (cells: readonly string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
console.log(`generateTypes + tsc --strict --noEmit, Node ${process.version}`);
console.log(line(header));
console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
for (const row of rows) console.log(line(row));
