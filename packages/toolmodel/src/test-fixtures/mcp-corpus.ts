import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { ToolInput } from '../tool-types.js';

/** Path of the shared real-tool corpus, read in place (never copied into the repo). */
export const MCP_CORPUS_PATH = fileURLToPath(
  new URL('../../../../../shared/data/mcp-tools/livemcptool.jsonl', import.meta.url),
);

export interface McpCorpusRecord {
  server: string;
  server_key: string;
  category: string;
  tool: {
    name: string;
    title?: string;
    description?: string;
    inputSchema: Record<string, unknown>;
    outputSchema?: Record<string, unknown>;
    annotations?: Record<string, unknown>;
  };
}

export function readMcpCorpus(): McpCorpusRecord[] {
  return readFileSync(MCP_CORPUS_PATH, 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as McpCorpusRecord);
}

/** Hand mapping of a captured MCP tool to a tool definition (tooladapter's MCP codec does this for real). */
export function mcpRecordToInput(record: McpCorpusRecord): ToolInput {
  const annotations = record.tool.annotations
    ? Object.fromEntries(Object.entries(record.tool.annotations).filter(([, v]) => v !== null))
    : undefined;
  return {
    name: record.tool.name,
    namespace: record.server_key.replace(/[^A-Za-z0-9_-]+/g, '-').replace(/^-+|-+$/g, ''),
    description: record.tool.description ?? '',
    inputSchema: record.tool.inputSchema,
    outputSchema: record.tool.outputSchema,
    annotations,
    source: 'mcp',
    category: record.category,
  };
}
