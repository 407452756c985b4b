// `npm run bench -w @toolarsenal/arsenal`: what the facade costs.
//  (a) cold start to the first `tools/list`: the gateway example's config (three MCP servers from
//      npm + an OpenAPI document) and a 500-tool file; in this process (createArsenal → serve →
//      SDK client) and as `toolarsenal serve` in a child process (node start included).
//  (b) call overhead: server-everything's `echo` called directly with the SDK client vs through
//      `arsenal.call`, and through the gateway over HTTP and stdio (`call_tool`).
// Medians over several runs; goal (a) < 1 s for 500 tools without embeddings.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { createArsenal, loadArsenal } from '../src/index.js';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const exampleConfig = join(root, 'examples/gateway/toolarsenal.yaml');
const cli = join(root, 'packages/toolarsenal/bin/toolarsenal.js');
const everything = realpathSync(join(root, 'node_modules/.bin/mcp-server-everything'));
const info = { name: 'bench', version: '1.0.0' };
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const CALLS = Number(process.env.BENCH_CALLS ?? 200);

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))]!;
const ms = (x: number) => (x >= 100 ? x.toFixed(0) : x.toFixed(2));
const loadavg = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

/** One cold start: wall time, and CPU time (user + system) of the process that did the work. */
interface Sample {
  wall: number;
  cpu: number;
}

/** This process's CPU time in ms. */
const cpuNow = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

