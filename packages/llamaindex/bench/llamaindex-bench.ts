// `npm run bench -w @toolarsenal/llamaindex`: what per-step tool selection costs and saves in a
// LlamaIndex agent workflow. Drives the real `ToolSelectingAgent.selectTools` (conversation
// reading, retrieval, tool lookup) the way `takeStep` does before each LLM call, over the 527 real
// MCP tools of ../shared (scaled to 5,000 with namespace variants), and counts the tokens of the
// tool definitions an LLM call carries (OpenAI format from @llamaindex/openai's `OpenAI.toTool`,
// js-tiktoken o200k_base) with selection (k = 8) vs all tools.
import { existsSync, readFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import type { BaseToolWithCall, ChatMessage } from '@llamaindex/core/llms';
import { MockLLM } from '@llamaindex/core/llms/mock';
import { OpenAI } from '@llamaindex/openai';
import { createToolCaller, ToolNames } from '@toolarsenal/agentkit';
import { toCanonical } from '@toolarsenal/tooladapter';
import { createDefaultEmbedder, createIndex, type SearchMode } from '@toolarsenal/toolindex';
import { suggestName, type Tool, updateTool } from '@toolarsenal/toolmodel';
import { createRunner } from '@toolarsenal/toolrun';
import { getEncoding } from 'js-tiktoken';
import { ArsenalFunctionTool, ToolSelectingAgent } from '../src/index.js';

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

/** A step in the middle of a task: the request, a tool call and its result, as the workflow holds them. */
function conversation(request: string): ChatMessage[] {
  return [
    { role: 'user', content: 'Hi, I need some help today.' },
    { role: 'assistant', content: 'Sure, what can I do?' },
    { role: 'user', content: request },
    {
      role: 'assistant',
      content: '',
      options: { toolCall: [{ id: 'c1', name: 'get_current_time', input: {} }] },
    },
    {
      role: 'user',
      content: '{"time":"10:02"}',
      options: { toolResult: { id: 'c1', result: '{"time":"10:02"}', isError: false } },
    },
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
  const li: BaseToolWithCall[] = tools.map(
    (tool) => new ArsenalFunctionTool({ tool, name: names.nameOf(tool), caller }),
  );
  const index = createIndex(mode === 'hybrid' ? { embedder: createDefaultEmbedder() } : {});
  index.add(tools);
  if (mode === 'hybrid') await index.embedPending();
  const agent = new ToolSelectingAgent({ llm: new MockLLM(), tools: li, index, limit: K, mode });
  const allTokens = tokens(li.map((t) => OpenAI.toTool(t)));
  const turn = async (request: string) => {
    const cpu = process.cpuUsage();
    const started = performance.now();
    const offered = await agent.selectTools(conversation(request), agent.tools);
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
        if (run === 0 && rep === 0) selectedTokens += tokens(offered.map((t) => OpenAI.toTool(t)));
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
    'llamaindex bench: ../shared/data/mcp-tools/livemcptool.jsonl not found; clone with ../shared beside the repo.',
  );
  process.exit(0);
}
const corpus = loadCorpus();
const rows: Row[] = [];
for (const n of [500, 5_000])
  for (const mode of ['lexical', 'hybrid'] as const) rows.push(await measure(corpus, n, mode));

const goal = (r: Row) => (r.mode === 'lexical' ? 5 : 15);
console.log(
  `\nPer-step tool selection in a LlamaIndex agent (ToolSelectingAgent.selectTools, k = ${K}; ${REQUESTS.length} requests × 10, median of ${RUNS} runs; load average ${loadavg()[0]!.toFixed(1)} on ${availableParallelism()} CPUs)\n`,
);
console.log(
  '| tools | mode | p50 ms | p95 ms | p95 CPU ms | goal p95 | tool-definition tokens per LLM call, k = 8 | all tools | saved |',
);
console.log(
  '| ----: | ---- | -----: | -----: | ---------: | -------: | -----------------------------------------: | --------: | ----: |',
);
for (const r of rows)
  console.log(
    `| ${r.tools.toLocaleString('en-US')} | ${r.mode} | ${r.p50.toFixed(2)} | ${r.p95.toFixed(2)} | ${r.cpu95.toFixed(2)} | ≤ ${goal(r)} (wall ${r.p95 <= goal(r) ? '✓' : '✗'}, CPU ${r.cpu95 <= goal(r) ? '✓' : '✗'}) | ${Math.round(r.selectedTokens).toLocaleString('en-US')} | ${r.allTokens.toLocaleString('en-US')} | ${(100 * (1 - r.selectedTokens / r.allTokens)).toFixed(1)}% |`,
  );
