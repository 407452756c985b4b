import { readFileSync } from 'node:fs';

/** The shared, read-only corpora (resolved from this file: packages/tooladapter/src/test-fixtures → /shared/data). */
const DATA = new URL('../../../../../shared/data/', import.meta.url);

export interface McpCorpusEntry {
  server: string;
  server_key: string;
  category: string;
  tool: {
    name: string;
    description?: string;
    inputSchema: unknown;
    outputSchema?: unknown;
    annotations?: unknown;
  };
}

export interface BfclEntry {
  entry_id: string;
  function: { name: string; description: string; parameters: unknown };
}

function readJsonl<T>(relative: string): T[] {
  const text = readFileSync(new URL(relative, DATA), 'utf8');
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as T);
}

/** The 527 real MCP tools of LiveMCPTool. */
export function loadMcpCorpus(): McpCorpusEntry[] {
  return readJsonl<McpCorpusEntry>('mcp-tools/livemcptool.jsonl');
}

/** The 400 BFCL legacy function definitions. */
export function loadBfclCorpus(): BfclEntry[] {
  return readJsonl<BfclEntry>('bfcl/functions.jsonl');
}

/** A valid canonical namespace from a corpus `server_key` (dot-separated `[A-Za-z0-9_-]` segments). */
export function namespaceFromServerKey(key: string): string {
  const cleaned = key
    .replace(/[^A-Za-z0-9_.-]+/g, '-')
    .split('.')
    .map((segment) => segment.replace(/^[^A-Za-z0-9]+/, ''))
    .filter((segment) => segment !== '')
    .join('.');
  return (cleaned || 'server').slice(0, 128);
}