/** A child's CPU time in ms so far (Linux: utime + stime from /proc, in clock ticks of 10 ms). */
function childCpu(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** 500 distinct function tools (OpenAI dialect), as a tool file. */
function bigToolFile(dir: string, count = 500): string {
  const verbs = ['get', 'list', 'create', 'update', 'delete', 'search', 'export', 'archive', 'sync', 'count'];
  const things = [
    'invoice',
    'customer',
    'ticket',
    'order',
    'shipment',
    'report',
    'user',
    'project',
    'file',
    'event',
  ];
  const areas = ['billing', 'crm', 'support', 'shop', 'logistics'];
  const tools = Array.from({ length: count }, (_, i) => {
    const verb = verbs[i % verbs.length]!;
    const thing = things[Math.floor(i / verbs.length) % things.length]!;
    const area = areas[Math.floor(i / 100) % areas.length]!;
    return {
      type: 'function',
      function: {
        name: `${area}_${verb}_${thing}_${i}`,
        description: `${verb[0]!.toUpperCase()}${verb.slice(1)} a ${thing} in the ${area} system (variant ${i}).`,
        parameters: {
          type: 'object',
          properties: { id: { type: 'string', description: `The ${thing} id` }, limit: { type: 'integer' } },
          required: ['id'],
        },
      },
    };
  });
  const file = join(dir, 'tools.json');
  writeFileSync(file, JSON.stringify(tools));
  const config = join(dir, 'toolarsenal.yaml');
  writeFileSync(config, 'version: 1\nsources:\n  - name: big\n    file: tools.json\n');
  return config;
}

async function httpClient(url: string): Promise<Client> {
  const client = new Client(info);
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  return client;
}

/** loadArsenal → ready → serve over HTTP → SDK client → first tools/list (ms). */
async function coldInProcess(config: string, mode: 'dynamic' | 'static'): Promise<Sample> {
  const start = performance.now();
  const cpuStart = cpuNow();
  const arsenal = await loadArsenal(config, { env: { ...process.env, TODO_API_PORT: '4999' } });
  await arsenal.ready();
  const serving = await arsenal.serve({ transport: 'http', port: 0, mode });
  const client = await httpClient(serving.url!);
  const { tools } = await client.listTools();
  const elapsed = performance.now() - start;
  const cpu = cpuNow() - cpuStart;
  if (tools.length === 0) throw new Error('no tools listed');
  await client.close();
  await serving.close({ graceMs: 0 });
  await arsenal.close({ graceMs: 0 });
  return { wall: elapsed, cpu };
}

/** `toolarsenal serve --config … --http 0` in a child → SDK client → first tools/list (ms). */
async function coldCli(config: string, mode: 'dynamic' | 'static'): Promise<Sample> {
  const start = performance.now();
  const child = spawn(process.execPath, [cli, 'serve', '--config', config, '--http', '0', '--mode', mode], {
    env: { ...process.env, TODO_API_PORT: '4999' },
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  try {
    const url = await urlOf(child);
    const client = await httpClient(url);
    await client.listTools();
    const elapsed = performance.now() - start;
    const cpu = childCpu(child.pid!);
    await client.close();
    return { wall: elapsed, cpu };
  } finally {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
}

function urlOf(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let printed = '';
    child.stdout!.on('data', (chunk) => {
      printed += chunk;
      const match = /at (http:\/\/\S+\/mcp)/.exec(printed);
      if (match) resolve(match[1]!);
    });
    child.once('exit', (code) => reject(new Error(`serve exited with ${code}`)));
  });
}

async function times(n: number, fn: () => Promise<Sample>): Promise<Sample[]> {
  await fn(); // warm-up: file cache, npx lookup
  const out: Sample[] = [];
  for (let i = 0; i < n; i++) out.push(await fn());
  return out;
}

async function coldStart(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'arsenal-bench-'));
  try {
    const big = bigToolFile(dir);
    const example = process.env.BENCH_SKIP_EXAMPLE !== '1';
    const rows: [string, Sample[]][] = [
      ...(example
        ? ([
            [
              'example config (3 MCP servers via npx + OpenAPI), in process',
              await times(Math.min(RUNS, 3), () => coldInProcess(exampleConfig, 'dynamic')),
            ],
            [
              'example config, `toolarsenal serve` child process',
              await times(Math.min(RUNS, 3), () => coldCli(exampleConfig, 'dynamic')),
            ],
          ] as [string, Sample[]][])
        : []),
      ['500-tool file, dynamic, in process', await times(RUNS, () => coldInProcess(big, 'dynamic'))],
      [
        '500-tool file, static (lists 500), in process',
        await times(RUNS, () => coldInProcess(big, 'static')),
      ],
      [
        '500-tool file, dynamic, `toolarsenal serve` child process',
        await times(RUNS, () => coldCli(big, 'dynamic')),
      ],
      [
        '500-tool file, static, `toolarsenal serve` child process',
        await times(RUNS, () => coldCli(big, 'static')),
      ],
    ];
    console.log('\n### (a) Cold start to the first tools/list (ms, median of runs after one warm-up)\n');
    console.log(`load average at the end: ${loadavg()}\n`);
    console.log('| setup | runs | wall median | wall min | wall max | CPU median | CPU min |');
    console.log('|---|---:|---:|---:|---:|---:|---:|');
    for (const [label, samples] of rows) {
      const wall = samples.map((s) => s.wall);
      const cpu = samples.map((s) => s.cpu);
      console.log(
        `| ${label} | ${samples.length} | ${ms(median(wall))} | ${ms(Math.min(...wall))} | ${ms(Math.max(...wall))} | ${ms(median(cpu))} | ${ms(Math.min(...cpu))} |`,
      );
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Per-call wall times, and this process's CPU time per call (ms) over the measured calls. */
interface Latencies extends Array<number> {
  cpuPerCall?: number;
}

async function callLatencies(call: () => Promise<unknown>): Promise<Latencies> {
  for (let i = 0; i < 20; i++) await call(); // warm-up
  const out: Latencies = [];
  const cpuStart = cpuNow();
  for (let i = 0; i < CALLS; i++) {
    const start = performance.now();
    await call();
    out.push(performance.now() - start);
  }
  out.cpuPerCall = (cpuNow() - cpuStart) / CALLS;
  return out;
}

async function callOverhead(): Promise<void> {
  const args = { message: 'hello' };
  const rows: [string, Latencies][] = [];

  const direct = new Client(info);
  await direct.connect(
    new StdioClientTransport({ command: process.execPath, args: [everything], stderr: 'ignore' }),
  );
  rows.push([
    'SDK client → server-everything (stdio), direct',
    await callLatencies(() => direct.callTool({ name: 'echo', arguments: args })),
  ]);
  await direct.close();

  const arsenal = createArsenal({
    sources: [{ name: 'everything', mcp: { command: process.execPath, args: [everything] } }],
  });
  await arsenal.ready();
  rows.push([
    '`arsenal.call` (runner → MCP client → stdio)',
    await callLatencies(async () => {
      const result = await arsenal.call('everything:echo', args);
      if (!result.ok) throw new Error(JSON.stringify(result.error));
    }),
  ]);
  const serving = await arsenal.serve({ transport: 'http', port: 0 });
  const http = await httpClient(serving.url!);
  const viaGateway = () =>
    http.callTool({ name: 'call_tool', arguments: { id: 'everything_echo', arguments: args } });
  rows.push(['SDK client → gateway over HTTP (`call_tool`) → stdio', await callLatencies(viaGateway)]);
  await http.close();
  await serving.close({ graceMs: 0 });
  await arsenal.close({ graceMs: 0 });

  const dir = mkdtempSync(join(tmpdir(), 'arsenal-bench-'));
  try {
    const config = join(dir, 'toolarsenal.json');
    writeFileSync(
      config,
      JSON.stringify({
        sources: [{ name: 'everything', mcp: { command: process.execPath, args: [everything] } }],
      }),
    );
    const stdio = new Client(info);
    await stdio.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [cli, 'serve', '--config', config, '--stdio'],
        stderr: 'ignore',
      }),
    );
    rows.push([
      'SDK client → `toolarsenal serve --stdio` (`call_tool`) → stdio',
      await callLatencies(() =>
        stdio.callTool({ name: 'call_tool', arguments: { id: 'everything_echo', arguments: args } }),
      ),
    ]);
    await stdio.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }

  const base = median(rows[0]![1]);
  console.log(
    `\n### (b) Call overhead: server-everything \`echo\`, ${CALLS} sequential calls after 20 warm-up (ms)\n`,
  );
  console.log(
    `load average at the end: ${loadavg()}; CPU = this process (client, and the gateway when in process)\n`,
  );
  console.log('| path | p50 | p95 | p50 overhead vs direct | ratio | CPU per call |');
  console.log('|---|---:|---:|---:|---:|---:|');
  for (const [label, xs] of rows)
    console.log(
      `| ${label} | ${ms(median(xs))} | ${ms(pct(xs, 0.95))} | ${ms(median(xs) - base)} | ${(median(xs) / base).toFixed(2)}× | ${ms(xs.cpuPerCall ?? 0)} |`,
    );
}

console.log(
  `Node ${process.version}, ${RUNS} runs (3 for the example config), ${CALLS} calls per path; load average at start: ${loadavg()}.`,
);
// BENCH_PART=cold|calls runs one half; BENCH_SKIP_EXAMPLE=1 leaves out the example config (npx servers).
const part = process.env.BENCH_PART;
if (part !== 'calls') await coldStart();
if (part !== 'cold') await callOverhead();
