// `npm run bench -w @toolarsenal/mcp`: what serving tools through ToolArsenal costs and saves.
//  (a) tokens of the tools/list result for the 527 real MCP tools: static vs dynamic vs hybrid
//  (b) tokens and round trips of a find → describe → call task vs static
//  (c) call overhead over stdio and HTTP vs calling the same MCP server directly (p50/p95, ratio)
// Tokens are counted with js-tiktoken o200k_base on the JSON a client hands a model.
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Client, InMemoryTransport, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { toCanonical } from '@toolarsenal/tooladapter';
import { suggestName, type Tool, updateTool } from '@toolarsenal/toolmodel';
import { createRunner } from '@toolarsenal/toolrun';
import { getEncoding } from 'js-tiktoken';
import {
  createMcpPool,
  createMcpServer,
  http,
  type McpServeMode,
  type ToolArsenalMcpServer,
} from '../src/index.js';
import { listen } from '../src/node.js';
import { binOf, startEverythingHttp } from '../src/test-fixtures/real-servers.js';

const CORPUS = new URL('../../../../shared/data/mcp-tools/livemcptool.jsonl', import.meta.url);
const encoder = getEncoding('o200k_base');
const tokens = (value: unknown) =>
  encoder.encode(typeof value === 'string' ? value : JSON.stringify(value)).length;
const info = { name: 'bench', version: '1.0.0' };

function loadCorpus(): { tools: Tool[]; skipped: number } {
  const tools: Tool[] = [];
  let skipped = 0;
  for (const line of readFileSync(CORPUS, 'utf8').split('\n')) {
    if (line.trim() === '') continue;
    const row = JSON.parse(line) as { server_key: string; tool: unknown };
    try {
      const [tool] = toCanonical(row.tool, 'mcp').tools;
      tools.push(updateTool(tool!, { namespace: suggestName(row.server_key).replace(/_/g, '-') }));
    } catch {
      skipped++;
    }
  }
  return { tools, skipped };
}

async function inProcessClient(server: ToolArsenalMcpServer): Promise<Client> {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.factory({ era: 'legacy' }).connect(serverSide);
  const client = new Client(info);
  await client.connect(clientSide);
  return client;
}

/** What the model reads from a result: its text content. */
function modelText(result: { content?: unknown }): string {
  return ((result.content ?? []) as { type: string; text?: string }[]).map((b) => b.text ?? '').join('\n');
}

async function contextCost(tools: Tool[]): Promise<void> {
  // The task: an agent needs a stock price. Only that tool gets an implementation.
  const target = tools.find((t) => t.name === 'get_current_stock_price');
  if (!target) throw new Error('corpus changed: get_current_stock_price is missing');
  const runner = createRunner();
  runner.register(target, () => ({ symbol: 'AAPL', price: 189.3, currency: 'USD' }));
  const pinned = tools.filter((t) => t.namespace === target.namespace).map((t) => t.id);
  const listTokens: Record<McpServeMode, number> = { static: 0, dynamic: 0, hybrid: 0 };
  const servers: Partial<Record<McpServeMode, ToolArsenalMcpServer>> = {};
  for (const mode of ['static', 'dynamic', 'hybrid'] as const) {
    const server = createMcpServer({ tools, runner, mode, ...(mode === 'hybrid' ? { pinned } : {}) });
    servers[mode] = server;
    const client = await inProcessClient(server);
    const { tools: listed } = await client.listTools();
    listTokens[mode] = tokens(listed);
    await client.close();
  }
  console.log(`\n### (a) Context cost of tools/list: ${tools.length} real MCP tools (o200k_base tokens)\n`);
  console.log('| mode | tools listed | tokens | vs static |');
  console.log('|---|---:|---:|---:|');
  for (const mode of ['static', 'dynamic', 'hybrid'] as const) {
    const client = await inProcessClient(servers[mode]!);
    const count = (await client.listTools()).tools.length;
    await client.close();
    const saved = 1 - listTokens[mode] / listTokens.static;
    console.log(
      `| ${mode}${mode === 'hybrid' ? ` (${pinned.length} pinned)` : ''} | ${count} | ${listTokens[mode]} | ${mode === 'static' ? '—' : `${(saved * 100).toFixed(1)}% fewer`} |`,
    );
  }
  console.log(
    `\nGoal: ≥ 90% fewer tokens in dynamic mode → ${1 - listTokens.dynamic / listTokens.static >= 0.9 ? 'met' : 'NOT met'}.`,
  );

  // (b) find → describe → call in dynamic mode vs list → call in static mode.
  const args = { symbol: 'AAPL' };
  const staticClient = await inProcessClient(servers.static!);
  const staticName = (await staticClient.listTools()).tools.find((t) =>
    t.name.endsWith('get_current_stock_price'),
  )!.name;
  const staticCall = await staticClient.callTool({ name: staticName, arguments: args });
  if (staticCall.isError) throw new Error(`static call failed: ${modelText(staticCall)}`);
  const staticTokens =
    listTokens.static + tokens({ name: staticName, arguments: args }) + tokens(modelText(staticCall));
  await staticClient.close();

  const dyn = await inProcessClient(servers.dynamic!);
  const query = { query: 'current stock price of a company' };
  const found = await dyn.callTool({ name: 'find_tools', arguments: query });
  const foundId = (found.structuredContent as { tools: { id: string }[] }).tools[0]!.id;
  const described = await dyn.callTool({ name: 'describe_tool', arguments: { id: foundId } });
  const called = await dyn.callTool({ name: 'call_tool', arguments: { id: foundId, arguments: args } });
  if (called.isError) throw new Error(`dynamic call failed: ${modelText(called)}`);
  const steps = [
    ['tools/list', listTokens.dynamic],
    ['find_tools', tokens({ name: 'find_tools', arguments: query }) + tokens(modelText(found))],
    [
      'describe_tool',
      tokens({ name: 'describe_tool', arguments: { id: foundId } }) + tokens(modelText(described)),
    ],
    [
      'call_tool',
      tokens({ name: 'call_tool', arguments: { id: foundId, arguments: args } }) + tokens(modelText(called)),
    ],
  ] as const;
  const dynamicTokens = steps.reduce((sum, [, n]) => sum + n, 0);
  await dyn.close();
  console.log(`\n### (b) A typical task: "${query.query}" → ${foundId} (found at rank 1)\n`);
  console.log('| mode | round trips | context tokens | vs static |');
  console.log('|---|---:|---:|---:|');
  console.log(`| static (list → call) | 2 | ${staticTokens} | — |`);
  console.log(
    `| dynamic (list → find → describe → call) | 4 | ${dynamicTokens} | ${((1 - dynamicTokens / staticTokens) * 100).toFixed(1)}% fewer |`,
  );
  console.log(`\nDynamic steps: ${steps.map(([s, n]) => `${s} ${n}`).join(', ')} tokens.`);
  for (const server of Object.values(servers)) await server?.close();
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
}

