import { isPlainObject, type JsonValue, type Tool, type ToolInput } from '@toolarsenal/toolmodel';
import { checkLimits } from '../check/common.js';
import { checkSchemaValidity } from '../check/schema-validity.js';
import { checkKnownFields, checkName, checkOptionalString, requireObject } from '../check/tool-shape.js';
import { ViolationList } from '../check/violation.js';
import { IDENTITY_ARGS } from '../decode/args-codec.js';
import { ConversionError } from '../errors.js';
import { MCP_NAME_RULE } from '../names/name-rules.js';
import type { CheckOptions, DialectCodec, DialectLimits, Loss, ToCanonicalOptions } from '../types.js';
import {
  applyNameMap,
  expectName,
  expectObject,
  extraToolFields,
  mergeLimits,
  optionalString,
  renameLoss,
} from './shared.js';

/** `_meta` key under which canonical fields MCP has no place for travel (so MCP is lossless). */
export const TOOLARSENAL_META_KEY = 'io.toolarsenal/tool';
export const MCP_FIELDS: ReadonlySet<string> = new Set([
  'name',
  'title',
  'description',
  'inputSchema',
  'outputSchema',
  'annotations',
  '_meta',
  'icons',
]);
const FOREIGN_SCHEMA_FIELDS = new Set([
  'input_schema',
  'parameters',
  'parametersJsonSchema',
  'schema',
  'function',
]);
const ANNOTATION_KEYS = new Set([
  'title',
  'readOnlyHint',
  'destructiveHint',
  'idempotentHint',
  'openWorldHint',
]);

export const MCP_LIMITS: DialectLimits = {
  maxNestingDepth: 100,
  maxProperties: 100_000,
  maxEnumValues: 100_000,
  maxNameLength: 128,
  maxRecursionUnfold: 3,
};

