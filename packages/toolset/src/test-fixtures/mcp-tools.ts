import { readFileSync } from 'node:fs';
import { parseTool, type Tool, updateTool } from '@toolarsenal/toolmodel';

/** Shared corpus: 527 real MCP tools (read in place, never copied into the repo). */
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

/** `Ant Design Components` → `ant-design-components`. */
export function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9_-]+/g, '-')
    .replace(/^[-_]+|[-_]+$/g, '');
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

let capCache: Tool[] | undefined;

/**
 * The corpus declares no capabilities; tests that need them derive a plausible set from the tool
 * name and server (read/write/delete verbs, file-system and network servers).
 */
export function loadMcpToolsWithCapabilities(): Tool[] {
  capCache ??= loadMcpTools().map((t) => {
    const caps = new Set<string>();
    const n = t.name.toLowerCase();
    if (/^(get|read|list|search|find|fetch|show|query)/.test(n)) caps.add('read_data');
    if (/(write|edit|create|move|set|add|update|commit)/.test(n)) caps.add('write_data');
    if (/(delete|remove|kill|terminate|reset|drop)/.test(n)) caps.add('delete_data');
    if (t.namespace === 'mcp.filesystem' || t.namespace === 'mcp.desktop-commander') caps.add('file_system');
    if (/(fetch|search|browse|navigate)/.test(n)) caps.add('network_access');
    if (/(process|execute|run|eval)/.test(n)) caps.add('execute_code');
    return caps.size === 0 ? t : updateTool(t, { capabilities: [...caps] });
  });
  return capCache;
}
