import { readFileSync } from 'node:fs';
import { toCanonical } from '@toolarsenal/tooladapter';
import { toolToJson, updateTool } from '@toolarsenal/toolmodel';

/** The shared corpora (packages/toolarsenal/src/test-fixtures → /shared/data). */
export const SHARED_DATA = new URL('../../../../../shared/data/', import.meta.url);

/** The first `count` real MCP tools of the LiveMCPTool corpus, as MCP tool objects. */
export function corpusMcpTools(count = Number.POSITIVE_INFINITY): unknown[] {
  const text = readFileSync(new URL('mcp-tools/livemcptool.jsonl', SHARED_DATA), 'utf8');
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .slice(0, count)
    .map((line) => (JSON.parse(line) as { tool: unknown }).tool);
}

/**
 * The 527 real MCP tools as canonical ToolArsenal tools in JSON Lines, namespaced by server (the
 * raw corpus repeats names across servers, which one target document cannot hold).
 */
export function corpusCanonicalJsonl(): string {
  const text = readFileSync(new URL('mcp-tools/livemcptool.jsonl', SHARED_DATA), 'utf8');
  return `${text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => {
      const entry = JSON.parse(line) as { server_key: string; tool: unknown };
      const tool = toCanonical(entry.tool, 'mcp').tools[0]!;
      const namespace = entry.server_key.replace(/[^A-Za-z0-9_-]+/g, '-').replace(/^[^A-Za-z0-9]+/, '');
      return JSON.stringify(toolToJson(updateTool(tool, { namespace })));
    })
    .join('\n')}\n`;
}
