import type { z } from 'zod';
import { buildTool, freezeTool } from './build-tool.js';
import { InvalidArgumentError, ToolValidationError, type ValidationIssue } from './errors.js';
import { pathToPointer } from './json-pointer.js';
import { checkJsonSchema } from './json-schema-check.js';
import { normalizeSchemaDraft } from './json-schema-normalize.js';
import { DEFAULT_TOOL_LIMITS, resolveLimits, type ToolLimits } from './limits.js';
import { cloneJson, inspectJson, isPlainObject, JsonInspection, type JsonValue } from './safe-json.js';
import type { SchemaChange } from './schema-change.js';
import { certainlyValidShape } from './shape-fast-check.js';
import type { JsonSchemaObject } from './schema-walk.js';
import { expectTool } from './tool-guard.js';
import { createToolShape } from './tool-shape.js';
import type { Tool, ToolInput } from './tool-types.js';

export interface ParseToolOptions {
  /** Override any of the documented limits (see `DEFAULT_TOOL_LIMITS`). */
  limits?: Partial<ToolLimits>;
  /**
   * An inspection that already walked the raw definition this input was decoded from (see
   * `JsonInspection`): its clean schemas are not walked a second time. The outcome is the same.
   */
  inspected?: JsonInspection;
  /**
   * For a caller that reads the tool once, in the same synchronous step, and keeps nothing of it
   * (a converter lowering a definition straight to another format): the same checks, normalisation
   * and result, but not deep-frozen. Its objects are still this call's own copies (the input is
   * never aliased); its `contentHash` is computed on each read instead of once. Do not hand such
   * a tool on: everything else expects tools to be frozen.
   */
  transient?: boolean;
}

export type SafeParseToolResult =
  { success: true; tool: Tool; changes: SchemaChange[] } | { success: false; error: ToolValidationError };

const shapes = new Map<number, ReturnType<typeof createToolShape>>();
function shapeFor(maxDescriptionLength: number) {
  let shape = shapes.get(maxDescriptionLength);
  if (!shape) {
    shape = createToolShape(maxDescriptionLength);
    shapes.set(maxDescriptionLength, shape);
  }
  return shape;
}

/**
 * Validates and normalises outside data into a canonical tool, without throwing on bad data
 * (options of the wrong type are a programming error: `InvalidArgumentError`).
 * `changes` lists every normalisation applied to the schemas (older drafts → 2020-12 etc.).
 */
export function safeParseTool(input: unknown, options: ParseToolOptions = {}): SafeParseToolResult {
  if (options === null || typeof options !== 'object')
    throw new InvalidArgumentError('options', 'an object ({limits})', options);
  const limits = resolveLimits(DEFAULT_TOOL_LIMITS, options.limits, 'options.limits');

  if (options.inspected !== undefined && !(options.inspected instanceof JsonInspection))
    throw new InvalidArgumentError('options.inspected', 'a JsonInspection', options.inspected);
  if (options.transient !== undefined && typeof options.transient !== 'boolean')
    throw new InvalidArgumentError('options.transient', 'a boolean', options.transient);
  const freeze = options.transient !== true;
  const unsafe = inspectJson(input, limits, '', options.inspected);
  if (unsafe.length > 0) return fail(unsafe);
  if (!isPlainObject(input)) {
    return fail([{ pointer: '', code: 'invalid_type', message: 'a tool definition must be an object' }]);
  }

  // The common, plainly valid shape skips zod; anything unusual gets zod's verdict and messages.
  let shape = certainlyValidShape(input, limits.maxDescriptionLength);
  if (shape === undefined) {
    const parsed = shapeFor(limits.maxDescriptionLength).safeParse(input);
    if (!parsed.success) return fail(shapeIssues(input, parsed.error.issues));
    shape = parsed.data;
  }
  const issues: ValidationIssue[] = [];
  const changes: SchemaChange[] = [];

  const inputSchema = prepareSchema(
    shape.inputSchema ?? { type: 'object', properties: {} },
    '/inputSchema',
    issues,
    changes,
    freeze,
  );
  if (isPlainObject(inputSchema)) {
    if (inputSchema.type === undefined && !('$ref' in inputSchema)) {
      inputSchema.type = 'object';
      changes.push({
        pointer: '/inputSchema/type',
        keyword: 'type',
        action: 'added',
        detail: 'root type "object" added (tool input is always an object)',
      });
    } else if (inputSchema.type !== 'object') {
      issues.push({
        pointer: '/inputSchema/type',
        code: 'invalid_schema',
        message: 'inputSchema must describe an object: set "type": "object" at the root',
      });
    }
  } else if (inputSchema !== undefined) {
    issues.push({
      pointer: '/inputSchema',
      code: 'invalid_schema',
      message: 'inputSchema must be an object schema with "type": "object", not a boolean',
    });
  }
  const outputSchema =
    shape.outputSchema === undefined
      ? undefined
      : prepareSchema(shape.outputSchema, '/outputSchema', issues, changes, freeze);

  if (issues.length > 0) return fail(issues);

  const tool = buildTool(shape, inputSchema as JsonSchemaObject, outputSchema);
  if (shape.contentHash !== undefined && shape.contentHash !== tool.contentHash) {
    // A stale hash in serialised data is recomputed, never trusted; record it so it is not silent.
    changes.push({
      pointer: '/contentHash',
      keyword: 'contentHash',
      action: 'rewritten',
      detail: 'stale contentHash recomputed',
    });
  }
  if (shape.id !== undefined && shape.id !== tool.id) {
    return fail([
      {
        pointer: '/id',
        code: 'invalid_value',
        message: `id "${shape.id}" does not match name/namespace/version (expected "${tool.id}")`,
      },
    ]);
  }
  return {
    success: true,
    tool: freeze ? freezeTool(tool as unknown as Record<string, unknown>) : tool,
    changes,
  };
}

