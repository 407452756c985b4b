/**
 * One run of bench/gemini-peers.ts, in a process of its own (see there): correctness tool by tool,
 * then CPU and wall time per pass of each contender; sends its figures to the parent process.
 */
import type * as tooladapter from '../src/index.js';
import { loadCorpusTools } from '../src/test-fixtures/corpus-tools.js';
import { loadavg } from 'node:os';
import { compareMs, timeMs } from './measure.js';
import { PEER_PASSES, PEER_SAMPLES, PEER_WARMUP, type PeerRun } from './gemini-peers-shared.js';
import {
  aiSdkDeclarations,
  mastraGoogleSchema,
  metaSchemaAccepts,
  type PeerTool,
  validatedAiSdkDeclarations,
} from './peers.js';

const { check, convert, fromCanonical, toCanonical } = (await import(
  process.env.BENCH_SRC === '1' ? '../src/index.js' : '../dist/index.js'
)) as typeof tooladapter;

const corpus = loadCorpusTools();
const tools = corpus.map((c) => c.tool);

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
  PEER_SAMPLES,
  PEER_WARMUP,
  PEER_PASSES,
  canonicalWall,
);
// The validating peer's verdicts, only now: compiling Ajv's meta-schema before the timings from
// canonical tools would leave its garbage and compile jobs to them.
let metaRejected = 0;
for (const raw of speedRaws) if (!metaSchemaAccepts(raw.inputSchema)) metaRejected++;
const [taConvert = 0, taRaw = 0, taParse = 0, aiRaw = 0, aiValidated = 0] = await compareMs(
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
    () => validatedAiSdkDeclarations(fromRawPeers),
  ],
  PEER_SAMPLES,
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

const result: PeerRun = {
  corpusTools: raws.length,
  speedTools: n,
  taRejected,
  aiThrows,
  aiRejected,
  mastraThrows,
  metaRejected,
  convertDiffers,
  cpu: {
    taCanonical,
    aiCanonical,
    taConvert,
    taRaw,
    taParse,
    aiRaw,
    aiValidated,
    mastraCanonical,
    mastraRaw,
  },
  wall: {
    taCanonical: canonicalWall[0] ?? 0,
    aiCanonical: canonicalWall[1] ?? 0,
    taConvert: rawWall[0] ?? 0,
    aiRaw: rawWall[3] ?? 0,
  },
  load: loadavg()[0] ?? 0,
};
if (!process.send) throw new Error('run bench/gemini-peers.ts, which starts this file once per run');
process.send(result);
