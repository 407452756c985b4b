/**
 * Runner overhead per call vs calling the handler directly, and calls/s for a trivial tool.
 * Run: npm run bench -w @toolarsenal/toolrun
 *
 * Every configuration is measured in the same process and run; the direct call is the baseline.
 * Each measurement is repeated RUNS times and the median reported.
 */
import { cpus, loadavg } from 'node:os';
import type { JsonObject, ToolInput } from '@toolarsenal/toolmodel';
import type * as runnerModule from '../src/index.js';
import type { Runner, ToolHandler } from '../src/index.js';

// Measure the shipped JavaScript (dist, built by the npm script) unless BENCH_SRC=1: tsx adds
// helpers (e.g. esbuild's __name on every closure) that are not in the published build.
const entry = process.env.BENCH_SRC === '1' ? '../src/index.js' : '../dist/index.js';
const { createRunner } = (await import(entry)) as typeof runnerModule;

const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const CALLS = Number(process.env.BENCH_CALLS ?? 20_000);
const CONCURRENCY = 64;

const tool: ToolInput = {
  name: 'add',
  description: 'Adds two numbers.',
  inputSchema: {
    type: 'object',
    properties: { a: { type: 'number' }, b: { type: 'number' } },
    required: ['a', 'b'],
    additionalProperties: false,
  },
  outputSchema: { type: 'object', properties: { sum: { type: 'number' } }, required: ['sum'] },
  annotations: { readOnlyHint: true },
  capabilities: ['read_data'],
};
const handler: ToolHandler = (args: JsonObject) => ({ sum: (args.a as number) + (args.b as number) });
const args = { a: 1, b: 2 };
const principal = { id: 'bench', capabilities: ['read_data'], scopes: [] };

function minimalRunner(): Runner {
  const runner = createRunner({ defaults: { breaker: false, retry: false }, tracing: { enabled: false } });
  runner.register(tool, handler);
  return runner;
}

function defaultRunner(): Runner {
  const runner = createRunner();
  runner.register(tool, handler);
  return runner;
}

/** Validation, capability check, rate limits (tool + principal), both bulkheads, retry, breaker, timeout, audit, events, output validation, tracing (API no-op). */
function fullRunner(): Runner {
  let audited = 0;
  const runner = createRunner({
    concurrency: { limit: 1_000, queue: 10_000 },
    principalRateLimit: { requests: 1e9, intervalMs: 1_000 },
    audit: () => {
      audited++;
    },
    defaultPrincipal: principal,
  });
  runner.on('success', () => {});
  runner.register(tool, {
    handler,
    timeoutMs: 5_000,
    retry: { maxAttempts: 3 },
    breaker: { threshold: 5, cooldownMs: 30_000 },
    concurrency: { limit: 1_000, queue: 10_000 },
    rateLimit: { requests: 1e9, intervalMs: 1_000 },
    validateOutput: true,
  });
  if (audited < 0) throw new Error('unreachable');
  return runner;
}

type Call = () => unknown;

/** Per-call latency samples (ns) for sequential awaited calls. */
async function latencies(call: Call, n: number): Promise<Float64Array> {
  const out = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const t0 = process.hrtime.bigint();
    await call();
    out[i] = Number(process.hrtime.bigint() - t0);
  }
  return out;
}

/** Calls per second with CONCURRENCY calls in flight. */
async function throughput(call: Call, n: number): Promise<number> {
  const t0 = process.hrtime.bigint();
  for (let done = 0; done < n; done += CONCURRENCY) {
    const batch: unknown[] = [];
    for (let j = 0; j < CONCURRENCY; j++) batch.push(call());
    await Promise.all(batch);
  }
  return n / (Number(process.hrtime.bigint() - t0) / 1e9);
}

