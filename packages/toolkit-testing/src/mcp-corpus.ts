import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { toCanonical } from '@toolarsenal/tooladapter';
import { suggestName, type Tool, updateTool } from '@toolarsenal/toolmodel';

/**
 * The shared corpus: 527 real MCP tools of 70 servers, read in place from `../shared` beside the
 * repository (never copied into it); for `*.corpus.test.ts` suites and benchmarks only.
 */
export const MCP_CORPUS_PATH = fileURLToPath(
  new URL('../../../../shared/data/mcp-tools/livemcptool.jsonl', import.meta.url),
);

export function hasMcpCorpus(): boolean {
  return existsSync(MCP_CORPUS_PATH);
}

/** Every corpus tool as a canonical tool, namespace = its server (so names repeat across namespaces). */
export function loadMcpCorpus(): Tool[] {
  return readFileSync(MCP_CORPUS_PATH, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => {
      const row = JSON.parse(line) as { server_key: string; tool: unknown };
      const [tool] = toCanonical(row.tool, 'mcp').tools;
      return updateTool(tool!, { namespace: suggestName(row.server_key).replace(/_/g, '-') });
    });
}

/** `n` tools: the corpus, then copies under namespace variants (`server.v2`, `server.v3`, …). */
export function scaleTools(corpus: readonly Tool[], n: number): Tool[] {
  if (corpus.length === 0) return [];
  const out: Tool[] = [];
  for (let v = 1; out.length < n; v++)
    for (const tool of corpus) {
      if (out.length >= n) break;
      out.push(v === 1 ? tool : updateTool(tool, { namespace: `${tool.namespace}.v${v}` }));
    }
  return out;
}