function fail(issues: ValidationIssue[]): SafeParseToolResult {
  return { success: false, error: new ToolValidationError(issues) };
}

/** zod's issues as ours, plus the schema problems, so one round of fixes is enough. */
function shapeIssues(
  input: Record<string, unknown>,
  zodIssues: readonly z.core.$ZodIssue[],
): ValidationIssue[] {
  const issues: ValidationIssue[] = zodIssues.map((issue) => ({
    pointer: pathToPointer(issue.path),
    code: issue.code === 'custom' ? 'invalid_value' : issue.code,
    message: issue.message,
  }));
  for (const field of ['inputSchema', 'outputSchema'] as const) {
    if (isPlainObject(input[field])) prepareSchema(input[field], `/${field}`, issues, [], false);
  }
  return issues;
}

/** Validates outside data into a canonical tool; throws `ToolValidationError` listing every problem. */
export function parseTool(input: unknown, options: ParseToolOptions = {}): Tool {
  const result = safeParseTool(input, options);
  if (!result.success) throw result.error;
  return result.tool;
}

/** Like `parseTool`, also returning the normalisations applied. */
export function parseToolWithChanges(
  input: unknown,
  options: ParseToolOptions = {},
): { tool: Tool; changes: SchemaChange[] } {
  const result = safeParseTool(input, options);
  if (!result.success) throw result.error;
  return { tool: result.tool, changes: result.changes };
}

/** Defines a tool in code: validated, normalised, defaults filled, deeply frozen. */
export function defineTool(input: ToolInput, options: ParseToolOptions = {}): Tool {
  return parseTool(input, options);
}

function prepareSchema(
  schema: unknown,
  pointer: string,
  issues: ValidationIssue[],
  changes: SchemaChange[],
  freeze: boolean,
): unknown {
  // normalizeSchemaDraft copies as it goes, so the caller's schema is never frozen or aliased. It also
  // freezes the copy below its root, so the tool's final deepFreeze does not walk the schema again.
  const normalized = normalizeSchemaDraft(schema, pointer, { freeze });
  appendAll(changes, normalized.changes);
  appendAll(
    issues,
    checkJsonSchema(normalized.schema, pointer, {
      hasLocalRef: normalized.hasLocalRef,
      hasPattern: normalized.hasPattern,
      certain: normalized.certain,
    }),
  );
  return normalized.schema;
}

/** `target.push(...items)` without the spread call, which costs more than the loop on the usual empty list. */
function appendAll<T>(target: T[], items: readonly T[]): void {
  for (let i = 0; i < items.length; i++) target.push(items[i]!);
}

/** Returns a new tool with `changes` applied (re-validated, new hash). */
export function updateTool(tool: Tool, changes: Partial<ToolInput>, options: ParseToolOptions = {}): Tool {
  expectTool(tool);
  if (!isPlainObject(changes)) throw new InvalidArgumentError('changes', 'an object of tool fields', changes);
  // Copy field by field: reading `contentHash` would compute a hash that is about to be replaced.
  const rest: Record<string, unknown> = {};
  for (const key of Object.keys(tool))
    if (key !== 'id' && key !== 'contentHash') rest[key] = (tool as unknown as Record<string, unknown>)[key];
  return parseTool({ ...rest, ...changes }, options);
}

/** The serialisable form of a tool (plain JSON, includes id and contentHash). */
export function toolToJson(tool: Tool): Record<string, JsonValue> {
  expectTool(tool);
  return cloneJson(tool) as unknown as Record<string, JsonValue>;
}
