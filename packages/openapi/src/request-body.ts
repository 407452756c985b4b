import type { JsonSchema, JsonSchemaObject } from '@toolarsenal/toolmodel';
import { isPlainObject } from '@toolarsenal/toolmodel';
import { type Parameter, parameterSchema } from './parameters.js';
import type { SchemaRoot } from './schema-convert.js';

export interface BuiltBody {
  schema: JsonSchema;
  contentType: string;
  required: boolean;
}

const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;.*)?$/i;
const BINARY_TYPE = /^(?:application\/(?:octet-stream|pdf|zip|gzip)|image\/|audio\/|video\/|\*\/\*)/i;

/** Picks the media type a tool call sends: JSON first, then form, multipart, then whatever is declared first. */
export function pickMediaType(types: readonly string[]): string | undefined {
  return (
    types.find((t) => /^application\/json\s*(;.*)?$/i.test(t)) ??
    types.find((t) => JSON_TYPE.test(t)) ??
    types.find((t) => /^application\/x-www-form-urlencoded/i.test(t)) ??
    types.find((t) => /^multipart\/form-data/i.test(t)) ??
    types[0]
  );
}

/** OpenAPI 3 `requestBody`. */
export function buildRequestBody(declared: unknown, root: SchemaRoot): BuiltBody | undefined {
  const requestBody = root.deref(declared);
  if (!isPlainObject(requestBody) || !isPlainObject(requestBody.content)) return undefined;
  const contentType = pickMediaType(Object.keys(requestBody.content));
  if (contentType === undefined) return undefined;
  const media = root.deref(requestBody.content[contentType]);
  const raw = isPlainObject(media) ? media.schema : undefined;
  let schema: JsonSchema;
  if (raw !== undefined) schema = root.convert(raw);
  else if (BINARY_TYPE.test(contentType)) schema = { type: 'string', contentEncoding: 'base64' };
  else if (/^text\//i.test(contentType)) schema = { type: 'string' };
  else schema = {};
  if (
    BINARY_TYPE.test(contentType) &&
    isPlainObject(schema) &&
    schema.type === 'string' &&
    !schema.contentEncoding
  ) {
    schema = { ...schema, contentEncoding: 'base64' };
  }
  schema = withDescription(schema, requestBody.description);
  return { schema, contentType, required: requestBody.required === true };
}

/** Swagger 2.0 `in: body` parameter, or `in: formData` parameters gathered into an object. */
export function buildSwagger2Body(
  bodyParameter: Parameter | undefined,
  formData: readonly Parameter[],
  consumes: readonly string[],
  root: SchemaRoot,
): BuiltBody | undefined {
  if (bodyParameter) {
    const contentType = pickMediaType(consumes.filter((t) => !/form/i.test(t))) ?? 'application/json';
    const schema = withDescription(
      bodyParameter.schema === undefined ? {} : root.convert(bodyParameter.schema),
      bodyParameter.description,
    );
    return { schema, contentType, required: bodyParameter.required === true };
  }
  if (formData.length === 0) return undefined;
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  let hasFile = false;
  for (const p of formData) {
    const name = p.name as string;
    if (p.type === 'file') hasFile = true;
    properties[name] = parameterSchema(p, 'swagger-2.0', root);
    if (p.required === true) required.push(name);
  }
  const multipart = consumes.find((t) => /^multipart\/form-data/i.test(t));
  const urlencoded = consumes.find((t) => /^application\/x-www-form-urlencoded/i.test(t));
  const contentType = hasFile || !urlencoded ? (multipart ?? 'multipart/form-data') : urlencoded;
  const schema: JsonSchemaObject = { type: 'object', properties };
  if (required.length > 0) schema.required = required;
  return { schema, contentType, required: required.length > 0 };
}

function withDescription(schema: JsonSchema, description: unknown): JsonSchema {
  if (typeof description !== 'string' || !description.trim()) return schema;
  if (typeof schema === 'boolean') return schema ? { description: description.trim() } : schema;
  if (typeof schema.description === 'string') return schema;
  return { ...schema, description: description.trim() };
}
