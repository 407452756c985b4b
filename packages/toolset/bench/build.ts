/**
 * Building a set over 10,000 tools and evaluating a policy for every tool.
 * The 527 real MCP tools are scaled up with variations (namespace `<ns>.v<k>`, an extra tier tag,
 * alternating read-only hints) — each variant is a complete canonical tool with its own id and
 * content hash. Prints medians over several runs with plain-JavaScript baselines from the same run.
 * Run: npm run bench -w @toolarsenal/toolset
 */
import { readFileSync } from 'node:fs';
import { contentHash, deepFreeze, formatToolId, parseTool, type Tool } from '@toolarsenal/toolmodel';
import type * as toolsetModule from '../src/index.js';

// Measure the shipped JavaScript (dist, built by the npm script): tsx wraps every closure in
// esbuild's __name helper, which the published build does not have.
const { allow, compilePolicy, deny, obligate, policy, toolset } = (await import(
  process.env.BENCH_SRC === '1' ? '../src/index.js' : '../dist/index.js'
)) as typeof toolsetModule;

const TARGET = 10_000;
const RUNS = 31;

function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9_-]+/g, '-')
    .replace(/^[-_]+|[-_]+$/g, '');
}

const url = new URL('../../../../shared/data/mcp-tools/livemcptool.jsonl', import.meta.url);
const rows = readFileSync(url, 'utf8')
  .split('\n')
  .filter((l) => l.trim() !== '')
  .map((l) => JSON.parse(l));
const base: Tool[] = rows.map((row) =>
  parseTool({
    name: row.tool.name,
    namespace: `mcp.${slug(row.server_key)}`,
    description: row.tool.description ?? '',
    inputSchema: row.tool.inputSchema,
    ...(row.tool.outputSchema && { outputSchema: row.tool.outputSchema }),
    ...(row.tool.annotations && {
      annotations: Object.fromEntries(Object.entries(row.tool.annotations).filter(([, v]) => v !== null)),
    }),
    category: row.category,
    tags: [slug(row.category)],
    source: 'mcp',
  }),
);

function variant(tool: Tool, k: number): Tool {
  const namespace = `${tool.namespace}.v${k}`;
  const next = {
    ...tool,
    namespace,
    id: formatToolId({ namespace, name: tool.name, version: tool.version }),
    tags: [...tool.tags, `tier-${k % 3}`],
    annotations: k % 2 === 1 ? { ...tool.annotations, readOnlyHint: true } : tool.annotations,
  };
  return deepFreeze({ ...next, contentHash: contentHash(next) });
}

const tools: Tool[] = [...base];
for (let k = 1; tools.length < TARGET; k++) {
  for (const t of base) {
    if (tools.length >= TARGET) break;
    tools.push(variant(t, k));
  }
}

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

/**
 * Median CPU time (user + system, from process.cpuUsage) in ms. CPU time, not wall time, because
 * this machine is shared: wall time also counts the time other processes hold the cores.
 * The median wall time is kept too and printed alongside.
 */
const wall = new Map<string, number>();
function measure(fn: () => unknown, label = ''): number {
  for (let i = 0; i < 3; i++) fn(); // warm-up
  const cpu: number[] = [];
  const walls: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const w0 = performance.now();
    const c0 = process.cpuUsage();
    fn();
    const c = process.cpuUsage(c0);
    walls.push(performance.now() - w0);
    cpu.push((c.user + c.system) / 1000);
  }
  if (label) wall.set(label, median(walls));
  return median(cpu);
}

let sink = 0;

// --- building -------------------------------------------------------------------------------
const namespaces = [
  'mcp.git*',
  'mcp.docker-mcp*',
  'mcp.npm-sentinel-mcp*',
  'mcp.filesystem*',
  'mcp.desktop-commander*',
];
const buildSet = () =>
  toolset('devops')
    .from(tools)
    .namespace(...namespaces)
    .tagsAny('code', 'file-access')
    .tagsNone('tier-2')
    .exclude('git_reset', '*delete*', 'kill_process')
    .include('mcp.time:get_current_time')
    .snapshot()
    .build();
const baselineFilter = () => {
  const ns = /^mcp\.(git|docker-mcp|npm-sentinel-mcp|filesystem|desktop-commander)/;
  return tools.filter(
    (t) =>
      !(t.name === 'git_reset' || t.name.includes('delete') || t.name === 'kill_process') &&
      (t.id === 'mcp.time:get_current_time@1.0.0' ||
        (ns.test(t.namespace ?? '') &&
          (t.tags.includes('code') || t.tags.includes('file-access')) &&
          !t.tags.includes('tier-2'))),
  );
};
const set = buildSet();
if (set.size !== baselineFilter().length)
  throw new Error(`set ${set.size} != baseline ${baselineFilter().length}`);

