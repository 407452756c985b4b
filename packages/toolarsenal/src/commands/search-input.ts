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
  format: 'canonical' | 'catalogue-rows' | 'dialect';
  /** Later tools that replaced an earlier one with the same canonical id. */
  duplicates: number;
}

/**
 * Catalogue rows, a documented generic format for evaluation sets and simple catalogues:
 * `{"id", "name", "description"?, "parameters"?, "tags"?}` — `parameters` a JSON Schema object, `id` (string or
 * number) the id results are reported under. ToolLens and MetaTool ship their tools this way.
 */
function isCatalogueRow(value: unknown): value is {
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
 * Reads the `--tools` file: canonical tools (array or JSONL), catalogue rows, or any dialect
 * tooladapter reads (MCP, OpenAI, Anthropic, Gemini, …, detected automatically).
 */
export function readSearchCorpus(raw: unknown, source: string): SearchCorpus {
  const list = Array.isArray(raw) ? raw : [raw];
  try {
    if (list.length > 0 && list.every(isCatalogueRow)) return fromCatalogueRows(list);
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

function fromCatalogueRows(rows: readonly unknown[]): SearchCorpus {
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
  return collect(tools, (_t, i) => reported[i]!, 'catalogue-rows');
}

function collect(
  tools: Tool[],
  reportedId: (tool: Tool, index: number) => string,
  format: SearchCorpus['format'],
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

/** One line of a `--queries` file: a query to run, or why the line cannot be run. */
export type QueryLine =
  | { id: string | number; query: string }
  | { id: string | number | null; line: number; error: { code: string; message: string } };

/**
 * Query rows of a `--queries` JSON Lines file: `{id, query}` (`text` or `question` accepted for `query`). A line
 * that is not JSON, not an object or has no query string becomes an error entry for its id (or its line number)
 * instead of stopping the batch.
 */
export function readQueries(text: string): QueryLine[] {
  const out: QueryLine[] = [];
  text.split('\n').forEach((raw, i) => {
    if (raw.trim() === '') return;
    const line = i + 1;
    const fail = (id: string | number | null, message: string): void => {
      out.push({ id, line, error: { code: 'CLI_INVALID_QUERY_LINE', message: `line ${line}: ${message}` } });
    };
    let row: unknown;
    try {
      row = JSON.parse(raw);
    } catch (error) {
      fail(null, `not JSON: ${(error as Error).message}`);
      return;
    }
    if (!isPlainObject(row)) {
      fail(null, 'not a JSON object');
      return;
    }
    const id = typeof row.id === 'string' || typeof row.id === 'number' ? row.id : null;
    const query = row.query ?? row.text ?? row.question;
    if (typeof query !== 'string') {
      fail(id, 'has no "query" string');
      return;
    }
    out.push({ id: id ?? out.length + 1, query });
  });
  return out;
}
