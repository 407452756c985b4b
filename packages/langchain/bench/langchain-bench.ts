// `npm run bench -w @toolarsenal/langchain`: what per-turn tool selection costs and saves in a
// LangChain agent. Drives the real `toolArsenalMiddleware` wrapModelCall (conversation reading,
// retrieval, tool lookup) the way createAgent does before each model call, over the 527 real MCP
// tools of ../shared (scaled to 5,000 with namespace variants), and counts the tokens of the
// tool definitions a model call carries (OpenAI format from @langchain/core's convertToOpenAITool,
// js-tiktoken o200k_base) with selection (k = 8) vs all tools.
import { existsSync, readFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { AIMessage, type BaseMessage, HumanMessage, ToolMessage } from '@langchain/core/messages';
import { convertToOpenAITool } from '@langchain/core/utils/function_calling';
import { createToolCaller, ToolNames } from '@toolarsenal/agentkit';
import { toCanonical } from '@toolarsenal/tooladapter';
import { createDefaultEmbedder, createIndex, type SearchMode } from '@toolarsenal/toolindex';
import { suggestName, type Tool, updateTool } from '@toolarsenal/toolmodel';
import { createRunner } from '@toolarsenal/toolrun';
import { getEncoding } from 'js-tiktoken';
import { ArsenalTool, toolArsenalMiddleware } from '../src/index.js';

const CORPUS = new URL('../../../../shared/data/mcp-tools/livemcptool.jsonl', import.meta.url);
const RUNS = 3;
const K = 8;
const encoder = getEncoding('o200k_base');
const tokens = (value: unknown) => encoder.encode(JSON.stringify(value)).length;

/** Requests a user of these servers might make (written for the bench; not tuned to the index). */
const REQUESTS = [
  'What is the current stock price of Tesla?',
  'Find recent arXiv papers about diffusion models for video generation',
  'Read the file README.md in my project and summarise it',
  'Search the web for reviews of the new Pixel phone',
  'What will the weather be like in Lisbon tomorrow?',
  'Create a pie chart of our quarterly revenue by region',
  'List the open pull requests in the repository',
  'Translate this paragraph into Spanish',
  'Get the latest news headlines about climate policy',
  'Convert 250 US dollars to euros',
  'Take a screenshot of the page at example.com',
  'Show me the directions from the airport to the hotel',
  'Save a note that the meeting moved to Friday',
  'What time is it in Tokyo right now?',
  'Look up the definition of the word serendipity',
  'Run this Python snippet and show me the output',
];

function loadCorpus(): Tool[] {
  return readFileSync(CORPUS, 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((line) => {
      const row = JSON.parse(line) as { server_key: string; tool: unknown };
      const [tool] = toCanonical(row.tool, 'mcp').tools;
      return updateTool(tool!, { namespace: suggestName(row.server_key).replace(/_/g, '-') });
    });
}

/** n tools: the corpus, then copies under namespace variants (`server.v2`, …). */
function scale(corpus: readonly Tool[], n: number): Tool[] {
  const out: Tool[] = [];
  for (let v = 1; out.length < n; v++)
    for (const tool of corpus) {
      if (out.length >= n) break;
      out.push(v === 1 ? tool : updateTool(tool, { namespace: `${tool.namespace}.v${v}` }));
    }
  return out;
}

/** A turn in the middle of a task: the request, a tool call and its result, as createAgent holds it. */
function conversation(request: string): BaseMessage[] {
  return [
    new HumanMessage('Hi, I need some help today.'),
    new AIMessage('Sure, what can I do?'),
    new HumanMessage(request),
    new AIMessage({ content: '', tool_calls: [{ id: 'c1', name: 'get_current_time', args: {} }] }),
    new ToolMessage({ content: '{"time":"10:02"}', tool_call_id: 'c1', name: 'get_current_time' }),
  ];
}

function quantile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

interface Row {
  tools: number;
  mode: SearchMode;
  p50: number;
  p95: number;
  cpu95: number;
  selectedTokens: number;
  allTokens: number;
}

async function measure(corpus: readonly Tool[], n: number, mode: SearchMode): Promise<Row> {
  const tools = scale(corpus, n);
  const caller = createToolCaller({ runner: createRunner() });
  const names = new ToolNames();
  const lc = tools.map((tool) => new ArsenalTool({ tool, name: names.nameOf(tool), caller }));
  const index = createIndex(mode === 'hybrid' ? { embedder: createDefaultEmbedder() } : {});
  index.add(tools);
  if (mode === 'hybrid') await index.embedPending();
  const wrap = toolArsenalMiddleware({ index, limit: K, mode }).wrapModelCall!;
  const allTokens = tokens(lc.map((t) => convertToOpenAITool(t)));
  const turn = async (request: string) => {
    let offered: unknown[] = [];
    const cpu = process.cpuUsage();
    const started = performance.now();
    await wrap({ messages: conversation(request), tools: lc, runtime: {} } as never, async (req) => {
      offered = req.tools;
      return new AIMessage('');
    });
    const ms = performance.now() - started;
    const used = process.cpuUsage(cpu);
    return { ms, cpuMs: (used.user + used.system) / 1000, offered };
  };
  for (let i = 0; i < 3; i++) for (const r of REQUESTS) await turn(r); // warm-up: the tool view, JIT
  const p50s: number[] = [];
  const p95s: number[] = [];
  const cpu95s: number[] = [];
  let selectedTokens = 0;
  for (let run = 0; run < RUNS; run++) {
    const times: number[] = [];
    const cpus: number[] = [];
    for (let rep = 0; rep < 10; rep++)
      for (const r of REQUESTS) {
        const { ms, cpuMs, offered } = await turn(r);
        times.push(ms);
        cpus.push(cpuMs);
        if (run === 0 && rep === 0)
          selectedTokens += tokens(offered.map((t) => convertToOpenAITool(t as ArsenalTool)));
      }
    times.sort((a, b) => a - b);
    p50s.push(quantile(times, 0.5));
    p95s.push(quantile(times, 0.95));
    cpus.sort((a, b) => a - b);
    cpu95s.push(quantile(cpus, 0.95));
  }
  return {
    tools: n,
    mode,
    p50: median(p50s),
    p95: median(p95s),
    cpu95: median(cpu95s),
    selectedTokens: selectedTokens / REQUESTS.length,
    allTokens,
  };
}

if (!existsSync(CORPUS)) {
  console.log(
    'langchain bench: ../shared/data/mcp-tools/livemcptool.jsonl not found; clone with ../shared beside the repo.',
  );
  process.exit(0);
}
const corpus = loadCorpus();
const rows: Row[] = [];
for (const n of [500, 5_000])
  for (const mode of ['lexical', 'hybrid'] as const) rows.push(await measure(corpus, n, mode));

const goal = (r: Row) => (r.mode === 'lexical' ? 5 : 15);
console.log(
  `\nPer-turn tool selection in createAgent (toolArsenalMiddleware.wrapModelCall, k = ${K}; ${REQUESTS.length} requests × 10, median of ${RUNS} runs; load average ${loadavg()[0]!.toFixed(1)} on ${availableParallelism()} CPUs)\n`,
);
console.log(
  '| tools | mode | p50 ms | p95 ms | p95 CPU ms | goal p95 | tool-definition tokens per call, k = 8 | all tools | saved |',
);
console.log(
  '| ----: | ---- | -----: | -----: | ---------: | -------: | -------------------------------------: | --------: | ----: |',
);
for (const r of rows)
  console.log(
    `| ${r.tools.toLocaleString('en-US')} | ${r.mode} | ${r.p50.toFixed(2)} | ${r.p95.toFixed(2)} | ${r.cpu95.toFixed(2)} | ≤ ${goal(r)} (wall ${r.p95 <= goal(r) ? '✓' : '✗'}, CPU ${r.cpu95 <= goal(r) ? '✓' : '✗'}) | ${Math.round(r.selectedTokens).toLocaleString('en-US')} | ${r.allTokens.toLocaleString('en-US')} | ${(100 * (1 - r.selectedTokens / r.allTokens)).toFixed(1)}% |`,
  );
