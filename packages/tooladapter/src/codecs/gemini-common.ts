import { isPlainObject } from '@toolarsenal/toolmodel';
import { checkGeminiJsonSchema, checkGeminiSchema } from '../check/gemini.js';
import { checkKnownFields, checkName, requireObject } from '../check/tool-shape.js';
import { ViolationList } from '../check/violation.js';
import { GEMINI_NAME_RULE } from '../names/name-rules.js';
import type { CheckOptions, DialectLimits, Violation } from '../types.js';
import { mergeLimits } from './shared.js';

export const GEMINI_LIMITS: DialectLimits = {
  maxNestingDepth: 100,
  maxProperties: 100_000,
  maxEnumValues: 100_000,
  maxNameLength: 64,
  maxRecursionUnfold: 2,
};

export const GEMINI_FIELDS: ReadonlySet<string> = new Set([
  'name',
  'description',
  'parameters',
  'parametersJsonSchema',
  'response',
  'responseJsonSchema',
  'behavior',
]);

export const GEMINI_NAME_MESSAGE =
  'Invalid function name. Must start with a letter or an underscore. Must be alphameric (a-z, A-Z, 0-9), underscores (_), dots (.), colons (:), or dashes (-), with a maximum length of 64.';

/**
 * Check of a Gemini function declaration, the same for `gemini` and `gemini-json` (one API object):
 * known fields only, a valid name, exclusive schema fields, `parameters`/`response` by the
 * OpenAPI-subset rules and `parametersJsonSchema`/`responseJsonSchema` as JSON Schema.
 */
export function checkGeminiDeclaration(value: unknown, options: CheckOptions): Violation[] {
  const out = new ViolationList();
  if (!requireObject(value, '', out, 'gemini.declaration.object', 'a function declaration')) return out.items;
  const limits = mergeLimits(GEMINI_LIMITS, options);
  checkKnownFields(
    value,
    GEMINI_FIELDS,
    '',
    out,
    'gemini.unknown-field',
    (key) =>
      `Invalid JSON payload received. Unknown name "${key}" at 'tools[0].function_declarations[0]': Cannot find field.`,
  );
  checkName(
    value.name,
    '/name',
    GEMINI_NAME_RULE,
    limits.maxNameLength,
    out,
    'gemini.name',
    GEMINI_NAME_MESSAGE,
  );
  if (value.parameters !== undefined && value.parametersJsonSchema !== undefined)
    out.add(
      '/parametersJsonSchema',
      'gemini.parameters-exclusive',
      '`parameters` and `parametersJsonSchema` are mutually exclusive',
    );
  if (value.response !== undefined && value.responseJsonSchema !== undefined)
    out.add(
      '/responseJsonSchema',
      'gemini.parameters-exclusive',
      '`response` and `responseJsonSchema` are mutually exclusive',
    );
  if (value.parameters !== undefined)
    checkGeminiSchema(value.parameters, '/parameters', 'parameters', limits, out);
  if (value.response !== undefined) checkGeminiSchema(value.response, '/response', 'response', limits, out);
  if (value.parametersJsonSchema !== undefined)
    checkGeminiJsonSchema(
      value.parametersJsonSchema,
      '/parametersJsonSchema',
      'parametersJsonSchema',
      limits,
      out,
    );
  if (value.responseJsonSchema !== undefined)
    checkGeminiJsonSchema(value.responseJsonSchema, '/responseJsonSchema', 'responseJsonSchema', limits, out);
  return out.items;
}

/** Wraps declarations into a Gemini `tools` array. */
export function geminiDocument(values: unknown[]): unknown {
  return [{ functionDeclarations: values }];
}

/** Declarations of a Gemini document: `[{functionDeclarations}]`, `{functionDeclarations}`, `{tools: [...]}` or a plain list. */
export function geminiDeclarations(raw: unknown): Array<{ value: unknown; pointer: string }> | undefined {
  const fromTool = (tool: unknown, pointer: string) =>
    isPlainObject(tool) && Array.isArray(tool.functionDeclarations)
      ? tool.functionDeclarations.map((value, i) => ({
          value,
          pointer: `${pointer}/functionDeclarations/${i}`,
        }))
      : [{ value: tool, pointer }];
  if (isPlainObject(raw) && Array.isArray(raw.functionDeclarations)) return fromTool(raw, '');
  if (isPlainObject(raw) && Array.isArray(raw.tools))
    return raw.tools.flatMap((t, i) => fromTool(t, `/tools/${i}`));
  if (Array.isArray(raw)) return raw.flatMap((t, i) => fromTool(t, `/${i}`));
  return undefined;
}
