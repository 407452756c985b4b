/**
 * Conversion throughput per target over the 527 real MCP tools: median of several runs, with two
 * baselines measured in the same run (structuredClone and a JSON round trip of every tool).
 * Run: npm run bench -w @toolarsenal/tooladapter
 */
import { fromCanonical } from '../src/index.js';
import { loadCorpusTools, optionsOf, TARGET_CONFIGS } from '../src/test-fixtures/corpus-tools.js';

const RUNS = 9;
const WARMUP = 3;
const TARGET_RATE = 10_000;
const tools = loadCorpusTools().map((c) => c.tool);

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

function measure(label: string, fn: () => void): { label: string; rate: number; ms: number } {
  for (let i = 0; i < WARMUP; i++) fn();
  const times: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const start = performance.now();
    fn();
    times.push(performance.now() - start);
  }
  const ms = median(times);
  return { label, rate: (tools.length / ms) * 1000, ms };
}

const rows = [
  measure('baseline: structuredClone', () => {
    for (const tool of tools) structuredClone(tool);
  }),
  measure('baseline: JSON round trip', () => {
    for (const tool of tools) JSON.parse(JSON.stringify(tool));
  }),
  ...TARGET_CONFIGS.map((config) =>
    measure(`fromCanonical → ${config.label}`, () => {
      const options = optionsOf(config);
      for (const tool of tools) fromCanonical(tool, config.dialect, options);
    }),
  ),
];

const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
const width = Math.max(...rows.map((r) => r.label.length));
console.log(
  `\nConversions of ${tools.length} tools, median of ${RUNS} runs (after ${WARMUP} warm-up runs)\n`,
);
console.log(
  `${'target'.padEnd(width)}  ${'tools/s'.padStart(10)}  ${'ms/run'.padStart(8)}  ${'≥10k/s'.padStart(6)}`,
);
console.log(`${'-'.repeat(width)}  ${'-'.repeat(10)}  ${'-'.repeat(8)}  ${'-'.repeat(6)}`);
for (const row of rows) {
  const meets = row.label.startsWith('baseline') ? '' : row.rate >= TARGET_RATE ? 'yes' : 'NO';
  console.log(
    `${row.label.padEnd(width)}  ${fmt(row.rate).padStart(10)}  ${row.ms.toFixed(2).padStart(8)}  ${meets.padStart(6)}`,
  );
}
