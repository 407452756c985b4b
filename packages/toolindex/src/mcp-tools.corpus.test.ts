import { readFileSync } from 'node:fs';
import { safeParseTool, suggestName, type Tool } from '@toolarsenal/toolmodel';
import { describe, expect, it } from 'vitest';
import { createTestEmbedder } from './test-fixtures/hashing-embedder.js';
import { createIndex } from './tool-index.js';

const DATA = new URL('../../../../shared/data/mcp-tools/livemcptool.jsonl', import.meta.url);

interface Line {
  server_key: string;
  category: string;
  tool: { name: string; description?: string; inputSchema?: unknown; annotations?: unknown };
}

function loadTools(): Tool[] {
  const tools: Tool[] = [];
  for (const line of readFileSync(DATA, 'utf8').split('\n')) {
    if (line.trim() === '') continue;
    const row = JSON.parse(line) as Line;
    const parsed = safeParseTool({
      name: suggestName(row.tool.name),
      namespace: suggestName(row.server_key).replace(/_/g, '-'),
      description: row.tool.description ?? '',
      inputSchema: row.tool.inputSchema,
      category: row.category,
      source: 'mcp',
    });
    if (parsed.success) tools.push(parsed.tool);
  }
  return tools;
}

describe('527 real MCP tools', () => {
  const tools = loadTools();

  it('indexes (nearly) all of them', () => {
    const index = createIndex();
    index.add(tools);
    expect(tools.length).toBeGreaterThan(500);
    expect(index.size).toBe(new Set(tools.map((t) => t.id)).size);
  });

  it('finds Chinese-described tools from Chinese queries', async () => {
    const index = createIndex({ embedder: createTestEmbedder() });
    index.upsert(tools);
    for (const mode of ['lexical', 'hybrid'] as const) {
      const bing = await index.search({ query: '用必应搜索关键词', mode });
      expect(bing.hits[0]?.tool.name, mode).toBe('bing_search');
      const page = await index.search({ query: '获取网页内容', mode, limit: 5 });
      expect(page.hits.map((h) => h.tool.name)).toContain('fetch_webpage');
    }
  });

  it('finds English tools and reports nothing relevant for an unrelated request', async () => {
    const index = createIndex();
    index.upsert(tools);
    const stock = await index.search({ query: 'what is the current stock price of AAPL', limit: 3 });
    expect(stock.hits[0]?.tool.name).toBe('get_current_stock_price');
    const filtered = await index.search({
      query: 'search the web',
      filters: { categories: ['Finance'] },
      limit: 10,
      minRelevance: 0,
    });
    expect(filtered.hits.every((h) => h.tool.category === 'Finance')).toBe(true);
    const none = await index.search('xylophone zebra quintessence');
    expect(none.noRelevantTools).toBe(true);
  });
});
