import { InvalidArgumentError } from './errors.js';

/**
 * Size and depth limits applied to outside data before anything else looks at it,
 * so hostile input fails fast with a typed error instead of exhausting the stack or memory.
 * Every limit is an option; these are the documented defaults.
 */
export interface JsonLimits {
  /** Deepest nesting of objects/arrays (the root is depth 0). */
  maxDepth: number;
  /** Total number of values (objects, arrays, primitives) in one input. */
  maxNodes: number;
  /** Longest string value or key, in UTF-16 code units. */
  maxStringLength: number;
  /** Longest array. */
  maxArrayLength: number;
}

/** Per definition: one tool (or one schema, one argument object…). */
export const DEFAULT_JSON_LIMITS: Readonly<JsonLimits> = Object.freeze({
  maxDepth: 128,
  maxNodes: 250_000,
  maxStringLength: 1_000_000,
  maxArrayLength: 100_000,
});

/**
 * Per file or collection (a `tools` document, a JSON Lines catalogue, an OpenAPI import's output):
 * a larger bound on the whole, so a catalogue of many small tools is read, while each definition in
 * it is still held to the per-definition limits. 10 million values is roughly 100–200 MB of JSON;
 * the depth leaves room for wrappers (`{tools: [{tool: {…}}]}`) around a definition of full depth.
 */
export const DEFAULT_DOCUMENT_LIMITS: Readonly<JsonLimits> = Object.freeze({
  maxDepth: 160,
  maxNodes: 10_000_000,
  maxStringLength: 1_000_000,
  maxArrayLength: 1_000_000,
});

/**
 * Limits on a tool definition. `maxDepth` counts JSON levels from the tool object, so a schema
 * (one level down) may nest up to `maxDepth - 1` levels.
 */
export interface ToolLimits extends JsonLimits {
  /** Longest `description` (and `longDescription`), in characters. */
  maxDescriptionLength: number;
}

export const DEFAULT_TOOL_LIMITS: Readonly<ToolLimits> = Object.freeze({
  ...DEFAULT_JSON_LIMITS,
  maxDescriptionLength: 100_000,
});

/**
 * `defaults` with `overrides` applied, each override checked: a limit is a non-negative integer,
 * and an unknown name is an error rather than a silently ignored typo. Throws `InvalidArgumentError`.
 */
export function resolveLimits<T extends object>(
  defaults: Readonly<T>,
  overrides: unknown,
  argument = 'limits',
): T {
  // The defaults themselves (a caller passing resolved limits on) need no second check or copy.
  if (overrides === undefined || overrides === defaults) return defaults as T;
  if (overrides === null || typeof overrides !== 'object' || Array.isArray(overrides))
    throw new InvalidArgumentError(argument, 'an object of limits', overrides);
  const keys = Object.keys(overrides);
  if (keys.length === 0) return defaults as T;
  const out: Record<string, unknown> = { ...defaults };
  for (const key of keys) {
    const value = (overrides as Record<string, unknown>)[key];
    if (value === undefined) continue;
    if (!Object.hasOwn(defaults, key))
      throw new InvalidArgumentError(
        `${String(argument)}.${key}`,
        `one of ${Object.keys(defaults).join(', ')} (not a known limit)`,
        value,
      );
    if (typeof value !== 'number' || !Number.isInteger(value) || value < 0)
      throw new InvalidArgumentError(`${String(argument)}.${key}`, 'a non-negative integer', value);
    out[key] = value;
  }
  return out as T;
}

/**
 * The JSON limits in `limits` (other keys, such as `maxDescriptionLength`, are ignored), each
 * checked like `resolveLimits` does, over `defaults`.
 */
export function pickJsonLimits(
  limits: unknown,
  defaults: Readonly<JsonLimits> = DEFAULT_JSON_LIMITS,
  argument = 'limits',
): JsonLimits {
  if (limits === undefined) return defaults;
  // The documented constants hold all four JSON limits, already valid: their pick is fixed (and
  // frozen, like `defaults`). Resolved tool limits are passed on along the parse path, so this
  // spares a copy and four checks per inspected definition.
  const known = KNOWN_PICKS.get(limits);
  if (known !== undefined) return known;
  if (limits === null || typeof limits !== 'object' || Array.isArray(limits))
    throw new InvalidArgumentError(argument, 'an object of limits', limits);
  const given = limits as Record<string, unknown>;
  const out = { ...defaults };
  for (const key of JSON_LIMIT_KEYS) {
    const value = given[key];
    if (value === undefined) continue;
    if (typeof value !== 'number' || !Number.isInteger(value) || value < 0)
      throw new InvalidArgumentError(`${String(argument)}.${key}`, 'a non-negative integer', value);
    out[key] = value;
  }
  return out;
}

const JSON_LIMIT_KEYS = ['maxDepth', 'maxNodes', 'maxStringLength', 'maxArrayLength'] as const;

const jsonLimitsOf = (limits: Readonly<JsonLimits>): Readonly<JsonLimits> =>
  Object.freeze({
    maxDepth: limits.maxDepth,
    maxNodes: limits.maxNodes,
    maxStringLength: limits.maxStringLength,
    maxArrayLength: limits.maxArrayLength,
  });
const KNOWN_PICKS = new Map<unknown, JsonLimits>(
  [DEFAULT_JSON_LIMITS, DEFAULT_DOCUMENT_LIMITS, DEFAULT_TOOL_LIMITS].map((l) => [l, jsonLimitsOf(l)]),
);
