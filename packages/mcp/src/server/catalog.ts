import type { Tool as McpTool } from '@modelcontextprotocol/server';
import { fromCanonicalMany, MCP_NAME_RULE, mapNames, TOOLARSENAL_META_KEY } from '@toolarsenal/tooladapter';
import { isPlainObject, type Tool } from '@toolarsenal/toolmodel';

/** Names of the meta-tools; never given to a served tool. */
export const META_TOOL_NAMES = Object.freeze(['find_tools', 'describe_tool', 'call_tool'] as const);

interface Snapshot {
  tools: readonly Tool[];
  byId: Map<string, Tool>;
  byName: Map<string, Tool>;
  nameOf: Map<string, string>;
  encoded: Map<string, McpTool>;
}

/**
 * The served tools under their MCP names, lowered by tooladapter's MCP codec. A tool with a
 * namespace is served as `namespace_name` (MCP names cannot hold the `:`/`@` of canonical ids,
 * and some hosts forward names to model APIs that refuse dots); collisions get a short hash.
 * The canonical name travels in `_meta["io.toolarsenal/tool"]` so ToolArsenal clients restore
 * the tool exactly. Recomputed lazily after `invalidate()`.
 */
export class Catalog {
  #snapshot: Snapshot | undefined;
  #version = 0;

  constructor(private readonly source: () => readonly Tool[]) {}

  /** Bumps on every change of the served tools. */
  get version(): number {
    return this.#version;
  }

  invalidate(): void {
    this.#snapshot = undefined;
    this.#version++;
  }

  tools(): readonly Tool[] {
    return this.#read().tools;
  }

  /** A served tool by MCP name or canonical id. */
  lookup(nameOrId: string): Tool | undefined {
    const s = this.#read();
    return s.byName.get(nameOrId) ?? s.byId.get(nameOrId);
  }

  has(tool: Tool): boolean {
    return this.#read().byId.get(tool.id) === tool;
  }

  nameOf(tool: Tool): string {
    return this.#read().nameOf.get(tool.id) ?? tool.name;
  }

  /** The `tools/list` entry for a served tool. */
  encoded(tool: Tool): McpTool {
    const entry = this.#read().encoded.get(tool.id);
    if (!entry) throw new Error(`tool "${tool.id}" is not served`);
    return entry;
  }

  #read(): Snapshot {
    if (this.#snapshot) return this.#snapshot;
    const all = this.source();
    const byId = new Map<string, Tool>();
    const tools: Tool[] = [];
    for (const tool of all) {
      if (byId.has(tool.id)) continue; // first wins; toolsets already refuse duplicates
      byId.set(tool.id, tool);
      tools.push(tool);
    }
    const { names } = mapNames(
      tools.map((t) => ({
        id: t.id,
        name: t.namespace ? `${t.namespace.replaceAll('.', '_')}_${t.name}` : t.name,
      })),
      MCP_NAME_RULE,
      new Set(META_TOOL_NAMES),
    );
    const conversion = fromCanonicalMany(tools, 'mcp');
    const byName = new Map<string, Tool>();
    const nameOf = new Map<string, string>();
    const encoded = new Map<string, McpTool>();
    tools.forEach((tool, i) => {
      const name = names[i]!;
      byName.set(name, tool);
      nameOf.set(tool.id, name);
      encoded.set(tool.id, withName(conversion.tools[i]!.value, name, tool));
    });
    this.#snapshot = { tools, byId, byName, nameOf, encoded };
    return this.#snapshot;
  }
}

/** The codec's value under the served name; the canonical name rides in our `_meta` entry when they differ. */
function withName(value: unknown, name: string, tool: Tool): McpTool {
  const out: Record<string, unknown> = { ...(value as Record<string, unknown>), name };
  if (name !== tool.name) {
    const meta = isPlainObject(out._meta) ? { ...out._meta } : {};
    const ours = isPlainObject(meta[TOOLARSENAL_META_KEY]) ? meta[TOOLARSENAL_META_KEY] : {};
    meta[TOOLARSENAL_META_KEY] = { ...ours, name: tool.name };
    out._meta = meta;
  }
  return out as McpTool;
}
