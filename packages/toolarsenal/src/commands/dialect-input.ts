import {
  ConversionError,
  DIALECTS,
  type Dialect,
  detectFormat,
  FormatDetectionError,
  type Loss,
  toCanonical,
  UnknownDialectError,
} from '@toolarsenal/tooladapter';
import {
  isPlainObject,
  parseTool,
  type Tool,
  ToolArsenalError,
  ToolValidationError,
  UnsafeJsonError,
} from '@toolarsenal/toolmodel';
import { Option } from 'commander';
import { parseDocument } from 'yaml';
import { CliError, EXIT } from '../cli-error.js';
import { type CliIo, parseStructured, readText } from '../io.js';

/** Pseudo-dialect for ToolArsenal's own serialised tools (`toolToJson` output, arrays or JSONL). */
export const CANONICAL = 'canonical';

/**
 * Reads JSON/YAML/JSONL input like `readStructured`, first locating YAML syntax errors by line and
 * column (io.ts parses with `prettyErrors: false`, which leaves YAML errors without a position).
 */
export async function readInput(file: string, io: CliIo): Promise<unknown> {
  const source = file === '-' ? '<stdin>' : file;
  const text = await readText(file, io);
  if (!/^\s*[[{]/.test(text)) {
    const error = parseDocument(text, { uniqueKeys: true }).errors[0];
    const at = error?.linePos?.[0];
    if (error && at)
      throw new CliError(
        `${source}: invalid YAML at line ${at.line}, column ${at.col}: ${error.message.split('\n')[0]}`,
      );
  }
  return parseStructured(text, source);
}

/** A `--to/--from/--dialect` option restricted to the known dialects (commander lists them on error). */
export function dialectOption(flags: string, description: string, extra: readonly string[] = []): Option {
  return new Option(flags, description).choices([...DIALECTS, ...extra]);
}

export function isDialect(value: string): value is Dialect {
  return (DIALECTS as readonly string[]).includes(value);
}

function looksCanonical(value: unknown): boolean {
  return isPlainObject(value) && typeof value.id === 'string' && typeof value.contentHash === 'string';
}

export interface LoadedTools {
  tools: Tool[];
  /** Dialect the input was read as. */
  from: Dialect | typeof CANONICAL;
  /** True when the input was a single tool rather than a document or list. */
  single: boolean;
  /** What reading the input changed or could not keep. */
  losses: Loss[];
}

/**
 * Reads parsed input (single tool, dialect document, canonical tools array/JSONL) into canonical
 * tools. Errors of the library become one clear CLI line; bad data exits 1, bad usage exits 2.
 */
export function loadTools(raw: unknown, from: string | undefined, source: string): LoadedTools {
  try {
    const canonical =
      from === CANONICAL ||
      (from === undefined &&
        (looksCanonical(raw) || (Array.isArray(raw) && raw.length > 0 && raw.every(looksCanonical))));
    if (canonical) {
      const list = Array.isArray(raw) ? raw : [raw];
      const losses: Loss[] = [];
      const tools = dedupe(
        list.map((item) => parseTool(stripDerived(item))),
        losses,
        source,
      );
      return { tools, from: CANONICAL, single: !Array.isArray(raw), losses };
    }
    let dialect: Dialect;
    let single: boolean;
    if (from !== undefined) {
      if (!isDialect(from)) throw new UnknownDialectError(from, [...DIALECTS, CANONICAL]);
      dialect = from;
      single = !Array.isArray(raw) && !isDocumentOf(raw, dialect);
    } else {
      const detected = detectOperation(raw) ?? detectFormat(raw);
      dialect = detected.dialect;
      single = detected.kind === 'tool';
    }
    const result = toCanonical(raw, dialect);
    const losses = [...result.losses];
    const tools = dedupe(result.tools, losses, source);
    return { tools, from: dialect, single: single && tools.length === 1, losses };
  } catch (error) {
    throw toCliError(error, source);
  }
}

/** A single OpenAPI operation `{path, method, operation}` (the codec's one-tool form). */
function detectOperation(raw: unknown): { dialect: Dialect; kind: 'tool' } | undefined {
  return isPlainObject(raw) &&
    typeof raw.path === 'string' &&
    typeof raw.method === 'string' &&
    isPlainObject(raw.operation)
    ? { dialect: 'openapi-operation', kind: 'tool' }
    : undefined;
}

/**
 * Identical repeats (same id and content hash) are dropped and reported; different tools sharing
 * an id would share a target name, so they are refused with the positions of both.
 */
function dedupe(tools: readonly Tool[], losses: Loss[], source: string): Tool[] {
  const seen = new Map<string, number>();
  const out: Tool[] = [];
  tools.forEach((tool, i) => {
    const first = seen.get(tool.id);
    if (first === undefined) {
      seen.set(tool.id, i);
      out.push(tool);
      return;
    }
    if (tools[first]!.contentHash !== tool.contentHash)
      throw new CliError(
        `${source}: tools /${first} and /${i} are both "${tool.id}" but differ; give them distinct names or namespaces (e.g. as canonical tools)`,
        EXIT.problems,
        'CLI_DUPLICATE_TOOL',
      );
    losses.push({
      pointer: `/${i}`,
      keyword: 'name',
      action: 'dropped',
      detail: `identical repeat of /${first} ("${tool.id}") removed`,
    });
  });
  return out;
}

function isDocumentOf(raw: unknown, dialect: Dialect): boolean {
  try {
    return detectFormat(raw).dialect === dialect && detectFormat(raw).kind === 'document';
  } catch {
    return false;
  }
}

/** Serialised canonical tools carry `id`/`contentHash`; parseTool recomputes them, so drop stale copies. */
function stripDerived(item: unknown): unknown {
  if (!isPlainObject(item)) return item;
  const { contentHash: _hash, ...rest } = item;
  return rest;
}

/** Maps library errors to CLI errors with the right exit code and a source prefix. */
export function toCliError(error: unknown, source: string): unknown {
  if (CliError.isInstance(error)) return error;
  if (UnknownDialectError.isInstance(error))
    return new CliError(error.message, EXIT.usage, 'CLI_UNKNOWN_DIALECT');
  if (FormatDetectionError.isInstance(error))
    return new CliError(`${source}: ${error.message}`, EXIT.usage, 'CLI_UNKNOWN_FORMAT');
  if (
    ToolValidationError.isInstance(error) ||
    UnsafeJsonError.isInstance(error) ||
    ConversionError.isInstance(error) ||
    ToolArsenalError.isInstance(error)
  )
    return new CliError(`${source}: ${error.message}`, EXIT.problems, 'CLI_INVALID_INPUT');
  return error;
}
