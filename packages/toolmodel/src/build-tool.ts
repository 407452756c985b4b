import { contentHash } from './content-hash.js';
import { DEFAULT_TOOL_VERSION } from './names.js';
import { cloneJson, deepFreeze } from './safe-json.js';
import type { JsonSchemaObject } from './schema-walk.js';
import { joinToolId } from './tool-id.js';
import type { ToolShape } from './tool-shape.js';
import type { Tool } from './tool-types.js';

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

/** The canonical tool of a checked shape and prepared schemas: defaults filled, lists tidied, not frozen. */
export function buildTool(shape: ToolShape, inputSchema: JsonSchemaObject, outputSchema: unknown): Tool {
  const version = shape.version ?? DEFAULT_TOOL_VERSION;
  // The shape check validated name, namespace and version: the id needs no second check.
  const id = joinToolId(shape.namespace, shape.name, version);
  const tool =
    outputSchema === undefined && hasNoOptionalField(shape)
      ? usualTool(shape, id, version, inputSchema)
      : toolFieldByField(shape, id, version, inputSchema, outputSchema);
  defineLazyHash(tool);
  return tool as unknown as Tool;
}

/** No optional field is set (blank texts count as unset, as `toolFieldByField` drops them). */
function hasNoOptionalField(shape: ToolShape): boolean {
  return (
    shape.namespace === undefined &&
    !shape.title?.trim() &&
    !shape.longDescription?.trim() &&
    !shape.category?.trim() &&
    !shape.usageHints?.trim() &&
    shape.sourceUri === undefined &&
    shape.sourceMeta === undefined &&
    shape.cost === undefined &&
    !shape.deprecationMessage?.trim() &&
    shape.supersededBy === undefined &&
    shape.createdAt === undefined &&
    shape.updatedAt === undefined &&
    shape.meta === undefined
  );
}

/**
 * The usual definition (no optional field): one literal, the fields of `toolFieldByField` in the
 * same order, without growing the object field by field (and its storage with it).
 */
function usualTool(
  shape: ToolShape,
  id: string,
  version: string,
  inputSchema: JsonSchemaObject,
): Record<string, unknown> {
  return {
    id,
    name: shape.name,
    version,
    description: (shape.description ?? '').trim(),
    examples: uniqueTrimmed(shape.examples),
    tags: uniqueTrimmed(shape.tags, true),
    inputSchema,
    source: shape.source ?? 'manual',
    capabilities: uniqueTrimmed(shape.capabilities),
    annotations: withoutNulls(shape.annotations),
    requiresConfirmation: shape.requiresConfirmation ?? false,
    requiredScopes: uniqueTrimmed(shape.requiredScopes),
    exclusive: shape.exclusive ?? false,
    takesControl: shape.takesControl ?? false,
    dependencies: dependenciesOf(shape),
    deprecated: shape.deprecated ?? false,
  };
}

function dependenciesOf(shape: ToolShape): Tool['dependencies'] {
  return {
    requires: uniqueTrimmed(shape.dependencies?.requires),
    suggests: uniqueTrimmed(shape.dependencies?.suggests),
    conflicts: uniqueTrimmed(shape.dependencies?.conflicts),
  };
}

/**
 * Set field by field in the order users see, optional ones only when present: cheaper than a
 * literal full of undefined values that is then copied without them.
 */
function toolFieldByField(
  shape: ToolShape,
  id: string,
  version: string,
  inputSchema: JsonSchemaObject,
  outputSchema: unknown,
): Record<string, unknown> {
  const tool: Record<string, unknown> = { id, name: shape.name };
  const put = (key: string, value: unknown) => {
    if (value !== undefined) tool[key] = value;
  };
  put('namespace', shape.namespace);
  tool.version = version;
  put('title', shape.title?.trim() || undefined);
  tool.description = (shape.description ?? '').trim();
  put('longDescription', shape.longDescription?.trim() || undefined);
  tool.examples = uniqueTrimmed(shape.examples);
  tool.tags = uniqueTrimmed(shape.tags, true);
  put('category', shape.category?.trim() || undefined);
  put('usageHints', shape.usageHints?.trim() || undefined);
  tool.inputSchema = inputSchema;
  put('outputSchema', outputSchema);
  tool.source = shape.source ?? 'manual';
  put('sourceUri', shape.sourceUri);
  put('sourceMeta', shape.sourceMeta === undefined ? undefined : cloneJson(shape.sourceMeta));
  tool.capabilities = uniqueTrimmed(shape.capabilities);
  tool.annotations = withoutNulls(shape.annotations);
  tool.requiresConfirmation = shape.requiresConfirmation ?? false;
  tool.requiredScopes = uniqueTrimmed(shape.requiredScopes);
  tool.exclusive = shape.exclusive ?? false;
  tool.takesControl = shape.takesControl ?? false;
  put('cost', shape.cost === undefined ? undefined : cloneJson(shape.cost));
  tool.dependencies = dependenciesOf(shape);
  tool.deprecated = shape.deprecated ?? false;
  put('deprecationMessage', shape.deprecationMessage?.trim() || undefined);
  put('supersededBy', shape.supersededBy);
  put('createdAt', shape.createdAt);
  put('updatedAt', shape.updatedAt);
  put('meta', shape.meta === undefined ? undefined : cloneJson(shape.meta));
  return tool;
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

/**
 * Every tool `freezeTool` made: validated, normalised and deep-frozen by this module, so code
 * handed one can skip re-checking it. Only identity counts: a copy, a look-alike with a made-up
 * `contentHash` or a tool from another copy of toolmodel is not in it.
 */
const canonicalTools = new WeakSet<object>();

/** `deepFreeze` of a built tool that leaves the lazy `contentHash` unread; the tool is then canonical. */
export function freezeTool(tool: Record<string, unknown>): Tool {
  for (const key of Object.keys(tool)) {
    if (key === 'contentHash') continue;
    // Most fields are strings and booleans: no call for them.
    const value = tool[key];
    if (value !== null && typeof value === 'object') deepFreeze(value);
  }
  canonicalTools.add(Object.freeze(tool));
  return tool as unknown as Tool;
}

/**
 * Whether `value` is a tool `defineTool`/`parseTool` built (frozen, valid, normalised), by
 * identity: one set lookup, nothing of the value is read (no getter runs, the content hash is not
 * computed). False for anything else, including an equal copy; such values need validating.
 */
export function isCanonicalTool(value: unknown): value is Tool {
  return typeof value === 'object' && value !== null && canonicalTools.has(value);
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
