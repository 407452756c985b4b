import type { JsonSchema, JsonSchemaObject } from '@toolarsenal/toolmodel';
import { isPlainObject } from '@toolarsenal/toolmodel';
import type { SpecKind } from './load-document.js';
import { pathPlaceholders } from './operations.js';
import type { SchemaRoot } from './schema-convert.js';
import {
  PARAMETER_LOCATIONS,
  styleOfCollectionFormat,
  type HttpParameterMeta,
  type ParameterGroup,
  type ParameterLocation,
} from './source-meta.js';

export type Parameter = Record<string, unknown>;

export interface CollectedParameters {
  groups: Partial<Record<ParameterLocation, ParameterGroup>>;
  meta: Partial<Record<ParameterLocation, Record<string, HttpParameterMeta>>>;
  /** Swagger 2.0 `in: body` parameter. */
  bodyParameter?: Parameter;
  /** Swagger 2.0 `in: formData` parameters. */
  formData: Parameter[];
  /** Problems with single parameters (reported as warnings; the parameter is left out). */
  notes: string[];
}

/** Swagger 2.0 fields that describe a non-body parameter's value (the rest is parameter metadata). */
const SWAGGER2_SCHEMA_FIELDS = [
  'type',
  'format',
  'items',
  'default',
  'maximum',
  'exclusiveMaximum',
  'minimum',
  'exclusiveMinimum',
  'maxLength',
  'minLength',
  'pattern',
  'maxItems',
  'minItems',
  'uniqueItems',
  'enum',
  'multipleOf',
  'x-nullable',
];
/** OpenAPI 3: these header parameters "SHALL be ignored" (the executor sets them). */
const IGNORED_HEADERS = new Set(['accept', 'content-type', 'authorization']);

/** Merges path-level and operation-level parameters (operation wins per name + location) and groups them. */
export function collectParameters(
  pathParameters: unknown,
  operationParameters: unknown,
  kind: SpecKind,
  root: SchemaRoot,
  pathTemplate: string,
): CollectedParameters {
  const merged = new Map<string, Parameter>();
  const notes: string[] = [];
  const add = (list: unknown, where: string) => {
    if (list === undefined) return;
    if (!Array.isArray(list)) {
      notes.push(`${where} parameters are not an array; ignored`);
      return;
    }
    list.forEach((item, i) => {
      const p = root.deref(item);
      if (!isPlainObject(p) || typeof p.name !== 'string' || typeof p.in !== 'string') {
        notes.push(`${where} parameter ${i} has no name or location; ignored`);
        return;
      }
      merged.set(`${p.in}:${p.name}`, p);
    });
  };
  add(pathParameters, 'path-level');
  add(operationParameters, 'operation');

  const result: CollectedParameters = { groups: {}, meta: {}, formData: [], notes };
  for (const p of merged.values()) {
    const location = p.in as string;
    const name = p.name as string;
    if (location === 'body') {
      result.bodyParameter = p;
      continue;
    }
    if (location === 'formData') {
      result.formData.push(p);
      continue;
    }
    if (!PARAMETER_LOCATIONS.includes(location as ParameterLocation)) {
      notes.push(`parameter "${name}" has unknown location "${location}"; ignored`);
      continue;
    }
    const loc = location as ParameterLocation;
    if (loc === 'header' && kind !== 'swagger-2.0' && IGNORED_HEADERS.has(name.toLowerCase())) {
      notes.push(
        `header parameter "${name}" ignored (OpenAPI 3: Accept, Content-Type and Authorization are set by the client)`,
      );
      continue;
    }
    const group = result.groups[loc] ?? { properties: {}, required: [] };
    result.groups[loc] = group;
    group.properties[name] = parameterSchema(p, kind, root);
    const required = loc === 'path' || p.required === true;
    if (required) group.required.push(name);
    if (loc === 'path' && p.required !== true)
      notes.push(`path parameter "${name}" is not marked required; treated as required`);
    const meta: HttpParameterMeta = serialisation(p, kind, loc);
    if (required) meta.required = true;
    const metas = result.meta[loc] ?? {};
    metas[name] = meta;
    result.meta[loc] = metas;
  }
  addUndeclaredPathParameters(result, pathTemplate);
  return result;
}

/**
 * A `{placeholder}` with no path parameter (reported as `path_parameter_missing`) would be sent
 * literally; the tool asks for it as a required string instead.
 */
function addUndeclaredPathParameters(result: CollectedParameters, pathTemplate: string): void {
  for (const name of new Set(pathPlaceholders(pathTemplate))) {
    const group = result.groups.path ?? { properties: {}, required: [] };
    if (Object.hasOwn(group.properties, name)) continue;
    result.groups.path = group;
    group.properties[name] = { type: 'string' };
    group.required.push(name);
    result.meta.path = { ...result.meta.path, [name]: { required: true } };
  }
}

/** The JSON Schema of a non-body parameter, with its description and example. */
export function parameterSchema(p: Parameter, kind: SpecKind, root: SchemaRoot): JsonSchema {
  let raw: unknown;
  if (kind === 'swagger-2.0' && p.in !== 'body') {
    const fields: Record<string, unknown> = {};
    for (const f of SWAGGER2_SCHEMA_FIELDS) if (p[f] !== undefined) fields[f] = p[f];
    raw = fields;
  } else if (p.schema !== undefined) {
    raw = p.schema;
  } else if (isPlainObject(p.content)) {
    const first = root.deref(Object.values(p.content)[0]);
    raw = isPlainObject(first) ? first.schema : undefined;
  }
  const converted = raw === undefined ? {} : root.convert(raw);
  return decorate(converted, p);
}

/** Copies parameter-level annotations onto its (possibly shared) converted schema. */
export function decorate(schema: JsonSchema, p: Parameter): JsonSchema {
  const extra: JsonSchemaObject = {};
  if (typeof p.description === 'string' && p.description.trim()) extra.description = p.description.trim();
  if (p.deprecated === true) extra.deprecated = true;
  if (p.example !== undefined) extra.examples = [p.example];
  if (Object.keys(extra).length === 0) return schema;
  if (typeof schema === 'boolean') return schema ? extra : false;
  const out: JsonSchemaObject = { ...schema };
  for (const [k, v] of Object.entries(extra)) if (k !== 'examples' || out.examples === undefined) out[k] = v;
  return out;
}

function serialisation(p: Parameter, kind: SpecKind, loc: ParameterLocation): HttpParameterMeta {
  const meta: HttpParameterMeta = {};
  if (kind !== 'swagger-2.0') {
    if (typeof p.style === 'string') meta.style = p.style;
    if (typeof p.explode === 'boolean') meta.explode = p.explode;
    if (p.allowReserved === true) meta.allowReserved = true;
    if (isPlainObject(p.content)) {
      const type = Object.keys(p.content)[0];
      if (type !== undefined) meta.contentType = type;
    }
    return meta;
  }
  if (p.type !== 'array') return meta;
  // Swagger 2.0 arrays default to csv, which is OpenAPI 3 `form` + `explode: false` in a query.
  const format = typeof p.collectionFormat === 'string' ? p.collectionFormat : undefined;
  Object.assign(meta, styleOfCollectionFormat(format, loc));
  return meta;
}
