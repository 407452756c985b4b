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

export const DEFAULT_JSON_LIMITS: Readonly<JsonLimits> = Object.freeze({
  maxDepth: 128,
  maxNodes: 250_000,
  maxStringLength: 1_000_000,
  maxArrayLength: 100_000,
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
