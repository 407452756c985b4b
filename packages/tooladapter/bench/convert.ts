/**
 * Conversion throughput over the 527 real MCP tools to every target, median CPU time of several
 * runs after warm-up, with structuredClone and a JSON round trip of each tool as same-run
 * baselines. (bench/gemini-peers.ts, run next by `npm run bench`, compares Gemini lowering with
 * its peers in fresh processes.) Measures the built package (dist): tsx adds helpers to small
 * functions that the published JavaScript does not have.
 * Run: npm run bench -w @toolarsenal/tooladapter
 */
import { cpus } from 'node:os';
import type * as tooladapter from '../src/index.js';
import { loadCorpusTools, optionsOf, TARGET_CONFIGS } from '../src/test-fixtures/corpus-tools.js';
import { fmt, RUNS, timeMs, WARMUP } from './measure.js';

const { fromCanonical } = (await import(
  process.env.BENCH_SRC === '1' ? '../src/index.js' : '../dist/index.js'
)) as typeof tooladapter;

const corpus = loadCorpusTools();
const tools = corpus.map((c) => c.tool);
const perSecond = (count: number, ms: number) => (count / ms) * 1000;

console.log(
  `\ntooladapter bench — ${tools.length} real MCP tools, median CPU time of ${RUNS} runs after ${WARMUP} warm-up runs, node ${process.version}, ${cpus().length} cores\n`,
);

// 1. Every target.
const TARGET_RATE = 10_000;
const rows: Array<{ label: string; rate: number; ms: number }> = [];
const row = async (label: string, fn: () => void) => {
  const ms = await timeMs(fn);
  rows.push({ label, rate: perSecond(tools.length, ms), ms });
};
await row('baseline: structuredClone', () => {
  for (const tool of tools) structuredClone(tool);
});
await row('baseline: JSON round trip', () => {
  for (const tool of tools) JSON.parse(JSON.stringify(tool));
});
for (const config of TARGET_CONFIGS) {
  const options = optionsOf(config);
  await row(`fromCanonical → ${config.label}`, () => {
    for (const tool of tools) fromCanonical(tool, config.dialect, options);
  });
}
console.log(`| target | tools/s | CPU ms/run | ≥ ${fmt(TARGET_RATE)}/s |`);
console.log('|---|---:|---:|:---:|');
for (const r of rows) {
  const meets = r.label.startsWith('baseline') ? '' : r.rate >= TARGET_RATE ? 'yes' : 'NO';
  console.log(`| ${r.label} | ${fmt(r.rate)} | ${r.ms.toFixed(2)} | ${meets} |`);
}
