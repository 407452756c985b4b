import {
  DIALECTS,
  type Dialect,
  detectFormat,
  isDialect,
  type Loss,
  type ToCanonicalOptions,
  toCanonical,
  UnknownDialectError,
} from '@toolarsenal/tooladapter';
import { isPlainObject, parseTool, type Tool, updateTool } from '@toolarsenal/toolmodel';
import { CliError, EXIT } from '../cli-error.js';
import { type InputSettings, inputSettings } from './input-options.js';
import { toCliError } from './to-cli-error.js';

/** Pseudo-dialect for ToolArsenal's own serialised tools (`toolToJson` output, arrays or JSONL). */
export const CANONICAL = 'canonical';

export interface LoadedTools {
  tools: Tool[];
  /** Dialect the input was read as. */
  from: Dialect | typeof CANONICAL;
  /** True when the input was a single tool rather than a document or list. */
  single: boolean;
  /** What reading the input changed or could not keep. */
  losses: Loss[];
}

function looksCanonical(value: unknown): boolean {
  return isPlainObject(value) && typeof value.id === 'string' && typeof value.contentHash === 'string';
}

/**
 * The canonical tools of the input: an array, JSON Lines, or `{tools: [...]}` of them (or one tool).
 * `undefined` when the input is not canonical (unless `--from canonical` says it is).
 */
function canonicalTools(
  raw: unknown,
  from: string | undefined,
): { list: unknown[]; single: boolean } | undefined {
  const list = isPlainObject(raw) && Array.isArray(raw.tools) ? raw.tools : raw;
  if (from === CANONICAL)
    return Array.isArray(list) ? { list, single: false } : { list: [raw], single: true };
  if (from !== undefined) return undefined;
  if (Array.isArray(list))
    return list.length > 0 && list.every(looksCanonical) ? { list, single: false } : undefined;
  return looksCanonical(raw) ? { list: [raw], single: true } : undefined;
}

/**
 * Reads parsed input (a single tool, a dialect's document, catalogue rows, canonical tools) into
 * canonical tools, namespaced and bounded as the flags say. Library errors become one clear CLI
 * line: invalid tools exit 1, input that is not what it was said to be exits 2.
 */
export function loadTools(
  raw: unknown,
  from: string | undefined,
  source: string,
  settings: InputSettings = inputSettings({}),
): LoadedTools {
  try {
    const input = resolveInput(raw, from, settings);
    if (input.kind === CANONICAL) {
      const losses: Loss[] = [];
      const tools = input.list.map((item, i) => readCanonical(item, `/${i}`, settings));
      return { tools: dedupe(tools, losses, source), from: CANONICAL, single: input.single, losses };
    }
    const result = toCanonical(raw, input.dialect, readOptions(settings));
    const losses = [...result.losses];
    const tools = dedupe(result.tools, losses, source);
    return { tools, from: input.dialect, single: input.single && tools.length === 1, losses };
  } catch (error) {
    throw toCliError(error, source);
  }
}

/** What the input is before any tool is read: serialised canonical tools, or a dialect's tool or document. */
export type ResolvedInput =
  | { kind: typeof CANONICAL; list: unknown[]; single: boolean }
  | { kind: 'dialect'; dialect: Dialect; single: boolean };

/**
 * The dialect of parsed input (given, or detected) and whether it is a single tool, or the
 * canonical tools it holds. Throws the library's errors (an unknown dialect, undetectable input).
 */
export function resolveInput(raw: unknown, from: string | undefined, settings: InputSettings): ResolvedInput {
  const canonical = canonicalTools(raw, from);
  if (canonical) return { kind: CANONICAL, ...canonical };
  if (from !== undefined) {
    if (!isDialect(from)) throw new UnknownDialectError(from, [...DIALECTS, CANONICAL]);
    return {
      kind: 'dialect',
      dialect: from,
      single: !Array.isArray(raw) && !isDocumentOf(raw, from, settings),
    };
  }
  const detected = detectOperation(raw) ?? detectFormat(raw, { documentLimits: settings.documentLimits });
  return { kind: 'dialect', dialect: detected.dialect, single: detected.kind === 'tool' };
}

/** `toCanonical`'s options from the input flags. */
export function readOptions(settings: InputSettings): ToCanonicalOptions {
  return {
    namespace: settings.namespace,
    limits: settings.definitionLimits,
    documentLimits: settings.documentLimits,
  };
}

/** A serialised canonical tool: validated again (its id and hash are recomputed), then namespaced. */
function readCanonical(item: unknown, pointer: string, settings: InputSettings): Tool {
  const tool = parseTool(stripDerived(item), { limits: settings.definitionLimits });
  const option = settings.namespace;
  if (option === undefined) return tool;
  const outer = typeof option === 'string' ? option : option({ pointer, name: tool.name });
  if (outer === undefined) return tool;
  return updateTool(tool, { namespace: tool.namespace ? `${outer}.${tool.namespace}` : outer });
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
        `${source}: tools /${first} and /${i} are both "${tool.id}" but differ; give them namespaces (--namespace-from <row field>, e.g. server) or distinct names`,
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

function isDocumentOf(raw: unknown, dialect: Dialect, settings: InputSettings): boolean {
  try {
    const detected = detectFormat(raw, { documentLimits: settings.documentLimits });
    return detected.dialect === dialect && detected.kind === 'document';
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
