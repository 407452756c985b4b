// `npm run demo`: a scripted agent session against the gateway with the official MCP SDK client —
// find → describe → call across the sources — and what each step costs in tokens compared with
// listing every tool. Uses GATEWAY_URL when set (e.g. the `npm start` gateway), else starts the
// example itself on free ports and stops it at the end.
import { join } from 'node:path';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { getEncoding } from 'js-tiktoken';
import { exampleDir, startExample } from './gateway.mjs';

const encoder = getEncoding('o200k_base');
const tokens = (value) => encoder.encode(JSON.stringify(value)).length;

const own = process.env.GATEWAY_URL ? undefined : await startExample({ port: 0, apiPort: 0, output: 'pipe' });
const url = process.env.GATEWAY_URL ?? own.url;
const client = new Client({ name: 'toolarsenal-demo', version: '1.0.0' });
await client.connect(new StreamableHTTPClientTransport(new URL(url)));

const rows = [];
let total = 0;
async function step(label, fn) {
  const { request, response, note } = await fn();
  const cost = tokens(request) + tokens(response);
  total += cost;
  rows.push([label, cost, note]);
  console.log(`\n▶ ${label} (${cost} tokens)\n  ${note}`);
  return response;
}
const call = (name, args) => client.callTool({ name, arguments: args });
const text = (result) =>
  result.content
    ?.map((c) => c.text ?? '')
    .join(' ')
    .replace(/\s+/g, ' ')
    .slice(0, 160);
const firstId = (found) => found.structuredContent?.tools?.[0]?.id;

const listed = await step('tools/list', async () => {
  const response = await client.listTools();
  return { request: { method: 'tools/list' }, response, note: response.tools.map((t) => t.name).join(', ') };
});

const tasks = [
  { query: 'the sum of two numbers', args: { a: 2, b: 3 } },
  {
    query: 'read a text file from the workspace',
    args: { path: join(exampleDir, 'workspace', 'launch-checklist.md') },
  },
  {
    query: 'create entities in the knowledge graph',
    args: { entities: [{ name: 'Ada', entityType: 'person', observations: ['wrote the first program'] }] },
  },
  { query: 'list my todo items', args: {} },
];
for (const task of tasks) {
  const found = await step(`find_tools "${task.query}"`, async () => {
    const request = { name: 'find_tools', arguments: { query: task.query, limit: 3 } };
    const response = await call(request.name, request.arguments);
    return { request, response, note: text(response) };
  });
  const id = firstId(found);
  if (!id) continue;
  await step(`describe_tool ${id}`, async () => {
    const request = { name: 'describe_tool', arguments: { id } };
    const response = await call(request.name, request.arguments);
    return { request, response, note: `schema of ${id}` };
  });
  await step(`call_tool ${id}`, async () => {
    const request = { name: 'call_tool', arguments: { id, arguments: task.args } };
    const response = await call(request.name, request.arguments);
    return { request, response, note: `${response.isError ? 'error: ' : ''}${text(response)}` };
  });
}
await client.close();

// The same tools listed statically (what a client pays per request without ToolArsenal's dynamic mode).
const health = await (await fetch(url.replace(/\/mcp$/, '/healthz'))).json();
const { loadArsenal } = await import('@toolarsenal/arsenal');
const arsenal = await loadArsenal(join(exampleDir, 'toolarsenal.yaml'), {
  env: { ...process.env, TODO_API_PORT: String(new URL(own?.api.url ?? 'http://127.0.0.1:4010').port) },
});
await arsenal.ready();
const staticServing = await arsenal.serve({ transport: 'http', mode: 'static', port: 0 });
const staticClient = new Client({ name: 'toolarsenal-demo', version: '1.0.0' });
await staticClient.connect(new StreamableHTTPClientTransport(new URL(staticServing.url)));
const everything = await staticClient.listTools();
await staticClient.close();
await arsenal.close({ graceMs: 0 });
if (own) await own.stop();

const all = tokens({ method: 'tools/list' }) + tokens(everything);
console.log(
  `\nsources: ${health.sources.map((s) => `${s.name} (${s.kind}, ${s.status}, ${s.tools} tools)`).join('; ')}`,
);
console.log('\n| step | tokens |\n| --- | ---: |');
for (const [label, cost] of rows) console.log(`| ${label} | ${cost} |`);
console.log(`| **whole dynamic session** | **${total}** |`);
console.log(`| listing every tool once (static mode, ${everything.tools.length} tools) | ${all} |`);
console.log(
  `\ndynamic tools/list: ${rows[0][1]} tokens vs ${all} for every tool (${(100 * (1 - rows[0][1] / all)).toFixed(1)}% fewer); ` +
    `the whole ${rows.length}-step session cost ${total} tokens, ${(total / all).toFixed(2)}× one static listing ` +
    `(which a static client sends with every model request).`,
);
void listed;
