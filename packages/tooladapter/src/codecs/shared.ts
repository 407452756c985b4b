import {
  cloneJson,
  InvalidArgumentError,
  isPlainObject,
  type JsonSchemaObject,
  type JsonValue,
  type Tool,
  type ToolInput,
  tryParseToolId,
} from '@toolarsenal/toolmodel';
import { createArgsCodec, IDENTITY_ARGS } from '../decode/args-codec.js';
import { ConversionError } from '../errors.js';
import { createContext } from '../passes/context.js';
import { type LoweringProfile, lowerSchema } from '../passes/pipelines.js';
import { restoreSchema } from '../passes/restore.js';
import { hasOwnKey } from '../passes/schema-utils.js';
import type { ConvertOptions, DialectLimits, EncodedTool, Loss, ToCanonicalOptions } from '../types.js';

/** Canonical fields (covered by the content hash) that most dialects cannot carry. */
export const EXTRA_TOOL_FIELDS = [
  'namespace',
  'version',
  'longDescription',
  'examples',
  'tags',
  'category',
  'usageHints',
  'capabilities',
  'requiresConfirmation',
  'requiredScopes',
  'exclusive',
  'takesControl',
  'dependencies',
  'deprecated',
  'deprecationMessage',
  'supersededBy',
] as const;

/** The extra fields of `tool` that differ from their defaults, as plain JSON. */
export function extraToolFields(tool: Tool): Record<string, JsonValue> {
  const out: Record<string, JsonValue> = {};
  if (extrasAllDefault(tool)) return out;
  for (const field of EXTRA_TOOL_FIELDS)
    if (isSet(tool, field)) out[field] = cloneJson(tool[field] as unknown) as JsonValue;
  return out;
}

const noItems = (value: unknown): boolean => Array.isArray(value) && value.length === 0;
const emptyList = (value: unknown): boolean => value === undefined || noItems(value);

/**
 * Whether no extra field is set (`isSet` false for each), read field by field: most tools set
 * none, and the loop over field names below is a keyed (megamorphic) load per field per
 * conversion. Conservative: anything unusual answers false and takes the loop.
 */
function extrasAllDefault(tool: Tool, exceptNamespace = false): boolean {
  const deps = tool.dependencies as Tool['dependencies'] | undefined;
  return (
    (exceptNamespace || tool.namespace === undefined) &&
    (tool.version === undefined || tool.version === '1.0.0') &&
    tool.longDescription === undefined &&
    emptyList(tool.examples) &&
    emptyList(tool.tags) &&
    tool.category === undefined &&
    tool.usageHints === undefined &&
    emptyList(tool.capabilities) &&
    (tool.requiresConfirmation === undefined || tool.requiresConfirmation === false) &&
    emptyList(tool.requiredScopes) &&
    (tool.exclusive === undefined || tool.exclusive === false) &&
    (tool.takesControl === undefined || tool.takesControl === false) &&
    (deps === undefined ||
      (deps !== null &&
        typeof deps === 'object' &&
        noItems(deps.requires) &&
        noItems(deps.suggests) &&
        noItems(deps.conflicts))) &&
    (tool.deprecated === undefined || tool.deprecated === false) &&
    tool.deprecationMessage === undefined &&
    tool.supersededBy === undefined
  );
}

/** Whether an extra field of `tool` differs from its default. */
function isSet(tool: Tool, field: (typeof EXTRA_TOOL_FIELDS)[number]): boolean {
  const value = tool[field] as unknown;
  if (value === undefined || value === false) return false;
  if (field === 'version') return value !== '1.0.0';
  if (Array.isArray(value)) return value.length > 0;
  if (field === 'dependencies') {
    const d = value as Tool['dependencies'];
    return d.requires.length + d.suggests.length + d.conflicts.length > 0;
  }
  return true;
}

/**
 * Losses for canonical fields the target cannot carry: extra fields, and `title`, `annotations`,
 * `outputSchema` unless listed in `carried`. Namespace and version travel in the name map.
 * Appended to `losses` when given (saves a codec a list and a copy per conversion).
 */
export function fieldLosses(
  tool: Tool,
  target: string,
  carried: ReadonlySet<string>,
  losses: Loss[] = [],
): Loss[] {
  // Most tools set no extra field but perhaps a namespace (catalogue tools): no loop for them.
  if (extrasAllDefault(tool, true)) {
    if (isSet(tool, 'namespace') && !carried.has('namespace'))
      losses.push(extraFieldLoss('namespace', target));
  } else
    for (let i = 0; i < EXTRA_TOOL_FIELDS.length; i++) {
      const field = EXTRA_TOOL_FIELDS[i]!;
      if (!carried.has(field) && isSet(tool, field)) losses.push(extraFieldLoss(field, target));
    }
  if (tool.title !== undefined && !carried.has('title'))
    losses.push({
      pointer: '/title',
      keyword: 'title',
      action: 'dropped',
      detail: detailOf('title', target),
    });
  if (hasOwnKey(tool.annotations) && !carried.has('annotations'))
    losses.push({
      pointer: '/annotations',
      keyword: 'annotations',
      action: 'dropped',
      detail: detailOf('annotations', target),
    });
  if (tool.outputSchema !== undefined && !carried.has('outputSchema'))
    losses.push({
      pointer: '/outputSchema',
      keyword: 'outputSchema',
      action: 'dropped',
      detail: detailOf('outputSchema', target),
    });
  return losses;
}

