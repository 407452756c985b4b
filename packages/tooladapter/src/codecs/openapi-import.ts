import {
  assertSafeJson,
  cloneJson,
  DEFAULT_DOCUMENT_LIMITS,
  FORBIDDEN_KEYS,
  getAtPointer,
  isPlainObject,
  type JsonValue,
  joinPointer,
  suggestName,
  TOOL_NAME_PATTERN,
  type ToolInput,
} from '@toolarsenal/toolmodel';
import { ConversionError } from '../errors.js';
import type { Loss, ToCanonicalOptions } from '../types.js';
import { repairImportedSchemas } from './openapi-repair.js';
import { localizeSchema } from './openapi-refs.js';
import {
  ANNOTATIONS_EXTENSION,
  BODY_INPUT_EXTENSION,
  CLOSED_INPUT_EXTENSION,
  HTTP_METHODS,
  isHttpMethod,
  PARAMETER_LOCATIONS,
  type ParameterLocation,
  TOOL_EXTENSION,
  BODY_PROPERTY,
} from '../openapi-layout.js';
import { takeRootDefs, unanchorSchema } from './openapi-shared.js';
import { applyNameMap, EXTRA_TOOL_FIELDS } from './shared.js';

/** Document-level context an operation inherits (servers, security, schemes, `$ref` targets). */
export interface OpenApiContext {
  servers?: string[];
  security?: JsonValue[];
  securitySchemes?: Record<string, JsonValue>;
  /** The whole document, to resolve local `$ref`s of parameters, bodies and responses. */
  document?: Record<string, unknown>;
}

/** Headers OpenAPI says are ignored as parameters (they are set by the content negotiation/auth). */
const IGNORED_HEADERS = new Set(['accept', 'content-type', 'authorization']);
const MAX_REF_HOPS = 16;

function fail(pointer: string, code: string, message: string): never {
  throw new ConversionError('invalid-input', pointer, `Invalid OpenAPI operation (${code}): ${message}`);
}

/** Follows a local `$ref` of a parameter/body/response object (not of schemas) through the document. */
function resolve(value: unknown, ctx: OpenApiContext, pointer: string, losses: Loss[]): unknown {
  let current = value;
  for (let hop = 0; hop < MAX_REF_HOPS; hop++) {
    if (!isPlainObject(current) || typeof current.$ref !== 'string') return current;
    const ref = current.$ref;
    const target = ref.startsWith('#/') && ctx.document ? getAtPointer(ctx.document, ref) : undefined;
    if (target === undefined) {
      losses.push({
        pointer,
        keyword: '$ref',
        action: 'dropped',
        detail: `unresolvable reference "${ref}" ignored`,
      });
      return undefined;
    }
    current = target;
  }
  fail(pointer, 'cycle', `reference chain longer than ${MAX_REF_HOPS} hops (a $ref loop?)`);
}

function toolName(op: Record<string, unknown>, method: string, path: string, losses: Loss[]): string {
  const raw =
    typeof op.operationId === 'string' && op.operationId.trim() !== ''
      ? op.operationId.trim()
      : `${method}_${path}`;
  if (TOOL_NAME_PATTERN.test(raw)) return raw;
  const name = suggestName(raw);
  losses.push({
    pointer: '/name',
    keyword: 'operationId',
    action: 'renamed',
    detail: `"${raw}" → tool name "${name}"`,
  });
  return name;
}

/** The name a model calls the operation by (its operationId), for the conversion's name map. */
function operationIdOf(op: Record<string, unknown>, fallback: string): string {
  return typeof op.operationId === 'string' ? op.operationId : fallback;
}

/** Picks the JSON media type of a `content` map (else the first one), reporting the others. */
function pickContent(
  content: unknown,
  pointer: string,
  losses: Loss[],
): { type: string; schema: unknown } | undefined {
  if (!isPlainObject(content)) return undefined;
  const types = Object.keys(content);
  const type = types.find((t) => /^application\/(.+\+)?json\b/i.test(t)) ?? types[0];
  if (type === undefined) return undefined;
  for (const other of types)
    if (other !== type)
      losses.push({
        pointer: joinPointer(pointer, other),
        keyword: 'content',
        action: 'dropped',
        detail: `alternative media type "${other}" not kept (using "${type}")`,
      });
  const media = content[type];
  const schema = isPlainObject(media) && media.schema !== undefined ? media.schema : {};
  return { type, schema: unanchorSchema(cloneJson(schema)) };
}