async function timeCalls(call: () => Promise<unknown>, n: number): Promise<{ p50: number; p95: number }> {
  for (let i = 0; i < 30; i++) await call(); // warm up
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await call();
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 0.5), p95: percentile(times, 0.95) };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function overhead(): Promise<void> {
  const N = 300;
  const RUNS = 3;
  const echo = { message: 'hello' };
  const everythingArgs = [binOf('@modelcontextprotocol/server-everything'), 'stdio'];
  const gatewayScript = fileURLToPath(new URL('./gateway-stdio.ts', import.meta.url));
  const everythingHttp = await startEverythingHttp();
  // The ToolArsenal side over HTTP: a pool on the same HTTP backend, served dynamically on 127.0.0.1
  // (the stdio side, bench/gateway-stdio.ts, reaches its backend over stdio): each path adds one
  // hop of the same transport.
  const pool = createMcpPool([{ name: 'everything', transport: http(everythingHttp.url), era: 'legacy' }]);
  await pool.ready();
  const gateway = createMcpServer({ tools: pool, executors: [pool.executor], mode: 'dynamic' });
  const gatewayHttp = await listen(gateway);

  const connect = async (transport: 'stdio' | 'http', via: 'direct' | 'toolarsenal') => {
    const client = new Client(info);
    if (transport === 'stdio')
      await client.connect(
        new StdioClientTransport(
          via === 'direct'
            ? { command: process.execPath, args: everythingArgs, stderr: 'ignore' }
            : { command: process.execPath, args: ['--import', 'tsx', gatewayScript], stderr: 'ignore' },
        ),
      );
    else
      await client.connect(
        new StreamableHTTPClientTransport(new URL(via === 'direct' ? everythingHttp.url : gatewayHttp.url)),
      );
    const call =
      via === 'direct'
        ? () => client.callTool({ name: 'echo', arguments: echo })
        : () => client.callTool({ name: 'call_tool', arguments: { id: 'everything_echo', arguments: echo } });
    const first = (await call()) as { isError?: boolean; content: unknown };
    if (first.isError) throw new Error(`echo failed: ${JSON.stringify(first.content)}`);
    return { client, call };
  };

  console.log(
    `\n### (c) Overhead per call: server-everything "echo", ${N} sequential calls × ${RUNS} runs (medians)\n`,
  );
  console.log(
    '| transport | direct p50 ms | direct p95 ms | via ToolArsenal call_tool p50 ms | p95 ms | ratio p50 | added p50 ms |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|');
  for (const transport of ['stdio', 'http'] as const) {
    const direct = await connect(transport, 'direct');
    const via = await connect(transport, 'toolarsenal');
    const d = { p50: [] as number[], p95: [] as number[] };
    const v = { p50: [] as number[], p95: [] as number[] };
    for (let r = 0; r < RUNS; r++) {
      const a = await timeCalls(direct.call, N);
      const b = await timeCalls(via.call, N);
      d.p50.push(a.p50);
      d.p95.push(a.p95);
      v.p50.push(b.p50);
      v.p95.push(b.p95);
    }
    await direct.client.close();
    await via.client.close();
    const [dp50, dp95, vp50, vp95] = [median(d.p50), median(d.p95), median(v.p50), median(v.p95)];
    console.log(
      `| ${transport} | ${dp50.toFixed(2)} | ${dp95.toFixed(2)} | ${vp50.toFixed(2)} | ${vp95.toFixed(2)} | ${(vp50 / dp50).toFixed(2)}× | ${(vp50 - dp50).toFixed(2)} |`,
    );
  }
  console.log(
    '\nVia ToolArsenal = client → ToolArsenal server (dynamic mode, `call_tool`) → runner → MCP client → the same server over the same transport: two MCP hops instead of one.',
  );
  await gatewayHttp.close();
  await gateway.close();
  await pool.close();
  await everythingHttp.stop();
}

if (existsSync(CORPUS)) {
  const { tools, skipped } = loadCorpus();
  if (skipped > 0) console.log(`(${skipped} corpus tools could not be read and are left out)`);
  await contextCost(tools);
} else {
  console.log(
    '\n(a)/(b) skipped: ../shared/data/mcp-tools/livemcptool.jsonl is not here (the shared data folder is absent).',
  );
}
await overhead();