const tBaseline = measure(() => {
  sink += baselineFilter().length;
}, 'tBaseline');
const tBuildPlain = measure(() => {
  sink += toolset('all').from(tools).snapshot().build().size;
}, 'tBuildPlain');
const tBuild = measure(() => {
  sink += buildSet().size;
}, 'tBuild');
const other = toolset('reader').from(tools).annotations({ readOnlyHint: true }).snapshot().build();
const tCompose = measure(() => {
  sink += set.union(other).size + set.difference(other).size;
}, 'tCompose');

// --- policy decisions ----------------------------------------------------------------------
const spec = policy(
  'prod',
  { zeroTrust: true },
  deny.tenant('blocked-co'),
  deny.destructive().namespace('mcp.git*', 'mcp.filesystem*').because('no destructive changes in prod'),
  allow.role('sre', 'devops').audit(),
  allow.tenant('acme').tag('discovery', 'code').rateLimit(60, 60_000),
  allow.scope('tools:read').readOnly(),
  obligate.tool('*write*', '*edit*').confirm('writes need a human'),
);
const compiled = compilePolicy(spec);
const principal = { id: 'u1', tenant: 'acme', roles: ['analyst'], scopes: ['tools:read'] };
const policyBaseline = (t: Tool): boolean => {
  if (principal.tenant === 'blocked-co') return false;
  const ro = t.annotations.readOnlyHint === true;
  const destructive = !ro && t.annotations.destructiveHint !== false;
  if (destructive && /^mcp\.(git|filesystem)/.test(t.namespace ?? '')) return false;
  if (principal.roles.includes('sre') || principal.roles.includes('devops')) return true;
  if (t.tags.includes('discovery') || t.tags.includes('code')) return true;
  return principal.scopes.includes('tools:read') && ro;
};
let agree = 0;
for (const t of tools) if (compiled.evaluate(principal, t).allow === policyBaseline(t)) agree++;
if (agree !== tools.length) throw new Error(`policy and baseline disagree on ${tools.length - agree} tools`);

const tPolicyBaseline = measure(() => {
  for (let i = 0; i < tools.length; i++) if (policyBaseline(tools[i]!)) sink++;
}, 'tPolicyBaseline');
const tPolicy = measure(() => {
  for (let i = 0; i < tools.length; i++) if (compiled.evaluate(principal, tools[i]!).allow) sink++;
}, 'tPolicy');
const all = toolset('all').from(tools).policy(compiled).snapshot().build();
const tSetEvaluate = measure(() => {
  for (let i = 0; i < tools.length; i++) if (all.evaluate(principal, tools[i]!).allow) sink++;
}, 'tSetEvaluate');
const tCompile = measure(() => {
  sink += compilePolicy(spec).zeroTrust ? 1 : 0;
}, 'tCompile');

const n = tools.length;
const rowsOut = [
  ['plain Array.filter, same rules (baseline)', 'tBaseline', tBaseline, false, ''],
  ['toolset build, no filters (source validation + unique ids)', 'tBuildPlain', tBuildPlain, false, ''],
  ['toolset build (validate source + filters), snapshot', 'tBuild', tBuild, false, '< 20 ms'],
  ['union + difference of two 10k-source sets', 'tCompose', tCompose, false, ''],
  ['hand-written policy function, 1 decision/tool (baseline)', 'tPolicyBaseline', tPolicyBaseline, true, ''],
  ['compiled policy.evaluate, 1 decision/tool', 'tPolicy', tPolicy, true, '< 2 µs/decision'],
  ['toolset.evaluate (membership + policy)', 'tSetEvaluate', tSetEvaluate, true, '< 2 µs/decision'],
  ['compilePolicy (validate + compile, once)', 'tCompile', tCompile, false, ''],
] as const;

console.log(
  `toolset bench: ${n} tools (527 real MCP tools × variations), median of ${RUNS} runs, Node ${process.version}`,
);
console.log(
  `set size ${set.size}; policy allows ${tools.filter((t) => compiled.evaluate(principal, t).allow).length}/${n}\n`,
);
console.log('| measurement | median CPU ms | median wall ms | µs per decision (CPU) | target |');
console.log('|---|---:|---:|---:|---|');
for (const [name, key, ms, perDecision, target] of rowsOut) {
  const per = perDecision ? ((ms * 1000) / n).toFixed(3) : '';
  console.log(`| ${name} | ${ms.toFixed(2)} | ${(wall.get(key) ?? 0).toFixed(2)} | ${per} | ${target} |`);
}
console.log(
  `\nload average ${(await import('node:os'))
    .loadavg()
    .map((x) => x.toFixed(1))
    .join(' ')} on ${(await import('node:os')).availableParallelism()} cores`,
);
if (sink === -1) console.log(sink);
