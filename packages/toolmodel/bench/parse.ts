/**
 * Throughput of parse + validate + hash over the 527 real MCP tools.
 * Baseline in the same run: JSON.parse(JSON.stringify(x)) of the same inputs (a deep copy, no checks).
 * Run: npm run bench -w @toolarsenal/toolmodel
 */
import { readFileSync } from 'node:fs';
import type * as toolmodel from '../src/index.js';
import type { Tool } from '../src/index.js';

// Measure the shipped JavaScript (dist, built by the npm script): tsx adds helpers (esbuild's __name on
// every closure) that are not in the published build and distort small-function timings.
const { contentHash, inspectJson, lintTool, parseTool, validateArguments } = (await import(
  process.env.BENCH_SRC === '1' ? '../src/index.js' : '../dist/index.js'
)) as typeof toolmodel;

const corpusPath = new URL('../../../../shared/data/mcp-tools/livemcptool.jsonl', import.meta.url);
const records = readFileSync(corpusPath, 'utf8')
  .trim()
  .split('\n')
  .map((line) => JSON.parse(line));

const inputs = records.map((r) => ({
  name: r.tool.name,
  namespace: String(r.server_key)
    .replace(/[^A-Za-z0-9_-]+/g, '-')
    .replace(/^-+|-+$/g, ''),
  description: r.tool.description ?? '',
  inputSchema: r.tool.inputSchema,
  outputSchema: r.tool.outputSchema,
  annotations: r.tool.annotations
    ? Object.fromEntries(Object.entries(r.tool.annotations).filter(([, v]) => v !== null))
    : undefined,
  source: 'mcp',
  category: r.category,
}));

const RUNS = 15;
const WARMUP = 10;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** Median CPU time (user + system: other processes on a shared machine do not count) after warm-up. */
function measure(label: string, fn: () => void): { label: string; toolsPerSecond: number } {
  for (let i = 0; i < WARMUP; i++) fn(); // warm-up: JIT and ajv's compiled meta-schema
  const rates: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const start = process.cpuUsage();
    fn();
    const used = process.cpuUsage(start);
    rates.push((inputs.length / ((used.user + used.system) / 1000)) * 1000);
  }
  return { label, toolsPerSecond: median(rates) };
}

let tools: Tool[] = [];
const rows = [
  measure('baseline: JSON deep copy', () => {
    for (const input of inputs) JSON.parse(JSON.stringify(input));
  }),
  measure('inspectJson (hostile-input guard)', () => {
    for (const input of inputs) inspectJson(input);
  }),
  measure('parseTool (parse + validate + normalise; hash on first read)', () => {
    tools = inputs.map((input) => parseTool(input));
  }),
  measure('parseTool, then read contentHash', () => {
    for (const input of inputs) void parseTool(input).contentHash;
  }),
  measure('contentHash only', () => {
    for (const tool of tools) contentHash(tool);
  }),
  measure('lintTool', () => {
    for (const tool of tools) lintTool(tool);
  }),
  measure('validateArguments({}) (cached validators)', () => {
    for (const tool of tools) validateArguments(tool, {});
  }),
];

const parse = rows[2]!;
console.log(
  `toolmodel bench — ${inputs.length} real MCP tools, median CPU time of ${RUNS} runs after ${WARMUP} warm-up runs, node ${process.version}\n`,
);
console.log('| step | tools/s | vs baseline |');
console.log('|---|---:|---:|');
for (const row of rows) {
  console.log(
    `| ${row.label} | ${Math.round(row.toolsPerSecond).toLocaleString('en-US')} | ${(row.toolsPerSecond / rows[0]!.toolsPerSecond).toFixed(2)}× |`,
  );
}
const target = 20_000;
console.log(
  `\nparseTool: ${Math.round(parse.toolsPerSecond).toLocaleString('en-US')} tools/s — target ≥ ${target.toLocaleString('en-US')}: ${parse.toolsPerSecond >= target ? 'MET' : 'NOT MET'}`,
);