function outputSchemaOf(op: Record<string, unknown>, ctx: OpenApiContext, losses: Loss[]): unknown {
  const all = isPlainObject(op.responses) ? op.responses : {};
  const code = ['200', '201', '202', '2XX', '2xx', 'default'].find((c) => Object.hasOwn(all, c));
  if (code === undefined) return undefined;
  const response = resolve(all[code], ctx, `/responses/${code}`, losses);
  if (!isPlainObject(response) || !isPlainObject(response.content)) return undefined;
  const picked = pickContent(response.content, `/responses/${code}/content`, []);
  if (!picked || !/json/i.test(picked.type)) return undefined;
  return withDefs(picked.schema, ctx);
}

/** Adds the component schemas a localized schema references as its own `$defs`. */
function withDefs(schema: unknown, ctx: OpenApiContext): unknown {
  if (!ctx.document || !isPlainObject(schema)) return schema;
  const defs: Record<string, unknown> = {};
  const localized = localizeSchema(schema, ctx.document, defs, '');
  if (Object.keys(defs).length === 0 || !isPlainObject(localized)) return localized;
  return { ...localized, $defs: { ...(isPlainObject(localized.$defs) ? localized.$defs : {}), ...defs } };
}

/**
 * Reads one OpenAPI operation `{path, method, operation}` into a tool input with the layout of
 * @toolarsenal/openapi (parameter groups + `body`, `sourceMeta.openapi`), or — for operations this
 * codec exported from non-OpenAPI tools (`x-toolarsenal-input: body`) — with the body as input.
 */
