import { defineTool, safeParseTool, suggestName, type Tool } from '@toolarsenal/toolmodel';
import { DATA_DIR, loadToolLensTools, readSharedFile } from './datasets.js';

/** The real tools: 464 ToolLens APIs and the LiveMCPTool MCP tools that parse. */
export function realTools(): Tool[] {
  const mcp: Tool[] = [];
  for (const line of readSharedFile(new URL('mcp-tools/livemcptool.jsonl', DATA_DIR)).split('\n')) {
    if (line.trim() === '') continue;
    const row = JSON.parse(line) as {
      server_key: string;
      tool: { name: string; description?: string; inputSchema?: unknown };
    };
    const parsed = safeParseTool({
      name: suggestName(row.tool.name),
      namespace: suggestName(row.server_key).replace(/_/g, '-'),
      description: row.tool.description ?? '',
      inputSchema: row.tool.inputSchema,
      source: 'mcp',
    });
    if (parsed.success) mcp.push(parsed.tool);
  }
  return [...loadToolLensTools(), ...mcp];
}

/** Deterministic PRNG (mulberry32), so every run builds the same corpus. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Scales the real tools up to `count` with variations: each copy lives in its own namespace, drops one
 * description word and borrows two words from another tool, so copies are similar but not identical.
 */
export function scaledTools(base: readonly Tool[], count: number, seed = 7): Tool[] {
  const random = prng(seed);
  const words = base.flatMap((t) => t.description.split(/\s+/)).filter((w) => w.length > 3);
  const out: Tool[] = [];
  for (let i = 0; i < count; i++) {
    const tool = base[i % base.length]!;
    const copy = Math.floor(i / base.length);
    if (copy === 0) {
      out.push(tool);
      continue;
    }
    const desc = tool.description.split(/\s+/);
    if (desc.length > 3) desc.splice(Math.floor(random() * desc.length), 1);
    desc.push(words[Math.floor(random() * words.length)]!, words[Math.floor(random() * words.length)]!);
    out.push(
      defineTool({
        name: tool.name,
        namespace: `mirror-${copy}`,
        description: desc.join(' '),
        inputSchema: tool.inputSchema as Record<string, unknown>,
        tags: [...tool.tags],
      }),
    );
  }
  return out;
}
