import { toCanonical } from '@toolarsenal/tooladapter';
import { isPlainObject, type JsonValue, type Tool, updateTool } from '@toolarsenal/toolmodel';

/** A listed tool that could not be imported (it is left out; the rest are kept). */
export interface ImportProblem {
  /** Its position in the server's `tools/list` result. */
  index: number;
  /** Its name as the server listed it, when it had one. */
  name?: string;
  message: string;
}

export interface ImportedTools {
  tools: Tool[];
  problems: ImportProblem[];
}

export interface ImportOptions {
  /** The connection's name; recorded in `sourceMeta.mcp.server` so executors can route calls. */
  server: string;
  /** Namespace given to every tool; `false` keeps what the tool carries (ToolArsenal servers send it). */
  namespace: string | false;
}

/**
 * MCP `tools/list` entries → canonical tools (tooladapter's lossless MCP codec: annotations,
 * `outputSchema`, `title`, icons and `_meta` are kept in the tool or its `sourceMeta.mcp`).
 * The wire name stays in `sourceMeta.mcp.name`, since a ToolArsenal server may list a tool
 * under a qualified name while `_meta` restores its canonical one.
 */
export function importMcpTools(listed: readonly unknown[], options: ImportOptions): ImportedTools {
  const tools: Tool[] = [];
  const problems: ImportProblem[] = [];
  const seen = new Set<string>();
  listed.forEach((raw, index) => {
    const wireName = isPlainObject(raw) && typeof raw.name === 'string' ? raw.name : undefined;
    try {
      const decoded = toCanonical(raw, 'mcp').tools[0];
      if (!decoded) throw new Error('the entry decoded to no tool');
      const previous = isPlainObject(decoded.sourceMeta?.mcp) ? decoded.sourceMeta.mcp : {};
      const mcp: Record<string, JsonValue> = {
        ...previous,
        server: options.server,
        name: wireName ?? decoded.name,
      };
      const tool = updateTool(decoded, {
        ...(options.namespace === false ? {} : { namespace: options.namespace }),
        sourceMeta: { ...decoded.sourceMeta, mcp },
      });
      if (seen.has(tool.id)) throw new Error(`a second tool with id "${tool.id}"`);
      seen.add(tool.id);
      tools.push(tool);
    } catch (error) {
      problems.push({
        index,
        ...(wireName !== undefined ? { name: wireName.slice(0, 200) } : {}),
        message: (error as Error).message.slice(0, 500),
      });
    }
  });
  return { tools, problems };
}

/** The name to send in `tools/call` for an imported tool. */
export function wireName(tool: Tool): string {
  const mcp = tool.sourceMeta?.mcp;
  return isPlainObject(mcp) && typeof mcp.name === 'string' ? mcp.name : tool.name;
}

/** The connection an imported tool came from (`sourceMeta.mcp.server`). */
export function serverOf(tool: Tool): string | undefined {
  const mcp = tool.sourceMeta?.mcp;
  return isPlainObject(mcp) && typeof mcp.server === 'string' ? mcp.server : undefined;
}