export function decodeOpenApiOperation(
  raw: unknown,
  ctx: OpenApiContext = {},
  options: ToCanonicalOptions = {},
): { input: ToolInput; losses: Loss[] } {
  assertSafeJson(raw, { maxDepth: 128 }, 'Unsafe OpenAPI operation');
  if (!isPlainObject(raw)) fail('', 'invalid_type', 'expected {path, method, operation}');
  const { path, operation } = raw;
  const method = typeof raw.method === 'string' ? raw.method.toLowerCase() : raw.method;
  if (typeof path !== 'string' || !path.startsWith('/'))
    fail('/path', 'invalid_value', '"path" must be a string starting with "/"');
  if (!isHttpMethod(method))
    fail('/method', 'invalid_value', `"method" must be one of ${HTTP_METHODS.join(', ')}`);
  if (!isPlainObject(operation))
    fail('/operation', 'invalid_type', '"operation" must be an OpenAPI Operation object');

  const losses: Loss[] = [];
  const input: ToolInput = { name: toolName(operation, method, path, losses), source: 'openapi' };
  const summary = typeof operation.summary === 'string' ? operation.summary : undefined;
  if (typeof operation.description === 'string') {
    input.description = operation.description;
    if (summary !== undefined) input.title = summary;
  } else if (summary !== undefined) input.description = summary;
  if (Array.isArray(operation.tags))
    input.tags = operation.tags.filter((t): t is string => typeof t === 'string');
  if (operation.deprecated === true) input.deprecated = true;
  if (isPlainObject(operation[ANNOTATIONS_EXTENSION]))
    input.annotations = cloneJson(operation[ANNOTATIONS_EXTENSION]);
  const extra = operation[TOOL_EXTENSION];
  if (isPlainObject(extra))
    for (const field of EXTRA_TOOL_FIELDS)
      if (extra[field] !== undefined)
        (input as unknown as Record<string, unknown>)[field] = cloneJson(extra[field]);
  const output = outputSchemaOf(operation, ctx, losses);
  if (output !== undefined) input.outputSchema = output as ToolInput['outputSchema'];

  if (operation[BODY_INPUT_EXTENSION] === 'body') {
    const body = resolve(operation.requestBody, ctx, '/operation/requestBody', losses);
    const picked = isPlainObject(body)
      ? pickContent(body.content, '/operation/requestBody/content', losses)
      : undefined;
    input.inputSchema = withDefs(picked?.schema ?? { type: 'object' }, ctx) as ToolInput['inputSchema'];
    repairImportedSchemas(input, losses);
    applyNameMap(input, operationIdOf(operation, input.name), options, losses);
    return { input, losses };
  }

  const groups: Partial<
    Record<ParameterLocation, { properties: Record<string, unknown>; required: string[] }>
  > = {};
  const paramMeta: Partial<Record<ParameterLocation, Record<string, JsonValue>>> = {};
  const params = Array.isArray(operation.parameters) ? operation.parameters : [];
  const rootDefs: Record<string, unknown> = {};
  params.forEach((rawParam, i) => {
    const at = `/operation/parameters/${i}`;
    const param = resolve(rawParam, ctx, at, losses);
    if (!isPlainObject(param)) return;
    const where = param.in;
    if (typeof param.name !== 'string' || !(PARAMETER_LOCATIONS as readonly unknown[]).includes(where))
      fail(
        at,
        'invalid_value',
        'a parameter needs a string "name" and "in" of path, query, header or cookie',
      );
    if (FORBIDDEN_KEYS.has(param.name))
      fail(`${at}/name`, 'forbidden_key', `parameter name "${param.name}" is not allowed`);
    const group = where as ParameterLocation;
    if (group === 'header' && IGNORED_HEADERS.has(param.name.toLowerCase())) {
      losses.push({
        pointer: at,
        keyword: 'parameters',
        action: 'dropped',
        detail: `header "${param.name}" is ignored by OpenAPI`,
      });
      return;
    }
    let schema: unknown = param.schema;
    if (schema === undefined && param.content !== undefined)
      schema = pickContent(param.content, `${at}/content`, losses)?.schema;
    const copy = isPlainObject(schema)
      ? (cloneJson(schema) as Record<string, unknown>)
      : schema === undefined
        ? {}
        : schema;
    const lifted = takeRootDefs(localizeSchema(copy, ctx.document, rootDefs, at));
    if (lifted.defs) Object.assign(rootDefs, lifted.defs);
    const own = lifted.schema;
    if (isPlainObject(own) && typeof param.description === 'string' && own.description === undefined)
      own.description = param.description;
    const slot = groups[group] ?? { properties: {}, required: [] };
    groups[group] = slot;
    slot.properties[param.name] = own;
    const required = group === 'path' || param.required === true;
    if (required) slot.required.push(param.name);
    const hints: Record<string, JsonValue> = {};
    if (typeof param.style === 'string') hints.style = param.style;
    if (typeof param.explode === 'boolean') hints.explode = param.explode;
    if (required) hints.required = true;
    const metaSlot = paramMeta[group] ?? {};
    metaSlot[param.name] = hints;
    paramMeta[group] = metaSlot;
  });

  const properties: Record<string, unknown> = {};
  const required: string[] = [];
  for (const group of PARAMETER_LOCATIONS) {
    const slot = groups[group];
    if (!slot) continue;
    const schema: Record<string, unknown> = { type: 'object', properties: slot.properties };
    if (slot.required.length > 0) {
      schema.required = slot.required;
      required.push(group);
    }
    properties[group] = schema;
  }
  const meta: Record<string, JsonValue> = {
    method,
    path,
    parameters: paramMeta as Record<string, JsonValue>,
  };
  if (typeof operation.operationId === 'string') meta.operationId = operation.operationId;
  const body = resolve(operation.requestBody, ctx, '/operation/requestBody', losses);
  if (isPlainObject(body)) {
    const picked = pickContent(body.content, '/operation/requestBody/content', losses);
    if (picked) {
      const lifted = takeRootDefs(
        localizeSchema(picked.schema, ctx.document, rootDefs, '/operation/requestBody'),
      );
      if (lifted.defs) Object.assign(rootDefs, lifted.defs);
      properties[BODY_PROPERTY] = lifted.schema;
      if (body.required === true) required.push(BODY_PROPERTY);
      meta.body = { contentType: picked.type, required: body.required === true };
    }
  }
  const servers = Array.isArray(operation.servers)
    ? operation.servers
        .map((s) => (isPlainObject(s) ? s.url : undefined))
        .filter((u): u is string => typeof u === 'string')
    : ctx.servers;
  if (servers && servers.length > 0) meta.servers = servers;
  const security = Array.isArray(operation.security) ? operation.security : ctx.security;
  if (security) meta.security = cloneJson(security) as JsonValue[];
  if (ctx.securitySchemes) meta.securitySchemes = cloneJson(ctx.securitySchemes);

  const inputSchema: Record<string, unknown> = { type: 'object', properties };
  if (required.length > 0) inputSchema.required = required;
  if (operation[CLOSED_INPUT_EXTENSION] === true) inputSchema.additionalProperties = false;
  if (Object.keys(rootDefs).length > 0) inputSchema.$defs = rootDefs;
  input.inputSchema = inputSchema as ToolInput['inputSchema'];
  input.sourceMeta = { openapi: meta };
  repairImportedSchemas(input, losses);
  applyNameMap(input, operationIdOf(operation, input.name), options, losses);
  return { input, losses };
}

