import { inspectJson, isPlainObject } from '@toolarsenal/toolmodel';
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

function detectList(list: readonly unknown[], pointer: string): Dialect {
  if (list.length === 0) throw new FormatDetectionError('an empty list has no recognisable dialect', pointer);
  const first = list[0];
  if (isPlainObject(first) && Array.isArray(first.functionDeclarations)) {
    const decls = list.flatMap((t) =>
      isPlainObject(t) && Array.isArray(t.functionDeclarations) ? t.functionDeclarations : [],
    );
    return geminiFlavour(decls, pointer);
  }
  let candidates: Dialect[] | undefined;
  list.forEach((item, i) => {
    const found = detectTool(item);
    if (found.length === 0)
      throw new FormatDetectionError('element is not a tool of any known dialect', `${pointer}/${i}`);
    candidates = candidates === undefined ? found : candidates.filter((d) => found.includes(d));
    if (candidates.length === 0)
      throw new FormatDetectionError('elements are tools of different dialects', `${pointer}/${i}`);
  });
  const result = candidates ?? [];
  if (result.length > 1) throw new FormatDetectionError('the tools fit several dialects', pointer, result);
  return result[0]!;
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

/**
 * Identifies the dialect of `raw` and whether it is one tool or a document: an MCP `tools/list`
 * result `{tools}`, an OpenAI chat or Responses `tools` array, Anthropic `tools`, Gemini
 * `[{functionDeclarations}]` / `{functionDeclarations}`, a LangChain array, an A2A card `{skills}`,
 * an OpenAPI document, or any single tool of these. Throws `FormatDetectionError` (code
 * `FORMAT_UNKNOWN` or `FORMAT_AMBIGUOUS` with `candidates`) when it cannot tell.
 */
export function detectFormat(raw: unknown): DetectedFormat {
  const unsafe = inspectJson(raw);
  if (unsafe.length > 0)
    throw new FormatDetectionError(
      `input is not plain, bounded JSON: ${unsafe[0]!.message}`,
      unsafe[0]!.pointer,
    );
  if (Array.isArray(raw)) return { dialect: detectList(raw, ''), kind: 'document' };
  if (!isPlainObject(raw))
    throw new FormatDetectionError('expected a tool object or a document (object or array)');
  if (typeof raw.openapi === 'string' || typeof raw.swagger === 'string')
    return { dialect: 'openapi-operation', kind: 'document' };
  if (Array.isArray(raw.skills)) return { dialect: 'a2a-skill', kind: 'document' };
  if (Array.isArray(raw.functionDeclarations))
    return { dialect: geminiFlavour(raw.functionDeclarations, '/functionDeclarations'), kind: 'document' };
  if (Array.isArray(raw.tools)) {
    if (raw.tools.length === 0) return { dialect: 'mcp', kind: 'document' };
    return { dialect: detectList(raw.tools, '/tools'), kind: 'document' };
  }
  const found = detectTool(raw);
  if (found.length === 0) throw new FormatDetectionError('not a tool of any known dialect');
  if (found.length > 1) throw new FormatDetectionError('the tool fits several dialects', '', found);
  return { dialect: found[0]!, kind: 'tool' };
}