type DroppedField = (typeof EXTRA_TOOL_FIELDS)[number] | 'title' | 'annotations' | 'outputSchema';

function extraFieldLoss(field: (typeof EXTRA_TOOL_FIELDS)[number], target: string): Loss {
  return {
    pointer: FIELD_POINTERS[field],
    keyword: field,
    action: 'dropped',
    detail: detailOf(field, target),
  };
}

const FIELD_POINTERS = Object.fromEntries(EXTRA_TOOL_FIELDS.map((f) => [f, `/${f}`])) as Record<
  (typeof EXTRA_TOOL_FIELDS)[number],
  string
>;
/**
 * Loss details by target label, then field, built once: a catalogue tool's namespace (and often
 * its output schema) is reported on every conversion, and a string built per loss is an
 * allocation each time. Target labels are the codecs' own few constants.
 */
const DETAILS = new Map<string, Map<DroppedField, string>>();

// The last target's details: conversions come in runs of one target.
let lastTarget: string | undefined;
let lastDetails: Map<DroppedField, string> | undefined;

function detailOf(field: DroppedField, target: string): string {
  let details = target === lastTarget ? lastDetails : DETAILS.get(target);
  if (details === undefined) DETAILS.set(target, (details = new Map()));
  lastTarget = target;
  lastDetails = details;
  let detail = details.get(field);
  if (detail === undefined) {
    details.set(field, (detail = describeDrop(field, target)));
  }
  return detail;
}

function describeDrop(field: DroppedField, target: string): string {
  switch (field) {
    case 'title':
      return `${target} has no tool title`;
    case 'annotations':
      return `${target} has no tool annotations`;
    case 'outputSchema':
      return `${target} has no output schema`;
    case 'namespace':
    case 'version':
      return `${target} has no ${field}; restored only when the name map is passed to toCanonical`;
    default:
      return `${target} has no place for ${field}`;
  }
}

export function renameLoss(tool: Tool, targetName: string, target: string): Loss[] {
  if (tool.name === targetName) return [];
  return [
    {
      pointer: '/name',
      keyword: 'name',
      action: 'renamed',
      detail: `"${tool.name}" → "${targetName}" (${target} name rule); the name map reverses it`,
    },
  ];
}

/**
 * Lowers a tool's input schema with `profile` and builds the argument codec for the result. The
 * lowering's losses are appended to `losses` when given (and are then that same list).
 */
export function lowerInput(
  tool: Tool,
  profile: LoweringProfile,
  target: string,
  limits: DialectLimits,
  recursion: ConvertOptions['recursion'] = 'unfold',
  losses?: Loss[],
): {
  schema: JsonSchemaObject;
  losses: Loss[];
  decode: EncodedTool['decode'];
  encodeArgs: EncodedTool['encodeArgs'];
} {
  const ctx = createContext(target, limits, recursion, losses);
  const schema = lowerSchema(tool.inputSchema as JsonSchemaObject, '/inputSchema', ctx, profile);
  const codec = ctx.argsChanged ? createArgsCodec(schema) : IDENTITY_ARGS;
  return {
    schema: schema === tool.inputSchema ? tool.inputSchema : schema,
    losses: ctx.losses,
    decode: codec.decode,
    encodeArgs: codec.encode,
  };
}

const DIALECT_LIMIT_KEYS: ReadonlySet<string> = new Set([
  'maxNestingDepth',
  'maxProperties',
  'maxEnumValues',
  'maxNameLength',
  'maxRecursionUnfold',
  'maxSchemaChars',
]);

/** `defaults` with `options.limits` applied; each override must be a known limit and a non-negative integer. */
/** Lowers an output schema with `profile`, adding its losses to `losses` (outputs are not decoded). */
export function lowerOutput(
  schema: JsonSchemaObject,
  profile: LoweringProfile,
  target: string,
  limits: DialectLimits,
  losses: Loss[],
): JsonSchemaObject {
  const ctx = createContext(target, limits);
  const lowered = lowerSchema(schema, '/outputSchema', ctx, profile);
  losses.push(...ctx.losses);
  return lowered;
}

