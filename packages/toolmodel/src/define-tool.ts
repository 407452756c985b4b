import type { z } from 'zod';
import { contentHash } from './content-hash.js';
import { InvalidArgumentError, ToolValidationError, type ValidationIssue } from './errors.js';
import { pathToPointer } from './json-pointer.js';
import { checkJsonSchema } from './json-schema-check.js';
import { normalizeSchemaDraft } from './json-schema-normalize.js';
import { DEFAULT_TOOL_LIMITS, resolveLimits, type ToolLimits } from './limits.js';
import { DEFAULT_TOOL_VERSION } from './names.js';
import {
  cloneJson,
  deepFreeze,
  inspectJson,
  isPlainObject,
  JsonInspection,
  type JsonValue,
} from './safe-json.js';
import type { SchemaChange } from './schema-change.js';
import { certainlyValidShape } from './shape-fast-check.js';
import type { JsonSchemaObject } from './schema-walk.js';
import { expectTool } from './tool-guard.js';
import { joinToolId } from './tool-id.js';
import { createToolShape, type ToolShape } from './tool-shape.js';
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

// Most tools leave these lists empty: they share one frozen empty array (tools are deeply frozen
// anyway), which saves an allocation and a freeze per list per parse.
const NO_ITEMS: string[] = Object.freeze([]) as unknown as string[];

function uniqueTrimmed(list: readonly string[] | undefined, lower = false): string[] {
  if (!list || list.length === 0) return NO_ITEMS;
  const out = new Set<string>();
  for (const item of list) {
    const value = lower ? item.trim().toLowerCase() : item.trim();
    if (value) out.add(value);
  }
  return out.size === 0 ? NO_ITEMS : [...out];
}

function buildTool(shape: ToolShape, inputSchema: JsonSchemaObject, outputSchema: unknown): Tool {
  const version = shape.version ?? DEFAULT_TOOL_VERSION;
  // The shape check validated name, namespace and version: the id needs no second check.
  const id = joinToolId(shape.namespace, shape.name, version);
  const description = (shape.description ?? '').trim();
  const examples = uniqueTrimmed(shape.examples);
  const tags = uniqueTrimmed(shape.tags, true);
  const source = shape.source ?? 'manual';
  const capabilities = uniqueTrimmed(shape.capabilities);
  const annotations = withoutNulls(shape.annotations);
  const requiresConfirmation = shape.requiresConfirmation ?? false;
  const requiredScopes = uniqueTrimmed(shape.requiredScopes);
  const exclusive = shape.exclusive ?? false;
  const takesControl = shape.takesControl ?? false;
  const dependencies = {
    requires: uniqueTrimmed(shape.dependencies?.requires),
    suggests: uniqueTrimmed(shape.dependencies?.suggests),
    conflicts: uniqueTrimmed(shape.dependencies?.conflicts),
  };
  const deprecated = shape.deprecated ?? false;
  const name = shape.name;
  const title = shape.title?.trim() || undefined;
  const longDescription = shape.longDescription?.trim() || undefined;
  const category = shape.category?.trim() || undefined;
  const usageHints = shape.usageHints?.trim() || undefined;
  const deprecationMessage = shape.deprecationMessage?.trim() || undefined;
  let tool: Record<string, unknown>;
  if (
    shape.namespace === undefined &&
    title === undefined &&
    longDescription === undefined &&
    category === undefined &&
    usageHints === undefined &&
    shape.sourceUri === undefined &&
    shape.sourceMeta === undefined &&
    shape.cost === undefined &&
    deprecationMessage === undefined &&
    shape.supersededBy === undefined &&
    shape.createdAt === undefined &&
    shape.updatedAt === undefined &&
    shape.meta === undefined
  ) {
    // The usual definition sets none of the optional fields but (maybe) an output schema: one
    // literal, the same fields in the same order, without growing the object field by field.
    tool =
      outputSchema === undefined
        ? {
            id,
            name,
            version,
            description,
            examples,
            tags,
            inputSchema,
            source,
            capabilities,
            annotations,
            requiresConfirmation,
            requiredScopes,
            exclusive,
            takesControl,
            dependencies,
            deprecated,
          }
        : {
            id,
            name,
            version,
            description,
            examples,
            tags,
            inputSchema,
            outputSchema,
            source,
            capabilities,
            annotations,
            requiresConfirmation,
            requiredScopes,
            exclusive,
            takesControl,
            dependencies,
            deprecated,
          };
  } else {
    // Set field by field in the order users see, optional ones only when present: cheaper than a
    // literal full of undefined values that is then copied without them.
    tool = { id, name };
    const put = (key: string, value: unknown) => {
      if (value !== undefined) tool[key] = value;
    };
    put('namespace', shape.namespace);
    tool.version = version;
    put('title', title);
    tool.description = description;
    put('longDescription', longDescription);
    tool.examples = examples;
    tool.tags = tags;
    put('category', category);
    put('usageHints', usageHints);
    tool.inputSchema = inputSchema;
    put('outputSchema', outputSchema);
    tool.source = source;
    put('sourceUri', shape.sourceUri);
    put('sourceMeta', shape.sourceMeta === undefined ? undefined : cloneJson(shape.sourceMeta));
    tool.capabilities = capabilities;
    tool.annotations = annotations;
    tool.requiresConfirmation = requiresConfirmation;
    tool.requiredScopes = requiredScopes;
    tool.exclusive = exclusive;
    tool.takesControl = takesControl;
    put('cost', shape.cost === undefined ? undefined : cloneJson(shape.cost));
    tool.dependencies = dependencies;
    tool.deprecated = deprecated;
    put('deprecationMessage', deprecationMessage);
    put('supersededBy', shape.supersededBy);
    put('createdAt', shape.createdAt);
    put('updatedAt', shape.updatedAt);
    put('meta', shape.meta === undefined ? undefined : cloneJson(shape.meta));
  }
  defineLazyHash(tool);
  return tool as unknown as Tool;
}