/** MCP tool (`tools/list` entry), 2025-06-18 / 2025-11-25. Lossless in both directions. */
export const mcpCodec: DialectCodec = {
  dialect: 'mcp',
  limits: MCP_LIMITS,
  namePattern: MCP_NAME_RULE.pattern,
  encode(tool: Tool, targetName: string) {
    const mcp = isPlainObject(tool.sourceMeta?.mcp) ? (tool.sourceMeta.mcp as Record<string, JsonValue>) : {};
    const value: Record<string, unknown> = {};
    if (isPlainObject(mcp.extra)) Object.assign(value, mcp.extra);
    value.name = targetName;
    if (tool.title !== undefined) value.title = tool.title;
    if (tool.description !== '') value.description = tool.description;
    value.inputSchema = tool.inputSchema;
    const extra = extraToolFields(tool);
    // MCP requires an object root for outputSchema; any other output schema travels in _meta.
    if (tool.outputSchema !== undefined) {
      if (isPlainObject(tool.outputSchema) && tool.outputSchema.type === 'object')
        value.outputSchema = tool.outputSchema;
      else extra.outputSchema = tool.outputSchema as JsonValue;
    }
    const annotations: Record<string, unknown> = { ...tool.annotations };
    if (isPlainObject(mcp.annotations)) Object.assign(annotations, mcp.annotations);
    if (Object.keys(annotations).length > 0) value.annotations = annotations;
    const meta: Record<string, unknown> = isPlainObject(mcp._meta) ? { ...mcp._meta } : {};
    if (Object.keys(extra).length > 0) meta[TOOLARSENAL_META_KEY] = extra;
    if (Object.keys(meta).length > 0) value._meta = meta;
    if (mcp.icons !== undefined) value.icons = mcp.icons;
    const losses: Loss[] = renameLoss(tool, targetName, 'MCP');
    return { value, losses, decode: IDENTITY_ARGS.decode, encodeArgs: IDENTITY_ARGS.encode };
  },
  decode(raw: unknown, options: ToCanonicalOptions) {
    const obj = expectObject(raw, '', 'an MCP tool');
    const name = expectName(obj, '');
    const losses: Loss[] = [];
    const input: ToolInput = { name, source: 'mcp' };
    const title = optionalString(obj, 'title', '');
    if (title !== undefined) input.title = title;
    const description = optionalString(obj, 'description', '');
    if (description !== undefined) input.description = description;
    if (obj.inputSchema !== undefined) input.inputSchema = obj.inputSchema as ToolInput['inputSchema'];
    if (obj.outputSchema !== undefined) input.outputSchema = obj.outputSchema as ToolInput['outputSchema'];
    // Built only when needed, and read key by key: most tools have no annotations, _meta, icons or
    // extra fields, and `Object.entries` would allocate a pair per field on every read.
    let mcpMeta: Record<string, JsonValue> | undefined;
    if (isPlainObject(obj.annotations)) {
      const annotations = obj.annotations;
      const known: Record<string, unknown> = {};
      let other: Record<string, JsonValue> | undefined;
      for (const k in annotations) {
        if (!Object.hasOwn(annotations, k)) continue;
        if (ANNOTATION_KEYS.has(k)) known[k] = annotations[k];
        else (other ??= {})[k] = annotations[k] as JsonValue;
      }
      input.annotations = known as ToolInput['annotations'];
      if (other !== undefined) (mcpMeta ??= {}).annotations = other;
    }
    if (isPlainObject(obj._meta)) {
      const { [TOOLARSENAL_META_KEY]: ours, ...rest } = obj._meta;
      if (isPlainObject(ours)) Object.assign(input, ours);
      if (Object.keys(rest).length > 0) (mcpMeta ??= {})._meta = rest as Record<string, JsonValue>;
    }
    if (obj.icons !== undefined) (mcpMeta ??= {}).icons = obj.icons as JsonValue;
    let extra: Record<string, JsonValue> | undefined;
    for (const k in obj) {
      if (!Object.hasOwn(obj, k) || MCP_FIELDS.has(k)) continue;
      if (FOREIGN_SCHEMA_FIELDS.has(k))
        throw new ConversionError(
          'invalid-input',
          `/${k}`,
          `"${k}" is not a field of an MCP tool (its schema goes in inputSchema); pass the right dialect as \`from\``,
        );
      (extra ??= {})[k] = obj[k] as JsonValue;
    }
    if (extra !== undefined) (mcpMeta ??= {}).extra = extra;
    if (mcpMeta !== undefined) input.sourceMeta = { mcp: mcpMeta };
    applyNameMap(input, name, options, losses);
    return { input, losses };
  },
  check(value: unknown, options: CheckOptions) {
    const out = new ViolationList();
    if (!requireObject(value, '', out, 'mcp.tool.object', 'an MCP tool')) return out.items;
    const limits = mergeLimits(MCP_LIMITS, options);
    checkName(
      value.name,
      '/name',
      MCP_NAME_RULE,
      limits.maxNameLength,
      out,
      'mcp.name',
      'tool names SHOULD be 1–128 characters of [A-Za-z0-9_.-] (MCP 2025-11-25)',
    );
    checkKnownFields(value, MCP_FIELDS, '', out, 'mcp.unknown-field', (key) =>
      FOREIGN_SCHEMA_FIELDS.has(key)
        ? `"${key}" is not a field of an MCP tool (another dialect's schema field; MCP's is inputSchema)`
        : `"${key}" is not a field of an MCP tool (name, title, description, inputSchema, outputSchema, annotations, _meta, icons)`,
    );
    checkOptionalString(value, 'description', '', out, 'mcp.description');
    checkOptionalString(value, 'title', '', out, 'mcp.title');
    const input = value.inputSchema;
    if (!isPlainObject(input) || input.type !== 'object')
      out.add(
        '/inputSchema',
        'mcp.input-schema.object',
        'inputSchema must be a JSON Schema object with type: "object" (MCP 2025-06-18)',
      );
    if (isPlainObject(input) && checkSchemaValidity(input, '/inputSchema', out))
      checkLimits(input, '/inputSchema', limits, out, 'mcp', false);
    if (value.outputSchema !== undefined) {
      if (!isPlainObject(value.outputSchema) || value.outputSchema.type !== 'object')
        out.add(
          '/outputSchema',
          'mcp.output-schema.object',
          'outputSchema must have an object root (type: "object"; structuredContent is an object)',
        );
      if (isPlainObject(value.outputSchema)) checkSchemaValidity(value.outputSchema, '/outputSchema', out);
    }
    if (value.annotations !== undefined && !isPlainObject(value.annotations))
      out.add('/annotations', 'mcp.annotations', 'annotations must be an object of hints');
    if (value._meta !== undefined && !isPlainObject(value._meta))
      out.add('/_meta', 'mcp.meta', '_meta must be an object');
    return out.items;
  },
  toDocument(values) {
    return { tools: values };
  },
  fromDocument(raw) {
    if (isPlainObject(raw) && Array.isArray(raw.tools))
      return raw.tools.map((value, i) => ({ value, pointer: `/tools/${i}` }));
    if (Array.isArray(raw)) return raw.map((value, i) => ({ value, pointer: `/${i}` }));
    return undefined;
  },
};
