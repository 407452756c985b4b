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
import { updateTool } from '@toolarsenal/toolmodel';
import { compareMs, fmt, RUNS, timeMs, WARMUP } from './measure.js';

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

// 2. Cost per tool against the number of distinct tools the process converts: the same 527 tools
// in 20 namespaces (10,540 distinct ids and name maps) against the 527, in turns. Nothing in a
// conversion depends on the others, so a tool should cost the same in a large catalogue.
const COPIES = 20;
const MAX_GROWTH = 1.25;
const catalogue: typeof tools = [];
for (let copy = 0; copy < COPIES; copy++)
  for (const tool of tools)
    catalogue.push(updateTool(tool, { namespace: `${tool.namespace ?? 'server'}-${copy}` }));
console.log(
  `\n| cost per tool against catalogue size | µs per tool, ${tools.length} tools | µs per tool, ${fmt(catalogue.length)} distinct tools | ratio | ≤ ${MAX_GROWTH}× |`,
);
console.log('|---|---:|---:|---:|:---:|');
for (const target of ['mcp', 'gemini'] as const) {
  const [small = 0, large = 0] = await compareMs(
    [
      () => {
        for (const tool of tools) fromCanonical(tool, target);
      },
      () => {
        for (const tool of catalogue) fromCanonical(tool, target);
      },
    ],
    RUNS,
    WARMUP,
  );
  const perSmall = (1000 * small) / tools.length;
  const perLarge = (1000 * large) / catalogue.length;
  const ratio = perLarge / perSmall;
  console.log(
    `| fromCanonical → ${target} | ${perSmall.toFixed(2)} | ${perLarge.toFixed(2)} | ${ratio.toFixed(2)}× | ${ratio <= MAX_GROWTH ? 'yes' : 'NO'} |`,
  );
}
