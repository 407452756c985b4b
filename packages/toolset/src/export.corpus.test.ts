import { describe, expect, it } from 'vitest';
import { toolset } from './builder.js';
import { loadMcpTools } from './test-fixtures/mcp-tools.js';

const tools = loadMcpTools();

describe('export over the 527 real MCP tools', () => {
  it('the whole corpus exports to every dialect with unique, reversible names', () => {
    const all = toolset('all').from(tools).build();
    for (const dialect of ['openai-chat', 'anthropic', 'gemini', 'mcp'] as const) {
      const out = all.export(dialect);
      expect(new Set(Object.values(out.names.toTarget)).size).toBe(527);
      for (const t of tools) expect(out.names.fromTarget[out.names.toTarget[t.id]!]).toBe(t.id);
    }
  });
});
