import type { JsonSchema, JsonSchemaObject } from '@toolarsenal/toolmodel';
import { isPlainObject } from '@toolarsenal/toolmodel';
import { type Parameter, parameterSchema } from './parameters.js';
import type { SchemaRoot } from './schema-convert.js';
import { type BodyMeta, type EncodingMeta, styleOfCollectionFormat } from './source-meta.js';

export interface BuiltBody {
  schema: JsonSchema;
  contentType: string;
  required: boolean;
  /** What the executor needs beyond the content type (binary parts, encodings, alternatives). */
  wire: Omit<BodyMeta, 'contentType' | 'required'>;
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
  const wire: BuiltBody['wire'] = {};
  const rawSchema = root.deref(raw);
  if (BINARY_TYPE.test(contentType) && isRawBytes(rawSchema)) wire.binary = true;
  if (/^(multipart\/|application\/x-www-form-urlencoded)/i.test(contentType)) {
    const binary = binaryProperties(rawSchema, root);
    if (binary.length > 0) wire.binaryProperties = binary;
    const encoding = encodingMeta(isPlainObject(media) ? media.encoding : undefined, root);
    if (encoding) wire.encoding = encoding;
  }
  const alternatives = Object.keys(requestBody.content).filter((t) => t !== contentType);
  if (alternatives.length > 0) wire.alternatives = alternatives;
  return { schema, contentType, required: requestBody.required === true, wire };
}

/**
 * Whether a whole-body schema stands for raw bytes (sent decoded from the base64 argument):
 * `format: binary`, no schema at all, or a 3.1 `contentMediaType` without `contentEncoding`.
 * `format: base64`/`byte` or `contentEncoding: base64` mean the API wants the base64 text itself.
 */
function isRawBytes(schema: unknown): boolean {
  if (schema === undefined) return true;
  if (!isPlainObject(schema)) return false;
  if (schema.format === 'binary' || schema.type === 'file') return true;
  return (
    typeof schema.contentMediaType === 'string' &&
    schema.contentEncoding === undefined &&
    schema.format === undefined
  );
}

/** Top-level properties of a form/multipart body that carry file bytes (alone or as arrays). */
function binaryProperties(schema: unknown, root: SchemaRoot): string[] {
  if (!isPlainObject(schema) || !isPlainObject(schema.properties)) return [];
  const out: string[] = [];
  for (const [name, declared] of Object.entries(schema.properties)) {
    const prop = root.deref(declared);
    const item = isPlainObject(prop) && prop.type === 'array' ? root.deref(prop.items) : undefined;
    if (
      (isPlainObject(prop) && isRawBytesProperty(prop)) ||
      (isPlainObject(item) && isRawBytesProperty(item))
    )
      out.push(name);
  }
  return out;
}

function isRawBytesProperty(schema: Record<string, unknown>): boolean {
  return (
    schema.format === 'binary' ||
    schema.type === 'file' ||
    (typeof schema.contentMediaType === 'string' && schema.contentEncoding === undefined)
  );
}

/** OpenAPI 3 Encoding Objects of a form/multipart media type (headers are not kept). */
function encodingMeta(declared: unknown, root: SchemaRoot): Record<string, EncodingMeta> | undefined {
  const encoding = root.deref(declared);
  if (!isPlainObject(encoding)) return undefined;
  const out: Record<string, EncodingMeta> = {};
  for (const [name, value] of Object.entries(encoding)) {
    const e = root.deref(value);
    if (!isPlainObject(e)) continue;
    const meta: EncodingMeta = {};
    if (typeof e.contentType === 'string') meta.contentType = e.contentType;
    if (typeof e.style === 'string') meta.style = e.style;
    if (typeof e.explode === 'boolean') meta.explode = e.explode;
    if (e.allowReserved === true) meta.allowReserved = true;
    if (Object.keys(meta).length > 0) out[name] = meta;
  }
  return Object.keys(out).length > 0 ? out : undefined;
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
    const raw = root.deref(bodyParameter.schema);
    const wire: BuiltBody['wire'] = {};
    if (
      BINARY_TYPE.test(contentType) &&
      isPlainObject(raw) &&
      (raw.type === 'file' || raw.format === 'binary')
    )
      wire.binary = true;
    return { schema, contentType, required: bodyParameter.required === true, wire };
  }
  if (formData.length === 0) return undefined;
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  let hasFile = false;
  const binary: string[] = [];
  const encoding: Record<string, EncodingMeta> = {};
  for (const p of formData) {
    const name = p.name as string;
    if (p.type === 'file') {
      hasFile = true;
      binary.push(name);
    }
    if (p.type === 'array') {
      const format = typeof p.collectionFormat === 'string' ? p.collectionFormat : undefined;
      encoding[name] = styleOfCollectionFormat(format, 'query');
    }
    properties[name] = parameterSchema(p, 'swagger-2.0', root);
    if (p.required === true) required.push(name);
  }
  const multipart = consumes.find((t) => /^multipart\/form-data/i.test(t));
  const urlencoded = consumes.find((t) => /^application\/x-www-form-urlencoded/i.test(t));
  const contentType = hasFile || !urlencoded ? (multipart ?? 'multipart/form-data') : urlencoded;
  const schema: JsonSchemaObject = { type: 'object', properties };
  if (required.length > 0) schema.required = required;
  const wire: BuiltBody['wire'] = {};
  if (binary.length > 0) wire.binaryProperties = binary;
  if (Object.keys(encoding).length > 0) wire.encoding = encoding;
  return { schema, contentType, required: required.length > 0, wire };
}

function withDescription(schema: JsonSchema, description: unknown): JsonSchema {
  if (typeof description !== 'string' || !description.trim()) return schema;
  if (typeof schema === 'boolean') return schema ? { description: description.trim() } : schema;
  if (typeof schema.description === 'string') return schema;
  return { ...schema, description: description.trim() };
}
