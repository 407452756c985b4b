/**
 * Gemini `parameters` lowering against the Vercel AI SDK's Google converter and
 * @mastra/schema-compat (see peers.ts for versions), over the 527 real MCP tools: how many of
 * each converter's declarations Gemini accepts (by tooladapter's `check`) and how many tools it
 * throws on, then the speed from canonical tools and from the raw MCP JSON on the tools every
 * converter handles. From raw JSON the goal is judged on `convert`, the one-step API for raw input
 * (every check of `toCanonical`, no frozen canonical tool built only to be dropped); the two-step
 * row (`fromCanonical(toCanonical(raw))`) stays as the cost of materialising canonical tools. Median CPU time,
 * contenders measured in turns. A process of its own, so the other targets' conversions do not
 * shape the JIT's view of the shared code. Run: npm run bench -w @toolarsenal/tooladapter
 */
import type * as tooladapter from '../src/index.js';
import { loadCorpusTools } from '../src/test-fixtures/corpus-tools.js';
import { loadavg } from 'node:os';
import { compareMs, fmt, timeMs } from './measure.js';
import { aiSdkDeclarations, mastraGoogleSchema, PEER_VERSIONS, type PeerTool } from './peers.js';

const { check, convert, fromCanonical, toCanonical } = (await import(
  process.env.BENCH_SRC === '1' ? '../src/index.js' : '../dist/index.js'
)) as typeof tooladapter;

const corpus = loadCorpusTools();
const tools = corpus.map((c) => c.tool);
const perSecond = (count: number, ms: number) => (count / ms) * 1000;

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
let convertDiffers = 0;
const convertible: number[] = [];
for (let i = 0; i < raws.length; i++) {
  const raw = raws[i]!;
  const taValue = fromCanonical(toCanonical(raw, 'mcp').tools[0]!, 'gemini').value;
  if (check(taValue, 'gemini').length > 0) taRejected++;
  if (JSON.stringify(convert(raw, { from: 'mcp', to: 'gemini' }).value) !== JSON.stringify(taValue))
    convertDiffers++;
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
const PEER_RUNS = 15;
// Warm-up before the timed samples: fewer passes measure mostly unoptimised code. 40 passes are not
// V8's steady state for tooladapter's larger code (it keeps speeding up for several hundred more;
// the README gives the figures after 1,000), so this judges the goal on the stricter, earlier state.
const PEER_WARMUP = 40;
// Passes over the corpus per timed sample: one pass of the AI SDK takes about a millisecond, too
// short for a stable median (it swung ±30% between runs); 20 passes make every sample 20+ ms.
const PEER_PASSES = 20;
const canonicalWall: number[] = [];
const rawWall: number[] = [];
// tooladapter and the AI SDK in turns; mastra apart (it allocates so much that its garbage
// would be collected during the others' runs).
const [taCanonical = 0, aiCanonical = 0] = await compareMs(
  [
    () => {
      for (const tool of speedTools) fromCanonical(tool, 'gemini');
    },
    () => aiSdkDeclarations(fromCanonicalPeers),
  ],
  PEER_RUNS,
  PEER_WARMUP,
  PEER_PASSES,
  canonicalWall,
);
const [taConvert = 0, taRaw = 0, taParse = 0, aiRaw = 0] = await compareMs(
  [
    () => {
      for (const raw of speedRaws) convert(raw, { from: 'mcp', to: 'gemini' });
    },
    () => {
      for (const raw of speedRaws) fromCanonical(toCanonical(raw, 'mcp').tools[0]!, 'gemini');
    },
    () => {
      for (const raw of speedRaws) toCanonical(raw, 'mcp');
    },
    () => aiSdkDeclarations(fromRawPeers),
  ],
  PEER_RUNS,
  PEER_WARMUP,
  PEER_PASSES,
  rawWall,
);
const mastraCanonical = await timeMs(() => {
  for (const tool of speedTools) mastraGoogleSchema(tool.inputSchema);
}, 5);
const mastraRaw = await timeMs(() => {
  for (const raw of speedRaws) mastraGoogleSchema(raw.inputSchema);
}, 5);

console.log(
  `\nGemini \`parameters\` — tooladapter vs ${PEER_VERSIONS}; median CPU time of ${PEER_RUNS} samples of ${PEER_PASSES} passes each, taken in turns after ${PEER_WARMUP} warm-up passes; load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}\n`,
);
console.log(
  '| converter | accepted by Gemini (check) | throws on | from canonical, tools/s | from raw MCP JSON, tools/s |',
);
console.log('|---|---:|---:|---:|---:|');
if (convertDiffers > 0) throw new Error(`convert differs from the two steps on ${convertDiffers} tools`);
console.log(
  `| tooladapter \`convert\` (one step: raw → Gemini) | ${raws.length - taRejected}/${raws.length} | 0 | | ${fmt(perSecond(n, taConvert))} |`,
);
console.log(
  `| tooladapter (toCanonical → fromCanonical) | ${raws.length - taRejected}/${raws.length} | 0 | ${fmt(perSecond(n, taCanonical))} | ${fmt(perSecond(n, taRaw))} |`,
);
console.log(`| tooladapter toCanonical only (validate + normalise) | | | | ${fmt(perSecond(n, taParse))} |`);
console.log(
  `| AI SDK Google provider | ${raws.length - aiThrows - aiRejected}/${raws.length} | ${aiThrows} | ${fmt(perSecond(n, aiCanonical))} | ${fmt(perSecond(n, aiRaw))} |`,
);
console.log(
  `| @mastra/schema-compat Google layer (JSON Schema out, not Gemini's subset) | n/a | ${mastraThrows} | ${fmt(perSecond(n, mastraCanonical))} | ${fmt(perSecond(n, mastraRaw))} |`,
);
const ratio = (ours: number, theirs: number) => `${(ours / theirs).toFixed(2)}×`;
console.log(
  `\nTime per tool on the ${n} tools every converter handles, tooladapter ÷ AI SDK: from canonical ${ratio(taCanonical, aiCanonical)} (goal ≤ 1.5×: ${taCanonical / aiCanonical <= 1.5 ? 'MET' : 'NOT MET'}), from raw MCP JSON with \`convert\` ${ratio(taConvert, aiRaw)} (goal ≤ 3×: ${taConvert / aiRaw <= 3 ? 'MET' : 'NOT MET'}; two steps ${ratio(taRaw, aiRaw)}); tooladapter ÷ mastra: ${ratio(taCanonical, mastraCanonical)} / ${ratio(taRaw, mastraRaw)}.`,
);
const [taCanonicalWall = 0, aiCanonicalWall = 0] = canonicalWall;
const [taConvertWall = 0, , , aiRawWall = 0] = rawWall;
console.log(
  `Wall time (median per pass, same samples): from canonical ${ratio(taCanonicalWall, aiCanonicalWall)} (${fmt(perSecond(n, taCanonicalWall))} vs ${fmt(perSecond(n, aiCanonicalWall))} tools/s), from raw with \`convert\` ${ratio(taConvertWall, aiRawWall)} (${fmt(perSecond(n, taConvertWall))} vs ${fmt(perSecond(n, aiRawWall))} tools/s); load average now ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}.`,
);
