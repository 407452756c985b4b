/**
 * Conversion throughput over the 527 real MCP tools, medians of several runs after warm-up:
 * 1. every target, with structuredClone and a JSON round trip of each tool as same-run baselines;
 * 2. Gemini lowering against the Vercel AI SDK's Google converter and @mastra/schema-compat, from
 *    canonical tools and from the raw MCP JSON (`toCanonical` validates it first), plus how many
 *    of each converter's declarations Gemini accepts (by `check`) and how many tools it throws on.
 * Measures the built package (dist): tsx adds helpers to small functions that the published
 * JavaScript does not have. Run: npm run bench -w @toolarsenal/tooladapter
 */
import { cpus } from 'node:os';
import type * as tooladapter from '../src/index.js';
import { loadCorpusTools, optionsOf, TARGET_CONFIGS } from '../src/test-fixtures/corpus-tools.js';
import { fmt, RUNS, timeMs, WARMUP } from './measure.js';
import { aiSdkDeclarations, mastraGoogleSchema, PEER_VERSIONS, type PeerTool } from './peers.js';

const { check, fromCanonical, toCanonical } = (await import(
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

// 2. Gemini against the peers.
const raws = corpus.map((c) => c.entry.tool);
const peerOf = (t: { name: string; description?: string; inputSchema: unknown }): PeerTool => ({
  name: t.name,
  description: t.description ?? '',
  inputSchema: t.inputSchema,
});

// Correctness first, tool by tool (not timed).
let aiThrows = 0;
let aiRejected = 0;
let mastraThrows = 0;
let taRejected = 0;
const convertible: number[] = [];
for (let i = 0; i < raws.length; i++) {
  const raw = raws[i]!;
  const taValue = fromCanonical(toCanonical(raw, 'mcp').tools[0]!, 'gemini').value;
  if (check(taValue, 'gemini').length > 0) taRejected++;
  let handled = true;
  try {
    const [declaration] = await aiSdkDeclarations([peerOf(raw)]);
    if (check(declaration, 'gemini').length > 0) aiRejected++;
  } catch {
    aiThrows++;
    handled = false;
  }
  try {
    mastraGoogleSchema(raw.inputSchema);
  } catch {
    mastraThrows++;
    handled = false;
  }
  if (handled) convertible.push(i);
}

// Speed on the tools every converter handles (the AI SDK converts a list or throws for all of it).
const speedRaws = convertible.map((i) => raws[i]!);
const speedTools = convertible.map((i) => tools[i]!);
const fromCanonicalPeers = speedTools.map(peerOf);
const fromRawPeers = speedRaws.map(peerOf);
const n = speedTools.length;
const taCanonical = await timeMs(() => {
  for (const tool of speedTools) fromCanonical(tool, 'gemini');
});
const aiCanonical = await timeMs(() => aiSdkDeclarations(fromCanonicalPeers));
const mastraCanonical = await timeMs(() => {
  for (const tool of speedTools) mastraGoogleSchema(tool.inputSchema);
});
const taParse = await timeMs(() => {
  for (const raw of speedRaws) toCanonical(raw, 'mcp');
});
const taRaw = await timeMs(() => {
  for (const raw of speedRaws) fromCanonical(toCanonical(raw, 'mcp').tools[0]!, 'gemini');
});
const aiRaw = await timeMs(() => aiSdkDeclarations(fromRawPeers));
const mastraRaw = await timeMs(() => {
  for (const raw of speedRaws) mastraGoogleSchema(raw.inputSchema);
});

console.log(`\nGemini \`parameters\` — tooladapter vs ${PEER_VERSIONS}\n`);
console.log(
  '| converter | accepted by Gemini (check) | throws on | from canonical, tools/s | from raw MCP JSON, tools/s |',
);
console.log('|---|---:|---:|---:|---:|');
console.log(
  `| tooladapter (toCanonical → fromCanonical) | ${raws.length - taRejected}/${raws.length} | 0 | ${fmt(perSecond(n, taCanonical))} | ${fmt(perSecond(n, taRaw))} |`,
);
console.log(
  `| tooladapter toCanonical only (validate + normalise + hash) | | | | ${fmt(perSecond(n, taParse))} |`,
);
console.log(
  `| AI SDK Google provider | ${raws.length - aiThrows - aiRejected}/${raws.length} | ${aiThrows} | ${fmt(perSecond(n, aiCanonical))} | ${fmt(perSecond(n, aiRaw))} |`,
);
console.log(
  `| @mastra/schema-compat Google layer (JSON Schema out, not Gemini's subset) | n/a | ${mastraThrows} | ${fmt(perSecond(n, mastraCanonical))} | ${fmt(perSecond(n, mastraRaw))} |`,
);
const ratio = (ours: number, theirs: number) => `${(ours / theirs).toFixed(2)}×`;
console.log(
  `\nTime per tool on the ${n} tools every converter handles, tooladapter ÷ AI SDK: from canonical ${ratio(taCanonical, aiCanonical)} (goal ≤ 1.5×: ${taCanonical / aiCanonical <= 1.5 ? 'MET' : 'NOT MET'}), from raw ${ratio(taRaw, aiRaw)} (goal ≤ 3×: ${taRaw / aiRaw <= 3 ? 'MET' : 'NOT MET'}); tooladapter ÷ mastra: ${ratio(taCanonical, mastraCanonical)} / ${ratio(taRaw, mastraRaw)}.`,
);
