/**
 * OpenAPI import speed next to the peer, @samchon/openapi (`HttpLlm.application`: OpenAPI document →
 * LLM function schemas), on every document of the shared corpus, in the same run.
 *
 *   npm run bench -w @toolarsenal/openapi [-- --runs 5 --budget 60 --only petstore]
 *
 * Both start from the same parsed document object (parsing JSON/YAML is not part of either
 * conversion); multi-file documents are imported from their path by ToolArsenal (the peer cannot
 * follow external files and gets the root file only). Each run does ToolArsenal once, then the peer
 * once, so machine load affects both alike; the first run of each warms up (ajv compiles the OpenAPI
 * meta-schema once per process) and is not counted. The peer runs in a worker thread stopped after
 * `--budget` seconds per run. "complete" means the peer produced a function for every operation;
 * the goal is ToolArsenal within 2× of the peer on each complete document. Wall time and CPU time
 * (`process.cpuUsage`, while the other side is idle) are both reported, with the load average: on a
 * shared machine wall time is inflated by other processes, CPU time much less.
 */
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { parse } from 'yaml';
import { importOpenApi } from '../src/index.js';

const DATA = fileURLToPath(new URL('../../../../shared/data/openapi/', import.meta.url));
const DOCUMENTS = [
  'swagger-2.0/swagger-petstore.json',
  'swagger-2.0/petstore-separate/spec/swagger.yaml',
  'swagger-2.0/netlify-swagger.yml',
  'swagger-2.0/slack_web_openapi_v2_without_examples.json',
  'openapi-3.0/kubernetes-apiextensions.k8s.io-v1.json',
  'openapi-3.0/spotify-web-api.yml',
  'openapi-3.0/twilio_api_v2010.json',
  'openapi-3.0/rebilly-big-openapi.json',
  'openapi-3.0/stripe-spec3.yaml',
  'openapi-3.0/digitalocean/specification/DigitalOcean-public.v2.yaml',
  'openapi-3.1/redoc-demo-petstore-3.1.yaml',
  'openapi-3.1/discord-openapi.json',
  'openapi-3.1/openai-openapi.yaml',
  'invalid/redoc-demo-petstore-3.0.yaml',
] as const;
const MULTI_FILE = new Set<string>([DOCUMENTS[1], DOCUMENTS[9]]);

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? Math.max(1, Number(process.argv[i + 1]) || fallback) : fallback;
};
const RUNS = arg('--runs', 5);
const BUDGET_MS = arg('--budget', 60) * 1000;
const onlyAt = process.argv.indexOf('--only');
const ONLY = onlyAt > 0 ? (process.argv[onlyAt + 1] ?? '') : '';

interface PeerRun {
  ms: number;
  cpuMs: number;
  functions: number;
  errors: number;
  failure?: string;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

function readDocument(path: string): Record<string, unknown> {
  const text = readFileSync(path, 'utf8');
  return (path.endsWith('.json') ? JSON.parse(text) : parse(text, { maxAliasCount: -1 })) as Record<
    string,
    unknown
  >;
}

function verdict(wall: number | undefined, cpu: number | undefined): string {
  const wallOk = wall !== undefined && wall <= 2;
  const cpuOk = cpu !== undefined && cpu <= 2;
  if (wallOk && cpuOk) return 'yes';
  if (!wallOk && !cpuOk) return 'NO';
  return wallOk ? 'wall yes, CPU NO' : 'CPU yes, wall NO';
}

/** A worker holding the document; `run()` resolves with one timed conversion or `undefined` past the budget. */
function peer(document: unknown): { run: () => Promise<PeerRun | undefined>; stop: () => Promise<number> } {
  const worker = new Worker(new URL('./samchon-worker.mjs', import.meta.url), { workerData: { document } });
  return {
    run: () =>
      new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          worker.off('message', done);
          void worker.terminate();
          resolve(undefined);
        }, BUDGET_MS);
        const done = (value: PeerRun) => {
          clearTimeout(timer);
          resolve(value);
        };
        worker.once('message', done);
        worker.once('error', reject);
        worker.postMessage('run');
      }),
    stop: () => worker.terminate(),
  };
}

const cpuMs = (since: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1000;
};

const rows: string[][] = [];
const loadBefore = loadavg();
for (const file of DOCUMENTS.filter((f) => f.includes(ONLY))) {
  const path = `${DATA}${file}`;
  const document = readDocument(path);
  const source = MULTI_FILE.has(file) ? path : document;
  const ours: number[] = [];
  const theirs: number[] = [];
  const oursCpu: number[] = [];
  const theirsCpu: number[] = [];
  let operations = 0;
  let tools = 0;
  let peerResult: PeerRun | undefined;
  let peerTimedOut = false;
  const other = peer(document);
  for (let i = 0; i <= RUNS; i++) {
    const cpu = process.cpuUsage();
    const start = performance.now();
    const result = await importOpenApi(source);
    if (i > 0) {
      ours.push(performance.now() - start);
      oursCpu.push(cpuMs(cpu));
    }
    operations = result.document.operations;
    tools = result.tools.length;
    if (peerTimedOut) continue;
    const run = await other.run();
    if (run === undefined) peerTimedOut = true;
    else {
      peerResult = run;
      if (i > 0) {
        theirs.push(run.ms);
        theirsCpu.push(run.cpuMs);
      }
    }
  }
  await other.stop();
  const m = median(ours);
  const complete = peerResult !== undefined && !peerResult.failure && peerResult.functions === operations;
  const peerMs = theirs.length > 0 ? median(theirs) : undefined;
  const ratio = peerMs === undefined ? undefined : m / peerMs;
  const mCpu = median(oursCpu);
  const peerCpu = theirsCpu.length > 0 ? median(theirsCpu) : undefined;
  const cpuRatio = peerCpu === undefined ? undefined : mCpu / peerCpu;
  rows.push([
    file.replace(/^.*\//, ''),
    String(operations),
    String(tools),
    m.toFixed(1),
    mCpu.toFixed(1),
    peerTimedOut ? `> ${BUDGET_MS / 1000} s (stopped)` : (peerMs?.toFixed(1) ?? '—'),
    peerCpu?.toFixed(1) ?? '—',
    peerResult?.failure
      ? `threw: ${peerResult.failure.slice(0, 40)}`
      : peerResult
        ? `${peerResult.functions} (+${peerResult.errors} errors)`
        : '—',
    ratio === undefined ? '—' : `${ratio.toFixed(2)}×`,
    cpuRatio === undefined ? '—' : `${cpuRatio.toFixed(2)}×`,
    complete ? verdict(ratio, cpuRatio) : 'n/a (peer incomplete)',
  ]);
}

const header = [
  'document',
  'operations',
  'ToolArsenal tools',
  'TA wall ms',
  'TA CPU ms',
  'samchon wall ms',
  'samchon CPU ms',
  'samchon functions',
  'TA / samchon wall',
  'TA / samchon CPU',
  'within 2× (peer complete)',
];
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
const line = (cells: readonly string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
const load = (l: number[]) => l.map((v) => v.toFixed(1)).join(' ');
console.log(
  `OpenAPI import from a parsed document, median of ${RUNS} runs after one warm-up, Node ${process.version}; load average ${load(loadBefore)} at start, ${load(loadavg())} at end`,
);
console.log(line(header));
console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
for (const row of rows) console.log(line(row));
