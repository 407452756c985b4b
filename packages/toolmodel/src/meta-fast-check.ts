/**
 * A one-sided fast path for JSON Schema 2020-12 meta-validation. `true` means "certainly valid
 * against the official meta-schema"; `false` means "not sure", and the caller then asks ajv with the
 * official meta-schema, which has the last word. Why: ajv's compiled meta-schema probes all ~70 known
 * keywords on every subschema (and tracks `$dynamicRef` scope); real schemas carry 2–5 keywords each,
 * so looking only at the keys present is several times cheaper.
 *
 * Each rule below mirrors the official vocabularies (core, applicator, unevaluated, validation,
 * meta-data, format-annotation, content, plus the legacy keywords the root meta-schema constrains);
 * `$dynamicRef: "#meta"` always resolves to the root meta-schema here, i.e. "is a schema".
 * Formats are not validated (as in the ajv meta validator). Unknown keywords are allowed.
 * meta-fast-check.test.ts checks it never accepts what the official meta-schema rejects.
 */

const SCHEMA_KEYWORDS = new Set([
  'items',
  'contains',
  'additionalProperties',
  'propertyNames',
  'if',
  'then',
  'else',
  'not',
  'unevaluatedItems',
  'unevaluatedProperties',
  'contentSchema',
]);
const SCHEMA_MAP_KEYWORDS = new Set([
  '$defs',
  'properties',
  'patternProperties',
  'dependentSchemas',
  'definitions',
]);
const SCHEMA_ARRAY_KEYWORDS = new Set(['prefixItems', 'allOf', 'anyOf', 'oneOf']);
const STRING_KEYWORDS = new Set([
  '$comment',
  'title',
  'description',
  'format',
  'contentEncoding',
  'contentMediaType',
  'pattern',
  '$schema',
  '$ref',
  '$dynamicRef',
  '$recursiveRef',
]);
const ANCHOR_KEYWORDS = new Set(['$anchor', '$dynamicAnchor', '$recursiveAnchor']);
const NUMBER_KEYWORDS = new Set(['maximum', 'exclusiveMaximum', 'minimum', 'exclusiveMinimum']);
const COUNT_KEYWORDS = new Set([
  'maxLength',
  'minLength',
  'maxItems',
  'minItems',
  'maxContains',
  'minContains',
  'maxProperties',
  'minProperties',
]);
const BOOLEAN_KEYWORDS = new Set(['uniqueItems', 'deprecated', 'readOnly', 'writeOnly']);
const ARRAY_KEYWORDS = new Set(['enum', 'examples']);
const SIMPLE_TYPES = new Set(['array', 'boolean', 'integer', 'null', 'number', 'object', 'string']);
const ANCHOR = /^[A-Za-z_][-A-Za-z0-9._]*$/u;
const ID = /^[^#]*#?$/u;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

function isUniqueStringArray(value: unknown): boolean {
  if (!Array.isArray(value)) return false;
  for (const item of value) if (typeof item !== 'string') return false;
  return new Set(value).size === value.length;
}

function isType(value: unknown): boolean {
  if (typeof value === 'string') return SIMPLE_TYPES.has(value);
  if (!Array.isArray(value) || value.length === 0) return false;
  for (const item of value) if (typeof item !== 'string' || !SIMPLE_TYPES.has(item)) return false;
  return new Set(value).size === value.length;
}

/** `true` only when `schema` is certainly a valid JSON Schema 2020-12 (see the file comment). */
export function isCertainlyValidSchema(schema: unknown, depth = 0): boolean {
  if (typeof schema === 'boolean') return true;
  // Deep nesting is left to ajv, which reports what it makes of it.
  if (!isObject(schema) || depth > 200) return false;
  for (const key of Object.keys(schema)) {
    const value = schema[key];
    // An absent value passes the official meta-schema; be conservative and let ajv decide.
    if (value === undefined) return false;
    if (SCHEMA_KEYWORDS.has(key)) {
      if (!isCertainlyValidSchema(value, depth + 1)) return false;
    } else if (SCHEMA_MAP_KEYWORDS.has(key)) {
      if (!isObject(value)) return false;
      for (const name of Object.keys(value))
        if (!isCertainlyValidSchema(value[name], depth + 1)) return false;
    } else if (SCHEMA_ARRAY_KEYWORDS.has(key)) {
      if (!Array.isArray(value) || value.length === 0) return false;
      for (const item of value) if (!isCertainlyValidSchema(item, depth + 1)) return false;
    } else if (STRING_KEYWORDS.has(key)) {
      if (typeof value !== 'string') return false;
    } else if (ANCHOR_KEYWORDS.has(key)) {
      if (typeof value !== 'string' || !ANCHOR.test(value)) return false;
    } else if (NUMBER_KEYWORDS.has(key)) {
      if (!isNumber(value)) return false;
    } else if (COUNT_KEYWORDS.has(key)) {
      if (!isNumber(value) || !Number.isInteger(value) || value < 0) return false;
    } else if (BOOLEAN_KEYWORDS.has(key)) {
      if (typeof value !== 'boolean') return false;
    } else if (ARRAY_KEYWORDS.has(key)) {
      if (!Array.isArray(value)) return false;
    } else if (key === 'type') {
      if (!isType(value)) return false;
    } else if (key === 'required') {
      if (!isUniqueStringArray(value)) return false;
    } else if (key === 'multipleOf') {
      if (!isNumber(value) || value <= 0) return false;
    } else if (key === '$id') {
      if (typeof value !== 'string' || !ID.test(value)) return false;
    } else if (key === 'dependentRequired') {
      if (!isObject(value)) return false;
      for (const name of Object.keys(value)) if (!isUniqueStringArray(value[name])) return false;
    } else if (key === 'dependencies') {
      if (!isObject(value)) return false;
      for (const name of Object.keys(value)) {
        const item = value[name];
        if (!isUniqueStringArray(item) && !isCertainlyValidSchema(item, depth + 1)) return false;
      }
    } else if (key === '$vocabulary') {
      if (!isObject(value)) return false;
      for (const name of Object.keys(value)) if (typeof value[name] !== 'boolean') return false;
    }
    // const, default and unknown keywords accept any value.
  }
  return true;
}
