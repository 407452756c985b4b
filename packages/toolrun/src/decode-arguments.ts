import {
  type ArgumentError,
  DEFAULT_JSON_LIMITS,
  FORBIDDEN_KEYS,
  formatArgumentErrors,
  inspectJson,
  isPlainObject,
  type JsonLimits,
  type JsonObject,
} from '@toolarsenal/toolmodel';
import { ToolRunError } from './errors.js';

/** Limits on call arguments. JSON limits default to toolmodel's `DEFAULT_JSON_LIMITS`. */
export interface ArgumentLimits extends Partial<JsonLimits> {
  /** Longest JSON text accepted as arguments, in characters (checked before parsing). Default 1,000,000. */
  maxArgumentsLength?: number;
}

export const DEFAULT_MAX_ARGUMENTS_LENGTH = 1_000_000;

export type DecodedArguments = { ok: true; args: JsonObject } | { ok: false; error: ToolRunError };

/**
 * Turns what a model sent (object or JSON text) into plain, bounded JSON arguments.
 * Hostile input (`__proto__` keys, huge strings, deep nesting, cycles) fails fast with
 * `invalid_arguments` before any schema or handler sees it.
 */
export function decodeArguments(
  raw: unknown,
  toolName: string,
  limits: Partial<JsonLimits>,
  maxTextLength: number,
): DecodedArguments {
  let value = raw;
  if (value === undefined || value === null) return { ok: true, args: {} };
  if (typeof value === 'string') {
    if (value.length > maxTextLength) {
      return fail(
        toolName,
        `Arguments for tool "${toolName}" are ${value.length} characters of JSON, above the limit of ${maxTextLength}.`,
        [{ pointer: '', message: 'arguments too large', keyword: 'maxLength' }],
      );
    }
    if (value.trim() === '') return { ok: true, args: {} };
    try {
      value = JSON.parse(value);
    } catch (error) {
      return fail(
        toolName,
        `Arguments for tool "${toolName}" are not valid JSON (${(error as Error).message}). Send a JSON object.`,
        [{ pointer: '', message: 'not valid JSON', keyword: 'syntax' }],
      );
    }
  }
  if (isFlatAndSafe(value, limits.maxStringLength ?? DEFAULT_JSON_LIMITS.maxStringLength)) {
    return { ok: true, args: value as JsonObject };
  }
  const issues = inspectJson(value, limits);
  if (issues.length > 0) {
    const problems = issues.map((i) => ({ pointer: i.pointer, message: i.message, keyword: i.code }));
    return fail(toolName, formatArgumentErrors(toolName, problems), problems);
  }
  if (!isPlainObject(value)) {
    return fail(toolName, `Arguments for tool "${toolName}" must be a JSON object.`, [
      { pointer: '', message: 'must be an object', keyword: 'type' },
    ]);
  }
  return { ok: true, args: value as JsonObject };
}

/** The `invalid_arguments` error: each problem by JSON pointer, plus a nudge to repair and retry. */
export function invalidArgumentsError(toolName: string, problems: readonly ArgumentError[]): ToolRunError {
  return new ToolRunError(
    'invalid_arguments',
    'INVALID_ARGUMENTS',
    `${formatArgumentErrors(toolName, problems)}\nFix these arguments and call the tool again.`,
    { details: { problems } },
  );
}

/**
 * Fast path for the common case: a plain object whose values are all primitives within limits
 * and whose keys are safe. Anything else goes through the full `inspectJson` walk.
 */
function isFlatAndSafe(value: unknown, maxStringLength: number): boolean {
  if (!isPlainObject(value)) return false;
  const keys = Object.keys(value);
  if (keys.length > 1_000) return false;
  for (const key of keys) {
    if (FORBIDDEN_KEYS.has(key) || key.length > maxStringLength) return false;
    const v = value[key];
    switch (typeof v) {
      case 'number':
        if (!Number.isFinite(v)) return false;
        break;
      case 'string':
        if (v.length > maxStringLength) return false;
        break;
      case 'boolean':
        break;
      default:
        if (v !== null) return false;
    }
  }
  return true;
}

function fail(toolName: string, message: string, problems: ArgumentError[]): DecodedArguments {
  return {
    ok: false,
    error: new ToolRunError('invalid_arguments', 'INVALID_ARGUMENTS', message, {
      details: { problems, tool: toolName },
    }),
  };
}
