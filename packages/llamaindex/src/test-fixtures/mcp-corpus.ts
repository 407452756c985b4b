import { readFileSync } from 'node:fs';
import { toCanonical } from '@toolarsenal/tooladapter';
import { suggestName, type Tool, updateTool } from '@toolarsenal/toolmodel';

/** The shared corpus: 527 real MCP tools of 70 servers (read in place, never copied into the repo). */
const DATA = new URL('../../../../../shared/data/mcp-tools/livemcptool.jsonl', import.meta.url);

/** Every corpus tool as a canonical tool, namespace = its server. */
export function loadMcpCorpus(): Tool[] {
  return readFileSync(DATA, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => {
      const row = JSON.parse(line) as { server_key: string; tool: unknown };
      const [tool] = toCanonical(row.tool, 'mcp').tools;
      return updateTool(tool!, { namespace: suggestName(row.server_key).replace(/_/g, '-') });
    });
}

/**
 * Splits tools into groups without repeated names: toolrun keys registrations by name, so one
 * runner cannot hold two same-name tools of different servers (a known toolrun limitation).
 */
export function uniqueNameGroups(tools: readonly Tool[]): Tool[][] {
  const groups: { names: Set<string>; tools: Tool[] }[] = [];
  for (const tool of tools) {
    let group = groups.find((g) => !g.names.has(tool.name));
    if (!group) groups.push((group = { names: new Set(), tools: [] }));
    group.names.add(tool.name);
    group.tools.push(tool);
  }
  return groups.map((g) => g.tools);
}
