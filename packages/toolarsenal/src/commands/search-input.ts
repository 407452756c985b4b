import { ConversionError, FormatDetectionError, toCanonical } from '@toolarsenal/tooladapter';
import {
  defineTool,
  isPlainObject,
  parseTool,
  suggestName,
  type Tool,
  ToolArsenalError,
} from '@toolarsenal/toolmodel';
import { CliError, EXIT } from '../cli-error.js';

/** Tools to search plus the id to report for each (a benchmark's own `id` field when present). */
export interface SearchCorpus {
  tools: Tool[];
  /** Canonical tool id → reported id. */
  reportedIds: Map<string, string>;
  format: 'canonical' | 'toollens' | string;
  /** Later tools that replaced an earlier one with the same canonical id. */
  duplicates: number;
}

/** ToolLens/ToolBench benchmark rows: `{id, name, description, parameters, tags}` (no `inputSchema`). */
function isBenchmarkRow(value: unknown): value is {
  id: string | number;
  name: string;
  description?: string;
  parameters?: unknown;
  tags?: unknown;
} {
  return (
    isPlainObject(value) &&
    (typeof value.id === 'string' || typeof value.id === 'number') &&
    typeof value.name === 'string' &&
    isPlainObject(value.parameters) &&
    !('inputSchema' in value) &&
    !('type' in value)
  );
}

function isCanonicalJson(value: unknown): boolean {
  return isPlainObject(value) && typeof value.id === 'string' && typeof value.contentHash === 'string';
}

/**
 * Reads the `--tools` file: canonical tools (array or JSONL), ToolLens benchmark rows, or any dialect
 * tooladapter reads (MCP, OpenAI, Anthropic, Gemini, …, detected automatically).
 */
export function readSearchCorpus(raw: unknown, source: string): SearchCorpus {
  const list = Array.isArray(raw) ? raw : [raw];
  try {
    if (list.length > 0 && list.every(isBenchmarkRow)) return fromBenchmark(list);
    if (list.length > 0 && list.every(isCanonicalJson)) {
      const tools = list.map((item) => {
        const { contentHash: _hash, ...rest } = item as Record<string, unknown>;
        return parseTool(rest);
      });
      return collect(tools, (t) => t.id, 'canonical');
    }
    const result = toCanonical(raw);
    return collect([...result.tools], (t) => t.id, 'dialect');
  } catch (error) {
    if (CliError.isInstance(error)) throw error;
    if (FormatDetectionError.isInstance(error)) throw new CliError(`${source}: ${error.message}`, EXIT.usage);
    if (ConversionError.isInstance(error) || ToolArsenalError.isInstance(error)) {
      throw new CliError(`${source}: ${error.message}`, EXIT.problems, 'CLI_INVALID_INPUT');
    }
    throw error;
  }
}

function fromBenchmark(rows: readonly unknown[]): SearchCorpus {
  const taken = new Set<string>();
  const reported: string[] = [];
  const tools = rows.map((row) => {
    const r = row as {
      id: string | number;
      name: string;
      description?: unknown;
      parameters: unknown;
      tags?: unknown;
    };
    let name = suggestName(r.name);
    if (taken.has(name)) name = suggestName(`${r.name.slice(0, 40)}_${String(r.id)}`);
    taken.add(name);
    reported.push(String(r.id));
    return defineTool({
      name,
      description: typeof r.description === 'string' ? r.description : '',
      inputSchema: r.parameters as Record<string, unknown>,
      tags: Array.isArray(r.tags) ? r.tags.filter((t): t is string => typeof t === 'string') : [],
    });
  });
  return collect(tools, (_t, i) => reported[i]!, 'toollens');
}

function collect(
  tools: Tool[],
  reportedId: (tool: Tool, index: number) => string,
  format: string,
): SearchCorpus {
  const reportedIds = new Map<string, string>();
  const byId = new Map<string, Tool>();
  let duplicates = 0;
  tools.forEach((tool, i) => {
    if (byId.has(tool.id)) duplicates++;
    byId.set(tool.id, tool);
    reportedIds.set(tool.id, reportedId(tool, i));
  });
  return { tools: [...byId.values()], reportedIds, format, duplicates };
}

/** Query rows of a `--queries` JSONL file: `{id, query}` (`text` or `question` accepted for `query`). */
export function readQueries(text: string, source: string): { id: string | number; query: string }[] {
  const queries: { id: string | number; query: string }[] = [];
  text.split('\n').forEach((line, i) => {
    if (line.trim() === '') return;
    let row: unknown;
    try {
      row = JSON.parse(line);
    } catch (error) {
      throw new CliError(`${source}: line ${i + 1} is not JSON: ${(error as Error).message}`);
    }
    if (!isPlainObject(row)) throw new CliError(`${source}: line ${i + 1} is not a JSON object`);
    const query = row.query ?? row.text ?? row.question;
    if (typeof query !== 'string') throw new CliError(`${source}: line ${i + 1} has no "query" string`);
    const id = typeof row.id === 'string' || typeof row.id === 'number' ? row.id : queries.length + 1;
    queries.push({ id, query });
  });
  if (queries.length === 0) throw new CliError(`${source}: no queries`);
  return queries;
}
