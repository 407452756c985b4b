import {
  DEFAULT_DOCUMENT_LIMITS,
  expectOptions,
  inspectJson,
  isPlainObject,
  type JsonLimits,
  pickJsonLimits,
} from '@toolarsenal/toolmodel';
import { unwrapRow } from './documents.js';
import { FormatDetectionError } from './errors.js';
import type { DetectedFormat, Dialect } from './types.js';

const LEGACY_TYPES = new Set([
  'dict',
  'float',
  'tuple',
  'any',
  'String',
  'HashMap',
  'long',
  'int',
  'bool',
  'str',
  'list',
]);

function hasLegacyTypes(schema: unknown, depth = 0): boolean {
  if (!isPlainObject(schema) || depth > 32) return false;
  if (typeof schema.type === 'string' && LEGACY_TYPES.has(schema.type)) return true;
  if ('optional' in schema) return true;
  const props = schema.properties;
  if (isPlainObject(props))
    for (const p of Object.values(props)) if (hasLegacyTypes(p, depth + 1)) return true;
  return hasLegacyTypes(schema.items, depth + 1);
}

function hasUpperCaseTypes(schema: unknown): boolean {
  return isPlainObject(schema) && typeof schema.type === 'string' && /^[A-Z]+$/.test(schema.type);
}

/** The dialect of one tool value, or the candidates when several fit. */
function detectTool(raw: unknown): Dialect[] {
  if (!isPlainObject(raw)) return [];
  if (raw.type === 'function' && isPlainObject(raw.function)) return ['openai-chat'];
  if (raw.type === 'function' && typeof raw.name === 'string') return ['openai-responses'];
  if (typeof raw.name !== 'string') return [];
  if ('input_schema' in raw) return ['anthropic'];
  if ('inputSchema' in raw) return ['mcp'];
  if ('parametersJsonSchema' in raw || 'responseJsonSchema' in raw) return ['gemini-json'];
  if (isPlainObject(raw.schema) && !('parameters' in raw)) return ['langchain'];
  if (typeof raw.id === 'string' && Array.isArray(raw.tags)) return ['a2a-skill'];
  if ('parameters' in raw) {
    if (hasLegacyTypes(raw.parameters)) return ['legacy-function'];
    if (hasUpperCaseTypes(raw.parameters) || 'response' in raw) return ['gemini'];
    return ['gemini', 'legacy-function'];
  }
  if (raw.type === 'custom') return ['anthropic'];
  return [];
}

/** Detection of one list element: a catalogue row is read through its wrapper. */
function detectElement(item: unknown, pointer: string): { dialects: Dialect[]; wrapped: boolean } {
  const unwrapped = unwrapRow({ value: item, pointer });
  return { dialects: detectTool(unwrapped.value), wrapped: unwrapped.row !== undefined };
}

function detectList(list: readonly unknown[], pointer: string): { dialect: Dialect; wrapped: boolean } {
  if (list.length === 0) throw new FormatDetectionError('an empty list has no recognisable dialect', pointer);
  const first = list[0];
  if (isPlainObject(first) && Array.isArray(first.functionDeclarations)) {
    const decls = list.flatMap((t) =>
      isPlainObject(t) && Array.isArray(t.functionDeclarations) ? t.functionDeclarations : [],
    );
    return { dialect: geminiFlavour(decls, pointer), wrapped: false };
  }
  let candidates: Dialect[] | undefined;
  let wrapped = false;
  list.forEach((item, i) => {
    const element = detectElement(item, `${pointer}/${i}`);
    const found = element.dialects;
    wrapped ||= element.wrapped;
    if (found.length === 0)
      throw new FormatDetectionError('element is not a tool of any known dialect', `${pointer}/${i}`);
    candidates = candidates === undefined ? found : candidates.filter((d) => found.includes(d));
    if (candidates.length === 0)
      throw new FormatDetectionError('elements are tools of different dialects', `${pointer}/${i}`);
  });
  const result = candidates ?? [];
  if (result.length > 1) throw new FormatDetectionError('the tools fit several dialects', pointer, result);
  return { dialect: result[0]!, wrapped };
}

function geminiFlavour(decls: readonly unknown[], pointer: string): Dialect {
  const json = decls.some(
    (d) => isPlainObject(d) && ('parametersJsonSchema' in d || 'responseJsonSchema' in d),
  );
  const plain = decls.some((d) => isPlainObject(d) && ('parameters' in d || 'response' in d));
  if (json && plain)
    throw new FormatDetectionError('declarations mix parameters and parametersJsonSchema', pointer, [
      'gemini',
      'gemini-json',
    ]);
  return json ? 'gemini-json' : 'gemini';
}

/** Options of `detectFormat`. */
export interface DetectFormatOptions {
  /** Bound on the whole input (default `DEFAULT_DOCUMENT_LIMITS`: catalogues are large). */
  documentLimits?: Partial<JsonLimits>;
}

/**
 * Identifies the dialect of `raw` and whether it is one tool or a document: an MCP `tools/list`
 * result `{tools}`, an OpenAI chat or Responses `tools` array, Anthropic `tools`, Gemini
 * `[{functionDeclarations}]` / `{functionDeclarations}`, a LangChain array, an A2A card `{skills}`,
 * an OpenAPI document, a list of catalogue rows wrapping tools (`{tool, server}`, `{function,
 * entry_id}`: `wrapped: true`), or any single tool of these. Throws `FormatDetectionError` (code
 * `FORMAT_UNKNOWN` or `FORMAT_AMBIGUOUS` with `candidates`) when it cannot tell.
 */
