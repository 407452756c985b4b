/**
 * HTTP executor overhead per call against two plain clients sending the same request — the global
 * `fetch` and undici's `Agent.request` (the library and pool type the executor sends through) — all
 * against one local node:http server on 127.0.0.1 in the same run.
 *
 *   npm run bench -w @toolarsenal/openapi [-- --calls 2000 --runs 5]
 *
 * One operation (GET /pets/{petId}?limit=…, an API key header, a JSON response) is called
 * sequentially `--calls` times per run by each side, alternating blocks of 100 calls so machine
 * load affects all sides alike; the first run warms up (connections, JIT) and is not counted. The
 * executor path includes everything a call does: reading the tool's source metadata, auth, request
 * encoding, the host policy with a pinned connection pool, the size-capped body read and JSON
 * parsing. The baselines read the body as JSON too. Figures are medians over runs of each run's
 * p50/p95; the goal is executor p50 ≤ 1.2× bare fetch. The load average is printed: on a busy
 * machine the process is descheduled now and then, and a side that spends more CPU per call is hit
 * more often, so p95 there measures contention as much as the client.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { availableParallelism, loadavg } from 'node:os';
import { Agent } from 'undici';
import { createHttpExecutor } from '../src/http/index.js';
import { importOpenApi } from '../src/index.js';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? Math.max(1, Number(process.argv[i + 1]) || fallback) : fallback;
};
const CALLS = arg('--calls', 2000);
const RUNS = arg('--runs', 5);
const BLOCK = 100;

const payload = JSON.stringify({ id: 7, name: 'Rex', tag: null, children: [] });
const server = createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) });
  res.end(payload);
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

const { tools } = await importOpenApi({
  openapi: '3.0.3',
  info: { title: 'Pets', version: '1.0.0' },
  servers: [{ url: `${origin}/v1` }],
  components: { securitySchemes: { key: { type: 'apiKey', in: 'header', name: 'X-Key' } } },
  security: [{ key: [] }],
  paths: {
    '/pets/{petId}': {
      get: {
        operationId: 'getPet',
        parameters: [
          { name: 'petId', in: 'path', required: true, schema: { type: 'integer' } },
          { name: 'limit', in: 'query', schema: { type: 'integer' } },
        ],
        responses: {
          200: { description: 'ok', content: { 'application/json': { schema: { type: 'object' } } } },
        },
      },
    },
  },
});
const tool = tools[0]!;
const executor = createHttpExecutor({
  allowedHosts: [new URL(origin).host],
  auth: { key: { apiKey: 'bench-key' } },
});
const args = { path: { petId: 7 }, query: { limit: 5 } };
const url = `${origin}/v1/pets/7?limit=5`;
const headers = { 'x-key': 'bench-key', accept: 'application/json, */*;q=0.8' };

const viaExecutor = async () => {
  await executor.execute({
    tool,
    arguments: args,
    signal: new AbortController().signal,
    callId: 'bench',
    attempt: 1,
    deadline: Date.now() + 30_000,
    report: () => undefined,
  });
};
const viaFetch = async () => {
  const response = await fetch(url, { headers });
  await response.json();
};
const agent = new Agent();
const viaUndici = async () => {
  const response = await agent.request({ origin, path: '/v1/pets/7?limit=5', method: 'GET', headers });
  await response.body.json();
};

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}
function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

async function block(fn: () => Promise<void>, into: number[]): Promise<void> {
  for (let i = 0; i < BLOCK; i++) {
    const start = performance.now();
    await fn();
    into.push(performance.now() - start);
  }
}

const sides = { fetch: viaFetch, undici: viaUndici, executor: viaExecutor };
type Side = keyof typeof sides;
const results = Object.fromEntries(
  Object.keys(sides).map((k) => [k, { p50: [] as number[], p95: [] as number[] }]),
) as Record<Side, { p50: number[]; p95: number[] }>;
for (let run = 0; run <= RUNS; run++) {
  const times = Object.fromEntries(Object.keys(sides).map((k) => [k, [] as number[]])) as Record<
    Side,
    number[]
  >;
  for (let done = 0; done < CALLS; done += BLOCK)
    for (const side of Object.keys(sides) as Side[]) await block(sides[side], times[side]);
  if (run === 0) continue; // warm-up
  for (const side of Object.keys(sides) as Side[]) {
    const sorted = times[side].sort((a, b) => a - b);
    results[side].p50.push(percentile(sorted, 50));
    results[side].p95.push(percentile(sorted, 95));
  }
}
await executor.close();
await agent.close();
server.close();

const ms = (v: number) => `${v.toFixed(3)} ms`;
const fetchP50 = median(results.fetch.p50);
const fetchP95 = median(results.fetch.p95);
const undiciP50 = median(results.undici.p50);
const undiciP95 = median(results.undici.p95);
const execP50 = median(results.executor.p50);
const execP95 = median(results.executor.p95);
const ratio = (a: number, b: number) => `${(a / b).toFixed(2)}×`;
console.log(
  `\nHTTP executor overhead: ${CALLS} sequential calls per side per run, median of ${RUNS} runs (127.0.0.1, Node ${process.version}, load average ${loadavg()[0]!.toFixed(1)} on ${availableParallelism()} cores)\n`,
);
console.log('| path | p50 | p95 | p50 vs fetch | p95 vs fetch | p50 vs undici |');
console.log('|---|---|---|---|---|---|');
console.log(
  `| bare fetch (same request) | ${ms(fetchP50)} | ${ms(fetchP95)} | 1.00× | 1.00× | ${ratio(fetchP50, undiciP50)} |`,
);
console.log(
  `| undici Agent.request (same request) | ${ms(undiciP50)} | ${ms(undiciP95)} | ${ratio(undiciP50, fetchP50)} | ${ratio(undiciP95, fetchP95)} | 1.00× |`,
);
console.log(
  `| createHttpExecutor().execute | ${ms(execP50)} | ${ms(execP95)} | ${ratio(execP50, fetchP50)} | ${ratio(execP95, fetchP95)} | ${ratio(execP50, undiciP50)} |`,
);
console.log(`\ngoal: executor p50 ≤ 1.2× bare fetch — ${execP50 / fetchP50 <= 1.2 ? 'met' : 'NOT met'}`);
