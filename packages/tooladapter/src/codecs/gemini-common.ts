import { isPlainObject, mapSchema } from '@toolarsenal/toolmodel';
import { checkName } from '../check/tool-shape.js';
import type { ViolationList } from '../check/violation.js';
import { GEMINI_NAME_RULE } from '../names/name-rules.js';
import type { DialectLimits } from '../types.js';

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

export function checkGeminiName(name: unknown, limits: DialectLimits, out: ViolationList): void {
  checkName(name, '/name', GEMINI_NAME_RULE, limits.maxNameLength, out, 'gemini.name', GEMINI_NAME_MESSAGE);
}

/** Gemini's REST form spells types in upper case (`OBJECT`); JSON Schema uses lower case. */
export function lowerCaseTypes(schema: unknown): unknown {
  return mapSchema(schema, (node) => {
    if (typeof node.type === 'string' && /^[A-Z_]+$/.test(node.type)) node.type = node.type.toLowerCase();
    return node;
  });
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
