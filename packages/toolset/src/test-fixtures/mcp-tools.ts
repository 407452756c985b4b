import { readFileSync } from 'node:fs';
import { parseTool, type Tool } from '@toolarsenal/toolmodel';
import { slug } from './tools.js';

/** Shared corpus: 527 real MCP tools (read in place, never copied into the repo); for `*.corpus.test.ts` only. */
export const MCP_TOOLS_URL = new URL(
  '../../../../../shared/data/mcp-tools/livemcptool.jsonl',
  import.meta.url,
);

interface Row {
  server_key: string;
  category: string;
  tool: {
    name: string;
    description?: string;
    inputSchema?: unknown;
    outputSchema?: unknown;
    annotations?: Record<string, unknown> | null;
  };
}

export function rowToInput(row: Row, variant?: number): Record<string, unknown> {
  const annotations = Object.fromEntries(
    Object.entries(row.tool.annotations ?? {}).filter(([, v]) => v !== null),
  );
  const ns = `mcp.${slug(row.server_key)}`;
  return {
    name: row.tool.name,
    namespace: variant === undefined ? ns : `${ns}.v${variant}`,
    description: row.tool.description ?? '',
    ...(row.tool.inputSchema !== undefined && { inputSchema: row.tool.inputSchema }),
    ...(row.tool.outputSchema !== undefined && { outputSchema: row.tool.outputSchema }),
    ...(Object.keys(annotations).length > 0 && { annotations }),
    category: row.category,
    tags: [slug(row.category)],
    source: 'mcp',
  };
}

export function readRows(): Row[] {
  return readFileSync(MCP_TOOLS_URL, 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as Row);
}

let cache: Tool[] | undefined;

/** The 527 tools as canonical tools: namespace `mcp.<server>`, tag = category slug. */
export function loadMcpTools(): Tool[] {
  cache ??= readRows().map((row) => parseTool(rowToInput(row)));
  return cache;
}
