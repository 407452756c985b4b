import {
  cloneJson,
  isPlainObject,
  type JsonValue,
  joinPointer,
  TOOL_NAME_PATTERN,
  type Tool,
} from '@toolarsenal/toolmodel';
import type { ConvertOptions, DialectCodec, DialectLimits, EncodedTool, Loss } from '../types.js';

import { checkOpenApiOperation } from './openapi-check.js';
import {
  decodeOpenApiOperation,
  type OpenApiContext,
  openApiDocument,
  openApiOperationsOf,
} from './openapi-import.js';
import {
  ANNOTATIONS_EXTENSION,
  BODY_INPUT_EXTENSION,
  CLOSED_INPUT_EXTENSION,
  isHttpMethod,
  type OpenApiOperationValue,
  PARAMETER_LOCATIONS,
  TOOL_EXTENSION,
  BODY_PROPERTY,
  isParameterLocation,
} from '../openapi-layout.js';
import { anchorSchema, DEFAULT_RESPONSE_DESCRIPTION, withRootDefs } from './openapi-shared.js';
import { extraToolFields, renameLoss } from './shared.js';

const OPENAPI_LIMITS: DialectLimits = {
  maxNestingDepth: 100,
  maxProperties: 5_000,
  maxEnumValues: 100_000,
  maxNameLength: 128,
  maxRecursionUnfold: 0,
};

/** Keywords of the canonical input root / parameter groups that the OpenAPI layout rebuilds itself. */
const ROOT_KEYS = new Set(['type', 'properties', 'required']);
const GROUP_KEYS = new Set(['type', 'properties', 'required']);
const IDENTITY = (args: unknown): unknown => args;
const contexts = new WeakMap<object, OpenApiContext>();

function record(value: unknown): Record<string, unknown> {
  return isPlainObject(value) ? value : {};
}

function requiredOf(schema: Record<string, unknown>): string[] {
  return Array.isArray(schema.required)
    ? schema.required.filter((r): r is string => typeof r === 'string')
    : [];
}

/** Operation fields every export shares: id, texts, tags, deprecation, annotations, response. */
function baseOperation(tool: Tool, targetName: string): Record<string, unknown> {
  const op: Record<string, unknown> = { operationId: targetName };
  // Canonical fields OpenAPI has no keyword for ride in an extension, so the export is lossless.
  const { tags: _tags, deprecated: _deprecated, ...extra } = extraToolFields(tool);
  if (Object.keys(extra).length > 0) op[TOOL_EXTENSION] = extra;
  if (tool.title !== undefined) op.summary = tool.title;
  op.description = tool.description;
  if (tool.tags.length > 0) op.tags = [...tool.tags];
  if (tool.deprecated) op.deprecated = true;
  if (Object.keys(tool.annotations).length > 0) op[ANNOTATIONS_EXTENSION] = cloneJson(tool.annotations);
  return op;
}

function responses(tool: Tool, targetName: string): Record<string, unknown> {
  const ok: Record<string, unknown> = { description: DEFAULT_RESPONSE_DESCRIPTION };
  if (tool.outputSchema !== undefined)
    ok.content = {
      'application/json': { schema: anchorSchema(tool.outputSchema, `${targetName}:output`) },
    };
  return { '200': ok };
}

