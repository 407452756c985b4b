/**
 * How the inspector's endpoints scale with the catalogue: median wall time per request (real HTTP on 127.0.0.1)
 * at 600 and 5,000 tools, with the library call it wraps measured in the same run as the baseline where there is
 * one. Target: every endpoint the page calls while you type or click answers in under 50 ms at 5,000 tools.
 * Run: npm run bench -w @toolarsenal/inspect
 */
import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { check, fromCanonical } from '@toolarsenal/tooladapter';
import { startInspectServer } from '../src/http/server.js';
import { fixtureTarget, manyTools } from '../src/test-fixtures/arsenal.js';
import { postJson, send } from '../src/test-fixtures/http-client.js';

const RUNS = 21;
const WARM_UP = 5;
const TARGET_MS = 50;

async function median(fn: () => Promise<unknown>): Promise<number> {
  for (let i = 0; i < WARM_UP; i++) await fn(); // lint cache, validators, JIT
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    await fn();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]!;
}

const rows: string[] = [];
for (const size of [600, 5_000]) {
  const target = fixtureTarget(manyTools(size - 6));
  const server = await startInspectServer({ target });
  const url = server.url;
  const byId = (id: string) => target.tools().find((t) => t.id === id)!;
  const refund = byId('payments:process_refund@1.0.0');
  const forecast = byId('weather:get_forecast@1.0.0');
  let callNo = 0;
  const ok = async (reply: Promise<{ status: number }>) => {
    const r = await reply;
    if (r.status !== 200) throw new Error(`HTTP ${r.status}`);
  };
  const cases: Array<[string, () => Promise<unknown>, (() => Promise<unknown>) | undefined]> = [
    ['GET /api/tools (first page)', () => ok(send(`${url}api/tools?limit=50`)), undefined],
    ['GET /api/tools?q= (text filter)', () => ok(send(`${url}api/tools?q=record%2042`)), undefined],
    [
      'POST /api/search (explain)',
      () => ok(postJson(`${url}api/search`, { query: 'look up record 42 in the catalogue' })),
      () => target.search({ query: 'look up record 42 in the catalogue', limit: 10, explain: true }),
    ],
    [
      'POST /api/policy (page of 50)',
      () => ok(postJson(`${url}api/policy`, { subject: { exposure: 'partner' } })),
      undefined,
    ],
    [
      'GET /api/convert (gemini)',
      () => ok(send(`${url}api/convert?id=payments:process_refund@1.0.0&dialect=gemini`)),
      async () => check(fromCanonical(refund, 'gemini').value, 'gemini'),
    ],
    [
      'POST /api/call (success)',
      () => ok(postJson(`${url}api/call`, { id: 'weather:get_forecast@1.0.0', arguments: { city: 'Oslo' } })),
      () => target.calls!.call({ callId: `bench-${callNo++}`, tool: forecast, arguments: { city: 'Oslo' } }),
    ],
  ];
  for (const [name, fn, baseline] of cases) {
    const ms = await median(fn);
    const base = baseline ? await median(baseline) : undefined;
    rows.push(
      `| ${size.toLocaleString('en')} | ${name} | ${ms.toFixed(2)} | ${base === undefined ? '–' : base.toFixed(2)} | ${ms < TARGET_MS ? 'yes' : '**no**'} |`,
    );
  }
  await server.close();
}

console.log(
  `Median of ${RUNS} requests (ms), real HTTP on 127.0.0.1; target < ${TARGET_MS} ms. ` +
    `${cpus().length} cores, load average ${loadavg()[0]!.toFixed(1)} at the end of the run.\n`,
);
console.log('| tools | endpoint | ms | library call alone (ms) | under target |');
console.log('| ---: | --- | ---: | ---: | --- |');
for (const row of rows) console.log(row);