export function mergeLimits(
  defaults: DialectLimits,
  options: ConvertOptions | { limits?: Partial<DialectLimits> },
): DialectLimits {
  const given: unknown = options.limits;
  if (given === undefined) return defaults;
  if (!isPlainObject(given)) throw new InvalidArgumentError('options.limits', 'an object of limits', given);
  const out: DialectLimits = { ...defaults };
  for (const [key, value] of Object.entries(given)) {
    if (value === undefined) continue;
    if (!DIALECT_LIMIT_KEYS.has(key))
      throw new InvalidArgumentError(
        `options.limits.${key}`,
        `one of ${[...DIALECT_LIMIT_KEYS].join(', ')}`,
        value,
      );
    if (typeof value !== 'number' || !Number.isInteger(value) || value < 0)
      throw new InvalidArgumentError(`options.limits.${key}`, 'a non-negative integer', value);
    (out as unknown as Record<string, number>)[key] = value;
  }
  return out;
}

/** Name (and namespace/version) of a decoded tool, from the name map when it knows the target name. */
export function applyNameMap(
  input: ToolInput,
  targetName: string,
  options: ToCanonicalOptions,
  losses: Loss[],
): void {
  const id =
    options.names && Object.hasOwn(options.names.fromTarget, targetName)
      ? options.names.fromTarget[targetName]
      : undefined;
  if (id === undefined) return;
  const parts = tryParseToolId(id);
  if (!parts) return;
  input.name = parts.name;
  if (parts.namespace !== undefined) input.namespace = parts.namespace;
  if (parts.version !== undefined) input.version = parts.version;
  if (parts.name !== targetName || parts.namespace !== undefined)
    losses.push({
      pointer: '/name',
      keyword: 'name',
      action: 'restored',
      detail: `"${targetName}" mapped back to "${id}"`,
    });
}

/** Undoes lowering marks in a schema read from a dialect (unless `restore: false`). */
export function restoreInput(
  schema: unknown,
  base: string,
  options: ToCanonicalOptions,
  losses: Loss[],
  nullable: boolean,
): unknown {
  if (options.restore === false) return schema;
  return restoreSchema(schema, base, losses, { nullable });
}

/** Reads a required object; throws a typed error naming the pointer otherwise. */
export function expectObject(raw: unknown, pointer: string, what: string): Record<string, unknown> {
  if (!isPlainObject(raw)) throw new ConversionError('invalid-input', pointer, `${what} must be an object`);
  return raw;
}

export function expectName(raw: Record<string, unknown>, pointer: string): string {
  const name = raw.name;
  if (typeof name !== 'string' || name === '')
    throw new ConversionError('invalid-input', `${pointer}/name`, 'tool name must be a non-empty string');
  return name;
}

export function optionalString(
  raw: Record<string, unknown>,
  key: string,
  pointer: string,
): string | undefined {
  const v = raw[key];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'string')
    throw new ConversionError('invalid-input', `${pointer}/${key}`, `${key} must be a string`);
  return v;
}

const SCHEMA_FIELDS: Readonly<Record<string, string>> = {
  inputSchema: 'mcp',
  input_schema: 'anthropic',
  parameters: 'openai-chat/gemini',
  parametersJsonSchema: 'gemini-json',
  schema: 'langchain',
  function: 'openai-chat',
};

/**
 * Fields of `raw` outside `known`: another dialect's schema field is an error (the input is in
 * another dialect and its schema would be silently ignored); anything else is reported as dropped.
 */
export function checkFields(
  raw: Record<string, unknown>,
  known: ReadonlySet<string>,
  dialect: string,
  pointer: string,
  losses: Loss[],
): void {
  for (const key of Object.keys(raw)) {
    if (known.has(key)) continue;
    const other = Object.hasOwn(SCHEMA_FIELDS, key) ? SCHEMA_FIELDS[key] : undefined;
    if (other !== undefined)
      throw new ConversionError(
        'invalid-input',
        `${pointer}/${key}`,
        `"${key}" is not a field of a ${dialect} tool (it looks like ${other}); pass the right dialect as \`from\``,
      );
    losses.push({
      pointer: `${pointer}/${key}`,
      keyword: key,
      action: 'dropped',
      detail: `unknown ${dialect} field ignored`,
    });
  }
}

/**
 * Reads a flat `{name, description, <schemaField>}` tool (Anthropic, LangChain) into a tool
 * definition: unknown fields reported, lowering marks in the schema restored, the name mapped back.
 */
export function decodeFlatTool(
  obj: Record<string, unknown>,
  spec: { schemaField: string; fields: ReadonlySet<string>; dialect: string; source: ToolInput['source'] },
  options: ToCanonicalOptions,
): { input: ToolInput; losses: Loss[] } {
  const name = expectName(obj, '');
  const losses: Loss[] = [];
  checkFields(obj, spec.fields, spec.dialect, '', losses);
  const input: ToolInput = { name, source: spec.source };
  const description = optionalString(obj, 'description', '');
  if (description !== undefined) input.description = description;
  input.inputSchema = restoreInput(
    obj[spec.schemaField] ?? { type: 'object', properties: {} },
    '/inputSchema',
    options,
    losses,
    false,
  ) as ToolInput['inputSchema'];
  applyNameMap(input, name, options, losses);
  return { input, losses };
}