/** Sequential calls per second (one at a time, awaited). */
async function sequentialRate(call: Call, n: number): Promise<number> {
  const t0 = process.hrtime.bigint();
  for (let i = 0; i < n; i++) await call();
  return n / (Number(process.hrtime.bigint() - t0) / 1e9);
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? 0;
};
const pct = (xs: Float64Array, p: number): number => {
  const s = Float64Array.from(xs).sort();
  return s[Math.min(s.length - 1, Math.ceil(p * s.length) - 1)] ?? 0;
};

interface Row {
  name: string;
  p50: number[];
  p95: number[];
  seq: number[];
  par: number[];
}

async function main(): Promise<void> {
  const configs: { name: string; call: Call }[] = [
    { name: 'direct handler call (baseline)', call: async () => handler(args, undefined as never) },
  ];
  for (const [name, make] of [
    ['runner: validation + timeout only', minimalRunner],
    ['runner: defaults', defaultRunner],
    ['runner: all policies on', fullRunner],
  ] as const) {
    const runner = make();
    const sanity = await runner.run({ name: 'add', arguments: args });
    if (sanity.status !== 'success') throw new Error(`${name}: ${sanity.status} ${sanity.error?.message}`);
    configs.push({ name, call: () => runner.run({ name: 'add', arguments: args }) });
  }
  const rows: Row[] = configs.map((c) => ({ name: c.name, p50: [], p95: [], seq: [], par: [] }));

  for (const c of configs) await latencies(c.call, 5_000); // warm up the JIT
  for (let run = 0; run < RUNS; run++) {
    // Interleave configurations so background load hits them alike.
    for (const [i, c] of configs.entries()) {
      const row = rows[i] as Row;
      const lat = await latencies(c.call, CALLS);
      row.p50.push(pct(lat, 0.5) / 1_000);
      row.p95.push(pct(lat, 0.95) / 1_000);
      row.seq.push(await sequentialRate(c.call, CALLS));
      row.par.push(await throughput(c.call, CALLS));
    }
  }

  const base = rows[0] as Row;
  const baseP50 = median(base.p50);
  const fmt = (n: number, d = 2) => n.toFixed(d).padStart(9);
  const k = (n: number) => `${Math.round(n).toLocaleString('en-US')}`.padStart(11);
  console.log(
    `toolrun overhead — ${RUNS} runs × ${CALLS.toLocaleString('en-US')} calls, medians; Node ${process.version}; code: ${entry}`,
  );
  console.log(
    `machine: ${cpus().length} CPUs, load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' / ')} (calls/s suffer most from other processes; p50 the least)`,
  );
  console.log('');
  console.log(
    `${'configuration'.padEnd(36)} | ${'p50 µs'.padStart(9)} | ${'p95 µs'.padStart(9)} | ${'overhead p50 µs'.padStart(15)} | ${'calls/s seq'.padStart(11)} | ${`calls/s x${CONCURRENCY}`.padStart(11)}`,
  );
  console.log(
    `${'-'.repeat(36)}-|-${'-'.repeat(9)}-|-${'-'.repeat(9)}-|-${'-'.repeat(15)}-|-${'-'.repeat(11)}-|-${'-'.repeat(11)}`,
  );
  for (const row of rows) {
    const p50 = median(row.p50);
    const overhead = row === base ? '—'.padStart(15) : fmt(p50 - baseP50).padStart(15);
    console.log(
      `${row.name.padEnd(36)} | ${fmt(p50)} | ${fmt(median(row.p95))} | ${overhead} | ${k(median(row.seq))} | ${k(median(row.par))}`,
    );
  }
  const full = rows.at(-1) as Row;
  const overheadFull = median(full.p50) - baseP50;
  console.log('');
  console.log(
    `targets: overhead p50 <= 20 µs -> ${overheadFull.toFixed(2)} µs ${overheadFull <= 20 ? 'OK' : 'MISSED'}`,
  );
  const rate = Math.max(median(full.seq), median(full.par));
  console.log(
    `         >= 50,000 calls/s (all policies on) -> ${Math.round(rate).toLocaleString('en-US')} ${rate >= 50_000 ? 'OK' : 'MISSED'}`,
  );
}

await main();