/** Every operation of an OpenAPI 3.x document as `{path, method, operation}` with its context. */
export function openApiOperationsOf(
  doc: unknown,
): Array<{ value: { path: string; method: string; operation: unknown }; context: OpenApiContext }> {
  // A whole document: the per-file bound (large APIs hold far more than one definition's 250,000 values).
  assertSafeJson(doc, DEFAULT_DOCUMENT_LIMITS, 'Unsafe OpenAPI document');
  if (!isPlainObject(doc) || !isPlainObject(doc.paths))
    fail('/paths', 'invalid_type', 'an OpenAPI document needs a "paths" object');
  const context: OpenApiContext = { document: doc };
  if (Array.isArray(doc.servers)) {
    const urls = doc.servers
      .map((s) => (isPlainObject(s) ? s.url : undefined))
      .filter((u): u is string => typeof u === 'string');
    if (urls.length > 0) context.servers = urls;
  }
  if (Array.isArray(doc.security)) context.security = doc.security as JsonValue[];
  const components = isPlainObject(doc.components) ? doc.components : {};
  if (isPlainObject(components.securitySchemes))
    context.securitySchemes = components.securitySchemes as Record<string, JsonValue>;
  const out: Array<{ value: { path: string; method: string; operation: unknown }; context: OpenApiContext }> =
    [];
  for (const [path, item] of Object.entries(doc.paths)) {
    if (!isPlainObject(item)) continue;
    const shared = Array.isArray(item.parameters) ? item.parameters : [];
    for (const method of HTTP_METHODS) {
      const operation = item[method];
      if (!isPlainObject(operation)) continue;
      // Path-level parameters apply unless the operation overrides the same name+location.
      const own = Array.isArray(operation.parameters) ? operation.parameters : [];
      const key = (p: unknown) => (isPlainObject(p) ? `${String(p.in)}:${String(p.name)}` : '');
      const merged = [...shared.filter((p) => !own.some((o) => key(o) === key(p))), ...own];
      out.push({
        value: {
          path,
          method,
          operation: merged.length > 0 ? { ...operation, parameters: merged } : operation,
        },
        context,
      });
    }
  }
  return out;
}

/** The document form of exported operations: a minimal OpenAPI 3.1 document. */
export function openApiDocument(
  values: ReadonlyArray<{ path: string; method: string; operation: unknown }>,
  options: { title?: string; version?: string; securitySchemes?: Record<string, JsonValue> } = {},
): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  values.forEach((v, i) => {
    const item = paths[v.path] ?? {};
    paths[v.path] = item;
    if (item[v.method] !== undefined)
      fail(
        `/${i}`,
        'duplicate',
        `two tools map to ${v.method.toUpperCase()} ${v.path}; an OpenAPI document holds one operation per method and path`,
      );
    item[v.method] = v.operation;
  });
  const doc: Record<string, unknown> = {
    openapi: '3.1.0',
    info: { title: options.title ?? 'Tools', version: options.version ?? '1.0.0' },
    paths,
  };
  if (options.securitySchemes && Object.keys(options.securitySchemes).length > 0)
    doc.components = { securitySchemes: options.securitySchemes };
  return doc;
}
