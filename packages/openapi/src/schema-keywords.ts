import type { JsonSchema, JsonSchemaObject } from '@toolarsenal/toolmodel';
import {
  isPlainObject,
  SUBSCHEMA_ARRAY_KEYWORDS,
  SUBSCHEMA_KEYWORDS,
  SUBSCHEMA_MAP_KEYWORDS,
} from '@toolarsenal/toolmodel';
import type { SchemaStats } from './schema-stats.js';

/** Keywords holding one subschema (toolmodel's list). */
export const SINGLE = SUBSCHEMA_KEYWORDS;
/** Keywords holding a list of subschemas (`items` as a list is a tuple, handled before). */
export const ARRAYS = SUBSCHEMA_ARRAY_KEYWORDS;
/** Keywords holding a map of subschemas; draft-07 `dependencies` mixes in name lists and is kept as is. */
export const MAPS: ReadonlySet<string> = new Set(
  [...SUBSCHEMA_MAP_KEYWORDS].filter((k) => k !== 'dependencies'),
);
/** OpenAPI-only or scope-changing keywords with no place in a self-contained tool schema. */
export const DROPPED = new Set([
  'xml',
  'discriminator',
  'externalDocs',
  '$schema',
  '$id',
  '$anchor',
  '$dynamicAnchor',
  '$dynamicRef',
  '$recursiveAnchor',
  '$recursiveRef',
  '$vocabulary',
  '$comment',
  'nullable',
  'collectionFormat',
]);
export const TYPES = new Set(['string', 'number', 'integer', 'boolean', 'object', 'array', 'null']);
const ANNOTATIONS = new Set([
  'description',
  'title',
  'default',
  'examples',
  'deprecated',
  'readOnly',
  'writeOnly',
]);
const COMPOSITION = ['allOf', 'anyOf', 'oneOf', '$ref', 'enum', 'const', 'not', 'if'];

export function typeIncludes(type: unknown, name: string): boolean {
  return type === name || (Array.isArray(type) && type.includes(name));
}

export function cap(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

export function normaliseType(value: unknown): string | string[] | undefined {
  if (typeof value === 'string') return TYPES.has(value) || value === 'file' ? value : undefined;
  if (Array.isArray(value)) {
    const list = [...new Set(value.filter((v): v is string => typeof v === 'string' && TYPES.has(v)))];
    return list.length === 0 ? undefined : list.length === 1 ? list[0] : list;
  }
  return undefined;
}

export function makeNullable(schema: JsonSchemaObject): JsonSchemaObject {
  const type = schema.type;
  if (typeof type === 'string' || Array.isArray(type)) {
    const types = Array.isArray(type) ? [...(type as string[])] : [type];
    if (!types.includes('null')) types.push('null');
    const out: JsonSchemaObject = { ...schema, type: types };
    if (Array.isArray(schema.enum) && !schema.enum.includes(null)) out.enum = [...schema.enum, null];
    return out;
  }
  if (Object.keys(schema).length === 0) return schema;
  // The common 3.0 idiom `{allOf: [{$ref}], nullable: true}` becomes `anyOf: [<ref>, null]` directly.
  const { allOf, ...rest } = schema;
  if (Array.isArray(allOf) && allOf.length === 1 && Object.keys(rest).every((k) => ANNOTATIONS.has(k))) {
    return { ...rest, anyOf: [allOf[0] as JsonSchema, { type: 'null' }] };
  }
  return { anyOf: [schema, { type: 'null' }] };
}

/**
 * What the keyword loop leaves to tidy: `required` without the properties left out (readOnly in
 * inputs…) or misplaced on a non-object type (a no-op strict targets reject), and the `object` /
 * `array` type OpenAPI authors routinely leave out next to `properties` / `items`.
 */
export function tidyNode(
  out: JsonSchemaObject,
  node: Record<string, unknown>,
  removed: ReadonlySet<string>,
  stats: SchemaStats,
): void {
  if (removed.size > 0 && Array.isArray(out.required))
    out.required = (out.required as string[]).filter((n) => !removed.has(n));
  if (Array.isArray(out.required) && (out.required as string[]).length === 0) delete out.required;
  if (out.required !== undefined && out.type !== undefined && !typeIncludes(out.type, 'object')) {
    delete out.required;
    stats.note('invalidKeywords', node, 'required');
  }
  if (out.type === undefined && !COMPOSITION.some((k) => k in out)) {
    if (isPlainObject(out.properties) || Array.isArray(out.required)) out.type = 'object';
    else if (out.items !== undefined || out.prefixItems !== undefined) out.type = 'array';
    if (out.type !== undefined) stats.note('inferredTypes', node);
  }
}