/**
 * `contentHash` is computed when first read, then kept: hashing (canonical JSON of every covered
 * field, then sha256) is the largest part of building a tool, and many uses never read it
 * (converting a tool to a dialect, validating a definition). The tool is frozen before anyone can
 * read it, so the value is the same whenever it is computed. It is an ordinary enumerable
 * property for `JSON.stringify`, `Object.keys`, spreading and `structuredClone`. One getter for
 * all tools (a per-tool closure would give every tool its own hidden class, which costs more
 * than it saves); the values live in a WeakMap keyed by the tool.
 */
const hashes = new WeakMap<object, string>();
function lazyContentHash(this: Tool): string {
  // A transient tool could still change: its hash is not kept.
  if (!Object.isFrozen(this)) return contentHash(this);
  let hash = hashes.get(this);
  if (hash === undefined) {
    hash = contentHash(this);
    hashes.set(this, hash);
  }
  return hash;
}
const CONTENT_HASH_PROPERTY: PropertyDescriptor = Object.freeze({
  enumerable: true,
  configurable: false,
  get: lazyContentHash,
});

function defineLazyHash(tool: Record<string, unknown>): void {
  Object.defineProperty(tool, 'contentHash', CONTENT_HASH_PROPERTY);
}

/** `deepFreeze` of a built tool that leaves the lazy `contentHash` unread. */
function freezeTool(tool: Record<string, unknown>): Tool {
  for (const key of Object.keys(tool)) {
    if (key === 'contentHash') continue;
    // Most fields are strings and booleans: no call for them.
    const value = tool[key];
    if (value !== null && typeof value === 'object') deepFreeze(value);
  }
  return Object.freeze(tool) as unknown as Tool;
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

/** MCP servers send `null` for unset hints; canonical annotations simply omit them. */
function withoutNulls<T extends object>(value: T | undefined): { [K in keyof T]: Exclude<T[K], null> } {
  const out: Record<string, unknown> = {};
  if (!value) return out as { [K in keyof T]: Exclude<T[K], null> };
  // Keys rather than entries: no pair array per annotation, on every parse.
  for (const k in value) {
    if (!Object.hasOwn(value, k)) continue;
    const v = (value as Record<string, unknown>)[k];
    if (v !== null && v !== undefined) out[k] = v;
  }
  return out as { [K in keyof T]: Exclude<T[K], null> };
}