/** Tool from an OpenAPI import: parameters and body go back where `sourceMeta.openapi` says. */
function encodeGrouped(
  tool: Tool,
  targetName: string,
  meta: Record<string, unknown>,
): { value: OpenApiOperationValue; losses: Loss[] } {
  const losses: Loss[] = [];
  const schema = tool.inputSchema;
  const props = record(schema.properties);
  const rootRequired = requiredOf(schema);
  const paramMeta = record(meta.parameters);
  const parameters: Record<string, unknown>[] = [];
  const rootDefs = isPlainObject(schema.$defs) ? schema.$defs : undefined;
  let defsCarried = false;
  const carry = (part: unknown, id: string): unknown => {
    const out = withRootDefs(part, rootDefs, id);
    if (out !== part) defsCarried = true;
    return out;
  };
  const closed = schema.additionalProperties === false;
  for (const key of Object.keys(schema))
    if (!ROOT_KEYS.has(key) && !(key === '$defs' && rootDefs) && !(key === 'additionalProperties' && closed))
      losses.push({
        pointer: joinPointer('/inputSchema', key),
        keyword: key,
        action: 'dropped',
        detail: `"${key}" at the input root has no place in an OpenAPI operation (parameters and body are separate)`,
      });
  for (const name of Object.keys(props)) {
    if (name === BODY_PROPERTY || isParameterLocation(name)) continue;
    losses.push({
      pointer: joinPointer('/inputSchema/properties', name),
      keyword: 'properties',
      action: 'dropped',
      detail: `input property "${name}" is neither a parameter group (path, query, header, cookie) nor "body"`,
    });
  }
  for (const group of PARAMETER_LOCATIONS) {
    const groupSchema = props[group];
    if (groupSchema === undefined) continue;
    const at = joinPointer('/inputSchema/properties', group);
    if (!isPlainObject(groupSchema)) {
      losses.push({
        pointer: at,
        keyword: group,
        action: 'dropped',
        detail: `"${group}" is not an object schema of parameters`,
      });
      continue;
    }
    for (const key of Object.keys(groupSchema))
      if (!GROUP_KEYS.has(key))
        losses.push({
          pointer: joinPointer(at, key),
          keyword: key,
          action: 'dropped',
          detail: `"${key}" on the ${group} parameter group cannot be expressed by OpenAPI parameters`,
        });
    const required = requiredOf(groupSchema);
    const styles = record(paramMeta[group]);
    for (const [name, paramSchema] of Object.entries(record(groupSchema.properties))) {
      const param: Record<string, unknown> = { name, in: group };
      const hints = record(Object.hasOwn(styles, name) ? styles[name] : undefined);
      if (isPlainObject(paramSchema) && typeof paramSchema.description === 'string')
        param.description = paramSchema.description;
      if (group === 'path' || required.includes(name)) param.required = true;
      if (group === 'path' && !required.includes(name))
        losses.push({
          pointer: joinPointer(at, 'properties', name),
          keyword: 'required',
          action: 'rewritten',
          detail: `path parameter "${name}" is always required in OpenAPI`,
        });
      if (typeof hints.style === 'string') param.style = hints.style;
      if (typeof hints.explode === 'boolean') param.explode = hints.explode;
      param.schema = carry(paramSchema, `${targetName}:${group}:${name}`);
      parameters.push(param);
    }
  }
  const op = baseOperation(tool, targetName);
  if (closed) op[CLOSED_INPUT_EXTENSION] = true;
  if (parameters.length > 0) op.parameters = parameters;
  if (props[BODY_PROPERTY] !== undefined) {
    const body = record(meta.body);
    const contentType = typeof body.contentType === 'string' ? body.contentType : 'application/json';
    op.requestBody = {
      required: rootRequired.includes(BODY_PROPERTY),
      content: {
        [contentType]: {
          schema: anchorSchema(carry(props[BODY_PROPERTY], `${targetName}:body`), `${targetName}:body`),
        },
      },
    };
  }
  if (rootDefs && !defsCarried)
    losses.push({
      pointer: '/inputSchema/$defs',
      keyword: '$defs',
      action: 'dropped',
      detail: 'root $defs referenced by no parameter or body schema',
    });
  op.responses = responses(tool, targetName);
  if (Array.isArray(meta.security)) op.security = cloneJson(meta.security);
  if (Array.isArray(meta.servers))
    op.servers = meta.servers.filter((s) => typeof s === 'string').map((url) => ({ url }));
  const method = typeof meta.method === 'string' ? meta.method.toLowerCase() : 'post';
  return {
    value: { path: String(meta.path), method: isHttpMethod(method) ? method : 'post', operation: op },
    losses,
  };
}

/** Tool without OpenAPI origin: `POST /tools/{name}` taking the whole input as the JSON body. */
function encodeBody(tool: Tool, targetName: string): OpenApiOperationValue {
  const op = baseOperation(tool, targetName);
  op[BODY_INPUT_EXTENSION] = 'body';
  op.requestBody = {
    required: true,
    content: {
      'application/json': { schema: anchorSchema(tool.inputSchema, `${targetName}:input`) },
    },
  };
  op.responses = responses(tool, targetName);
  return { path: `/tools/${targetName}`, method: 'post', operation: op };
}

function hasOpenApiOrigin(tool: Tool): Record<string, unknown> | undefined {
  const meta = tool.sourceMeta?.openapi;
  return isPlainObject(meta) &&
    typeof meta.path === 'string' &&
    meta.path.startsWith('/') &&
    typeof meta.method === 'string'
    ? meta
    : undefined;
}

/**
 * Schemas are shared with the (deeply frozen) tool rather than copied, as the other codecs do.
 *
 * Exports a tool as an OpenAPI 3.1 operation `{path, method, operation}`. Tools imported from
 * OpenAPI go back to their method, path, parameters and body; other tools become
 * `POST /tools/{name}` with the input as JSON body. The output schema is the `200` JSON response.
 * What a model sends is the tool's own argument shape, so `decode` is the identity.
 */
export function encodeOpenApiOperation(
  tool: Tool,
  targetName: string,
  _options: ConvertOptions = {},
): EncodedTool {
  const meta = hasOpenApiOrigin(tool);
  const { value, losses } = meta
    ? encodeGrouped(tool, targetName, meta)
    : { value: encodeBody(tool, targetName), losses: [] };
  return {
    value,
    losses: [...renameLoss(tool, targetName, 'OpenAPI'), ...losses],
    decode: IDENTITY,
    encodeArgs: IDENTITY,
  };
}

/** OpenAPI 3.1 operation codec (`{path, method, operation}`; document form: a full OpenAPI document). */
export const openApiOperationCodec: DialectCodec = {
  dialect: 'openapi-operation',
  limits: OPENAPI_LIMITS,
  namePattern: TOOL_NAME_PATTERN,
  encode: encodeOpenApiOperation,
  decode: (raw, options) => decodeOpenApiOperation(raw, contexts.get(raw as object) ?? {}, options),
  check: checkOpenApiOperation,
  toDocument: (values, tools) => {
    const securitySchemes: Record<string, JsonValue> = {};
    for (const tool of tools) {
      const schemes = record(record(tool.sourceMeta?.openapi).securitySchemes);
      Object.assign(securitySchemes, schemes);
    }
    return openApiDocument(values as OpenApiOperationValue[], { securitySchemes });
  },
  fromDocument: (raw) => {
    if (Array.isArray(raw)) return raw.map((value, i) => ({ value, pointer: `/${i}` }));
    if (!isPlainObject(raw) || !isPlainObject(raw.paths)) return undefined;
    return openApiOperationsOf(raw).map(({ value, context }) => {
      // The document context (servers, security, $ref targets) travels with the value object.
      contexts.set(value, context);
      return { value, pointer: joinPointer('/paths', value.path, value.method) };
    });
  },
};