export function detectFormat(raw: unknown, options: DetectFormatOptions = {}): DetectedFormat {
  expectOptions(options);
  const limits = pickJsonLimits(options.documentLimits, DEFAULT_DOCUMENT_LIMITS, 'options.documentLimits');
  const unsafe = inspectJson(raw, limits);
  if (unsafe.length > 0)
    throw new FormatDetectionError(
      `input is not plain, bounded JSON: ${unsafe[0]!.message}`,
      unsafe[0]!.pointer,
    );
  return detectUnchecked(raw);
}

/** `detectFormat` for input already checked with `inspectJson`. */
function detectUnchecked(raw: unknown): DetectedFormat {
  if (Array.isArray(raw)) return documentFormat(detectList(raw, ''));
  if (!isPlainObject(raw))
    throw new FormatDetectionError('expected a tool object or a document (object or array)');
  if (typeof raw.openapi === 'string' || typeof raw.swagger === 'string')
    return { dialect: 'openapi-operation', kind: 'document' };
  if (Array.isArray(raw.skills)) return { dialect: 'a2a-skill', kind: 'document' };
  if (Array.isArray(raw.functionDeclarations))
    return { dialect: geminiFlavour(raw.functionDeclarations, '/functionDeclarations'), kind: 'document' };
  if (Array.isArray(raw.tools)) {
    if (raw.tools.length === 0) return { dialect: 'mcp', kind: 'document' };
    return documentFormat(detectList(raw.tools, '/tools'));
  }
  if (isPlainObject(raw.operation) && typeof raw.path === 'string' && typeof raw.method === 'string')
    return { dialect: 'openapi-operation', kind: 'tool' };
  const element = detectElement(raw, '');
  const found = element.dialects;
  if (found.length === 0) throw new FormatDetectionError('not a tool of any known dialect');
  if (found.length > 1) throw new FormatDetectionError('the tool fits several dialects', '', found);
  return element.wrapped
    ? { dialect: found[0]!, kind: 'tool', wrapped: true }
    : { dialect: found[0]!, kind: 'tool' };
}

function documentFormat(found: { dialect: Dialect; wrapped: boolean }): DetectedFormat {
  return found.wrapped
    ? { dialect: found.dialect, kind: 'document', wrapped: true }
    : { dialect: found.dialect, kind: 'document' };
}

/**
 * Fields only a dialect (family) uses at the top of a tool: a value with any of them is taken to be
 * in that dialect (its rules apply, foreign fields are violations); a value with none of them that
 * looks like another dialect is a mismatch.
 */
const SIGNATURES: Readonly<Record<Dialect, (raw: Record<string, unknown>) => boolean>> = {
  mcp: (r) => 'inputSchema' in r || 'outputSchema' in r || '_meta' in r || 'icons' in r || 'annotations' in r,
  'openai-chat': (r) => 'function' in r,
  'openai-responses': (r) => r.type === 'function' && !('function' in r),
  anthropic: (r) =>
    'input_schema' in r ||
    'cache_control' in r ||
    'defer_loading' in r ||
    'input_examples' in r ||
    r.type === 'custom',
  gemini: (r) => GEMINI_SIGNATURE.some((k) => k in r),
  'gemini-json': (r) => GEMINI_SIGNATURE.some((k) => k in r),
  langchain: (r) => 'schema' in r || 'returnDirect' in r || 'responseFormat' in r,
  'a2a-skill': (r) => 'id' in r || 'tags' in r || 'inputModes' in r || 'outputModes' in r || 'skills' in r,
  'openapi-operation': (r) => 'operation' in r || 'paths' in r || 'openapi' in r || 'swagger' in r,
  'legacy-function': (r) => 'parameters' in r || 'function' in r,
};
const GEMINI_SIGNATURE = [
  'parameters',
  'response',
  'parametersJsonSchema',
  'responseJsonSchema',
  'behavior',
  'functionDeclarations',
];
/** Dialects that describe the same API object and so never mismatch each other. */
const FAMILIES: ReadonlyArray<ReadonlySet<string>> = [new Set(['gemini', 'gemini-json'])];

/**
 * When `raw` (one tool, already unwrapped and checked with `inspectJson`) is not in `dialect`:
 * the dialects it looks like instead. `undefined` when it carries a field of `dialect`, looks like
 * nothing known, or may well be in `dialect` (then the dialect's rules decide).
 */
export function mismatchOf(raw: unknown, dialect: Dialect): Dialect[] | undefined {
  if (!isPlainObject(raw) || SIGNATURES[dialect](raw)) return undefined;
  let looks: Dialect[];
  try {
    looks = [detectUnchecked(raw).dialect];
  } catch (error) {
    looks = FormatDetectionError.isInstance(error) ? (error.candidates as Dialect[]) : [];
  }
  if (looks.length === 0 || looks.includes(dialect)) return undefined;
  if (FAMILIES.some((family) => family.has(dialect) && looks.every((d) => family.has(d)))) return undefined;
  return looks;
}
