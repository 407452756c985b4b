import {
  type ArgumentError,
  cloneJson,
  DEFAULT_JSON_LIMITS,
  deepFreeze,
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
 * Turns what a model sent (object or JSON text) into plain, bounded JSON arguments: a private,
 * deeply frozen copy, so what is validated is exactly what runs (the caller can no longer change
 * it, and a getter cannot answer the validator one thing and the handler another).
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
  if (value === undefined || value === null) return { ok: true, args: Object.freeze({}) };
  let owned = false;
  if (typeof value === 'string') {
    if (value.length > maxTextLength) {
      return fail(
        toolName,
        `Arguments for tool "${toolName}" are ${value.length} characters of JSON, above the limit of ${maxTextLength}.`,
        [{ pointer: '', message: 'arguments too large', keyword: 'maxLength' }],
      );
    }
    if (value.trim() === '') return { ok: true, args: Object.freeze({}) };
    owned = true;
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
  const flat = flatCopy(value, limits.maxStringLength ?? DEFAULT_JSON_LIMITS.maxStringLength);
  if (flat !== undefined) return { ok: true, args: flat };
  const unsafe = inspected(toolName, value, limits);
  if (unsafe) return unsafe;
  if (!isPlainObject(value)) {
    return fail(toolName, `Arguments for tool "${toolName}" must be a JSON object.`, [
      { pointer: '', message: 'must be an object', keyword: 'type' },
    ]);
  }
  if (!owned) {
    // The caller keeps its object: copy it, then check the copy (getters may answer differently twice).
    try {
      value = cloneJson(value);
    } catch {
      return fail(toolName, `Arguments for tool "${toolName}" changed while they were read.`, [
        { pointer: '', message: 'unstable value', keyword: 'non_json' },
      ]);
    }
    const again = inspected(toolName, value, limits);
    if (again) return again;
  }
  return { ok: true, args: deepFreeze(value as JsonObject) };
}

function inspected(
  toolName: string,
  value: unknown,
  limits: Partial<JsonLimits>,
): DecodedArguments | undefined {
  const issues = inspectJson(value, limits);
  if (issues.length === 0) return undefined;
  const problems = issues.map((i) => ({ pointer: i.pointer, message: i.message, keyword: i.code }));
  return fail(toolName, formatArgumentErrors(toolName, problems), problems);
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
 * and whose keys are safe. Each value is read once, checked and copied; the frozen copy is
 * returned. Anything else (undefined) goes through the full `inspectJson` walk.
 */
function flatCopy(value: unknown, maxStringLength: number): JsonObject | undefined {
  if (!isPlainObject(value)) return undefined;
  const keys = Object.keys(value);
  if (keys.length > 1_000) return undefined;
  const out: JsonObject = {};
  for (const key of keys) {
    if (FORBIDDEN_KEYS.has(key) || key.length > maxStringLength) return undefined;
    const v = value[key];
    switch (typeof v) {
      case 'number':
        if (!Number.isFinite(v)) return undefined;
        break;
      case 'string':
        if (v.length > maxStringLength) return undefined;
        break;
      case 'boolean':
        break;
      default:
        if (v !== null) return undefined;
    }
    out[key] = v as string | number | boolean | null;
  }
  return Object.freeze(out);
}

function fail(toolName: string, message: string, problems: ArgumentError[]): DecodedArguments {
  return {
    ok: false,
    error: new ToolRunError('invalid_arguments', 'INVALID_ARGUMENTS', message, {
      details: { problems, tool: toolName },
    }),
  };
}
