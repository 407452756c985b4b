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

import { prototypeIsClean } from './json-inspect.js';
import { isPlainObject } from './safe-json.js';

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
const ARRAY_KEYWORDS = new Set(['examples']);
const SIMPLE_TYPES = new Set(['array', 'boolean', 'integer', 'null', 'number', 'object', 'string']);
const ANCHOR = /^[A-Za-z_][-A-Za-z0-9._]*$/u;
const ID = /^[^#]*#?$/u;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A plain object, whose `for…in` lists only its own keys when `Object.prototype` is clean. */
function inheritsNoKeys(value: object): boolean {
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

function isNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

// Each keyword's rule, found with one Map lookup (most schemas use only a few of these keywords).
const SCHEMA = 1;
const SCHEMA_MAP = 2;
const SCHEMA_ARRAY = 3;
const STRING = 4;
const ANCHOR_STRING = 5;
const NUMBER = 6;
const COUNT = 7;
const BOOLEAN = 8;
const ARRAY = 9;
const TYPE = 10;
const REQUIRED = 11;
const MULTIPLE_OF = 12;
const ID_STRING = 13;
const DEPENDENT_REQUIRED = 14;
const DEPENDENCIES = 15;
const VOCABULARY = 16;
const ENUM = 17;
const RULES = new Map<string, number>([
  ...[...SCHEMA_KEYWORDS].map((k) => [k, SCHEMA] as const),
  ...[...SCHEMA_MAP_KEYWORDS].map((k) => [k, SCHEMA_MAP] as const),
  ...[...SCHEMA_ARRAY_KEYWORDS].map((k) => [k, SCHEMA_ARRAY] as const),
  ...[...STRING_KEYWORDS].map((k) => [k, STRING] as const),
  ...[...ANCHOR_KEYWORDS].map((k) => [k, ANCHOR_STRING] as const),
  ...[...NUMBER_KEYWORDS].map((k) => [k, NUMBER] as const),
  ...[...COUNT_KEYWORDS].map((k) => [k, COUNT] as const),
  ...[...BOOLEAN_KEYWORDS].map((k) => [k, BOOLEAN] as const),
  ...[...ARRAY_KEYWORDS].map((k) => [k, ARRAY] as const),
  ['type', TYPE],
  ['required', REQUIRED],
  ['multipleOf', MULTIPLE_OF],
  ['$id', ID_STRING],
  ['dependentRequired', DEPENDENT_REQUIRED],
  ['dependencies', DEPENDENCIES],
  ['$vocabulary', VOCABULARY],
  ['enum', ENUM],
]);

/** No repeated item; short lists (the usual `required`/`type`) without allocating a Set. */
function isUnique(value: unknown[]): boolean {
  if (value.length > 8) return new Set(value).size === value.length;
  for (let i = 1; i < value.length; i++) for (let j = 0; j < i; j++) if (value[i] === value[j]) return false;
  return true;
}

function isUniqueStringArray(value: unknown): boolean {
  if (!Array.isArray(value)) return false;
  for (const item of value) if (typeof item !== 'string') return false;
  return isUnique(value);
}

function isType(value: unknown): boolean {
  if (typeof value === 'string') return SIMPLE_TYPES.has(value);
  if (!Array.isArray(value) || value.length === 0) return false;
  for (const item of value) if (typeof item !== 'string' || !SIMPLE_TYPES.has(item)) return false;
  return isUnique(value);
}

/** `true` only when `schema` is certainly a valid JSON Schema 2020-12 (see the file comment). */
export function isCertainlyValidSchema(schema: unknown, depth = 0): boolean {
  return certainAt(schema, depth, prototypeIsClean());
}

// `for…in` rather than `Object.keys`: its keyed loads are served from the enum cache. Inherited
// enumerable keys are skipped unless `Object.prototype` is clean (checked once per call).
function certainAt(schema: unknown, depth: number, ownKeysOnly: boolean): boolean {
  if (typeof schema === 'boolean') return true;
  // Deep nesting is left to ajv, which reports what it makes of it.
  if (!isObject(schema) || depth > 200) return false;
  const ownOnly = ownKeysOnly && inheritsNoKeys(schema);
  for (const key in schema) {
    if (!ownOnly && !Object.hasOwn(schema, key)) continue;
    const value = schema[key];
    // An absent value passes the official meta-schema; be conservative and let ajv decide.
    if (value === undefined) return false;
    const rule = RULES.get(key) ?? 0;
    switch (rule) {
      case SCHEMA:
        if (!certainAt(value, depth + 1, ownKeysOnly)) return false;
        break;
      case SCHEMA_MAP: {
        if (!isObject(value)) return false;
        const own = ownKeysOnly && inheritsNoKeys(value);
        for (const name in value) {
          if (!own && !Object.hasOwn(value, name)) continue;
          if (!certainAt(value[name], depth + 1, ownKeysOnly)) return false;
        }
        break;
      }
      case SCHEMA_ARRAY:
        if (!Array.isArray(value) || value.length === 0) return false;
        for (let i = 0; i < value.length; i++) if (!certainAt(value[i], depth + 1, ownKeysOnly)) return false;
        break;
      case DEPENDENCIES:
        if (!isObject(value)) return false;
        for (const name of Object.keys(value)) {
          const item = value[name];
          if (!isUniqueStringArray(item) && !certainAt(item, depth + 1, ownKeysOnly)) return false;
        }
        break;
      default:
        // const, default and unknown keywords (rule 0) accept any value.
        if (!valueRuleHolds(rule, value)) return false;
    }
  }
  return true;
}

/** Whether `value` satisfies a rule that holds no subschema (0: any value). */
function valueRuleHolds(rule: number, value: unknown): boolean {
  switch (rule) {
    case STRING:
      return typeof value === 'string';
    case ANCHOR_STRING:
      return typeof value === 'string' && ANCHOR.test(value);
    case NUMBER:
      return isNumber(value);
    case COUNT:
      return isNumber(value) && Number.isInteger(value) && value >= 0;
    case BOOLEAN:
      return typeof value === 'boolean';
    case ARRAY:
      return Array.isArray(value);
    case ENUM:
      // The meta-schema allows `enum: []`, but validators refuse it: the caller looks closer.
      return Array.isArray(value) && value.length > 0;
    case TYPE:
      return isType(value);
    case REQUIRED:
      return isUniqueStringArray(value);
    case MULTIPLE_OF:
      return isNumber(value) && value > 0;
    case ID_STRING:
      return typeof value === 'string' && ID.test(value);
    case DEPENDENT_REQUIRED:
      if (!isObject(value)) return false;
      for (const name of Object.keys(value)) if (!isUniqueStringArray(value[name])) return false;
      return true;
    case VOCABULARY:
      if (!isObject(value)) return false;
      for (const name of Object.keys(value)) if (typeof value[name] !== 'boolean') return false;
      return true;
    default:
      return true;
  }
}

/** Each keyword's rule (keywords not here accept any value), for a walk that classifies each key once. */
export const META_RULES: ReadonlyMap<string, number> = RULES;

function isSchemaNode(value: unknown): boolean {
  return typeof value === 'boolean' || isPlainObject(value);
}

/**
 * `isCertainlyValidSchema` for one node of a walk that visits the subschemas itself (the schema
 * copier): `value` satisfies `rule` as far as this node goes. Subschema rules check only their
 * container, each subschema being a boolean or a plain object the walk then checks as a node;
 * anything else is "not sure". One-sided like the rest: `true` only where the full check agrees.
 */
export function nodeRuleHolds(rule: number, value: unknown): boolean {
  switch (rule) {
    case SCHEMA:
      return isSchemaNode(value);
    case SCHEMA_MAP:
      if (!isPlainObject(value)) return false;
      for (const name in value) if (Object.hasOwn(value, name) && !isSchemaNode(value[name])) return false;
      return true;
    case SCHEMA_ARRAY:
      if (!Array.isArray(value) || value.length === 0) return false;
      for (let i = 0; i < value.length; i++) if (!isSchemaNode(value[i])) return false;
      return true;
    case DEPENDENCIES:
      if (!isPlainObject(value)) return false;
      for (const name in value) {
        if (!Object.hasOwn(value, name)) continue;
        const item = value[name];
        if (!isUniqueStringArray(item) && !isSchemaNode(item)) return false;
      }
      return true;
    default:
      return valueRuleHolds(rule, value);
  }
}

/** `nodeRuleHolds` for every key of `node` (a node the walk rewrote after visiting its keys). */
export function nodeCertain(node: Record<string, unknown>): boolean {
  for (const key in node) {
    if (!Object.hasOwn(node, key)) continue;
    const value = node[key];
    if (value === undefined || !nodeRuleHolds(RULES.get(key) ?? 0, value)) return false;
  }
  return true;
}
