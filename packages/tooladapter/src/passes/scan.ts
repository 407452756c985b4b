import {
  isPlainObject,
  SUBSCHEMA_LIST,
  SUBSCHEMA_MAP,
  SUBSCHEMA_SINGLE,
  subschemaKindOf,
} from '@toolarsenal/toolmodel';
import { isAnySchema, isObjectLike } from './schema-utils.js';

/**
 * Keywords a scan records by position (a table lookup and a byte write per key, instead of a Set
 * insertion: the scan runs on every conversion of a tool not seen before). Others go to a Set.
 */
const TRACKED = [
  'type',
  'description',
  'title',
  'properties',
  'required',
  'additionalProperties',
  'items',
  'enum',
  'const',
  'anyOf',
  'oneOf',
  'allOf',
  'not',
  '$ref',
  '$defs',
  '$schema',
  'default',
  'examples',
  'format',
  'pattern',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minItems',
  'maxItems',
  'minLength',
  'maxLength',
  'minProperties',
  'maxProperties',
  'uniqueItems',
  'prefixItems',
  'patternProperties',
  'propertyNames',
  'if',
  'then',
  'else',
  'dependentRequired',
  'dependentSchemas',
  'contains',
  'deprecated',
  'readOnly',
  'writeOnly',
  'nullable',
  'example',
  '$comment',
  '$id',
  '$anchor',
  'contentMediaType',
  'contentEncoding',
  'unevaluatedProperties',
  'unevaluatedItems',
] as const;
const INDEX = new Map<string, number>(TRACKED.map((k, i) => [k, i]));

/** The keywords a scan saw: tracked ones by position, any others by name. */
export class KeywordSet {
  private readonly seen = new Uint8Array(TRACKED.length);
  private others: Set<string> | undefined;
  add(key: string): void {
    const i = INDEX.get(key);
    if (i !== undefined) this.seen[i] = 1;
    else (this.others ??= new Set()).add(key);
  }
  has(key: string): boolean {
    const i = INDEX.get(key);
    return i !== undefined ? this.seen[i] === 1 : this.others?.has(key) === true;
  }
  /** Whether some keyword seen is not in `allowed`. */
  someOutside(allowed: ReadonlySet<string>): boolean {
    for (let i = 0; i < TRACKED.length; i++) if (this.seen[i] === 1 && !allowed.has(TRACKED[i]!)) return true;
    if (this.others) for (const key of this.others) if (!allowed.has(key)) return true;
    return false;
  }
}

/** What one walk over a schema found: keywords used anywhere, formats and `minItems` values. */
export interface SchemaScan {
  keywords: KeywordSet;
  formats: Set<string>;
  maxMinItems: number;
  /** Properties and enum values across the whole schema (for target limits). */
  properties: number;
  enumValues: number;
  /** Characters of property names and string enum values. */
  enumChars: number;
  /** Nodes with a `const` (Gemini lowers each to a one-value enum). */
  consts: number;
  /** Some array schema has neither `items` nor `prefixItems`. */
  arrayWithoutItems: boolean;
  /** Some `type` is a list of several types (Gemini lowers those to `anyOf`). */
  typeLists: boolean;
  /** Some subschema accepts anything (`{}`, `true`), is an object without properties, or a tuple. */
  standInCandidate: boolean;
  /**
   * Some `anyOf`/`oneOf` list has a `false` branch: the only `false` subschema the stand-in pass
   * acts on (it drops a branch no value satisfies), so elsewhere (the usual
   * `additionalProperties: false`) one is no reason to run that pass.
   */
  falseBranches: boolean;
  /** Deepest object nesting (root object = 1). */
  objectDepth: number;
  /** Some node has `anyOf` next to a `type`: the only nodes `distributeIntoAnyOf` rewrites. */
  anyOfWithType: boolean;
  /** What the Gemini pipeline decided from this scan (kept with a frozen schema's scan). */
  gemini?: GeminiPlan;
}

/** How the Gemini pipeline lowers a schema, decided once per scan. */
export interface GeminiPlan {
  /** The nesting limit the plan was made for (the stand-in pass depends on it). */
  depth: number;
  /** Whether the single-pass emitter covers the schema (no other pass would change it). */
  emit: boolean;
  /** Whether lowering can change the counts: `anyOf` or type lists present. */
  grows: boolean;
  /** Nodes with a `const`: at most this many enum values are added by lowering them. */
  consts: number;
}

/**
 * One pass over all subschemas collecting the keywords in use, so pipelines skip passes whose
 * trigger keywords are absent (most real tools need only a few). Bounded by `maxLevel`.
 */
export function scanSchema(schema: unknown, maxLevel = 256): SchemaScan {
  const scan: SchemaScan = {
    keywords: new KeywordSet(),
    formats: new Set(),
    maxMinItems: 0,
    properties: 0,
    enumValues: 0,
    enumChars: 0,
    consts: 0,
    arrayWithoutItems: false,
    typeLists: false,
    standInCandidate: false,
    falseBranches: false,
    objectDepth: 0,
    anyOfWithType: false,
    gemini: undefined,
  };
  const go = (node: unknown, level: number, objects = 0): void => {
    if (typeof node === 'boolean') {
      if (level > 0 && node) scan.standInCandidate = true;
      return;
    }
    if (!isPlainObject(node) || level > maxLevel) return;
    if (level > 0 && !scan.standInCandidate && isStandInCandidate(node)) scan.standInCandidate = true;
    const isObject =
      node.type === 'object' ||
      (Array.isArray(node.type) && node.type.includes('object')) ||
      isPlainObject(node.properties);
    const depth = isObject ? objects + 1 : objects;
    if (depth > scan.objectDepth) scan.objectDepth = depth;
    const t = node.type;
    if (t !== undefined && Array.isArray(node.anyOf)) scan.anyOfWithType = true;
    if (Array.isArray(t) && t.length > 2) scan.typeLists = true;
    else if (Array.isArray(t) && t.length === 2 && !t.includes('null')) scan.typeLists = true;
    if (
      (t === 'array' || (Array.isArray(t) && t.includes('array'))) &&
      node.items === undefined &&
      node.prefixItems === undefined
    )
      scan.arrayWithoutItems = true;
    for (const key in node) {
      if (!Object.hasOwn(node, key)) continue;
      scan.keywords.add(key);
      const value = node[key];
      if (key === 'enum' && Array.isArray(value)) {
        scan.enumValues += value.length;
        for (const v of value) if (typeof v === 'string') scan.enumChars += v.length;
      } else if (key === 'const') scan.consts++;
      const kind = subschemaKindOf(key);
      if (kind === 0) {
        if (key === 'format' && typeof value === 'string') scan.formats.add(value);
        else if (key === 'minItems' && typeof value === 'number' && value > scan.maxMinItems)
          scan.maxMinItems = value;
        continue;
      }
      if (kind & SUBSCHEMA_MAP && isPlainObject(value)) {
        const counted = key === 'properties';
        for (const name in value) {
          if (!Object.hasOwn(value, name)) continue;
          if (counted) {
            scan.properties++;
            scan.enumChars += name.length;
          }
          if (!Array.isArray(value[name])) go(value[name], level + 1, depth);
        }
      } else if (kind & SUBSCHEMA_LIST && Array.isArray(value)) {
        const branches = key === 'anyOf' || key === 'oneOf';
        for (const child of value) {
          if (child === false && branches) scan.falseBranches = true;
          go(child, level + 1, depth);
        }
      } else if (kind & SUBSCHEMA_SINGLE) {
        go(value, level + 1, depth);
      }
    }
  };
  go(schema, 0);
  return scan;
}

/** The sizes `enforceScanLimits` checks, as `scanSchema` counts them. */
export interface SchemaCounts {
  properties: number;
  enumValues: number;
  enumChars: number;
}

/**
 * `scanSchema`'s counts alone, by the same traversal: the limit check after a lowering that can
 * grow the schema needs only these, and skipping the keyword and shape bookkeeping makes that
 * second walk several times cheaper. scan.test.ts checks both agree.
 */
export function countSchema(schema: unknown, maxLevel = 256): SchemaCounts {
  const counts: SchemaCounts = { properties: 0, enumValues: 0, enumChars: 0 };
  const go = (node: unknown, level: number): void => {
    if (!isPlainObject(node) || level > maxLevel) return;
    for (const key in node) {
      if (!Object.hasOwn(node, key)) continue;
      const value = node[key];
      if (key === 'enum' && Array.isArray(value)) {
        counts.enumValues += value.length;
        for (const v of value) if (typeof v === 'string') counts.enumChars += v.length;
      }
      const kind = subschemaKindOf(key);
      if (kind === 0) continue;
      if (kind & SUBSCHEMA_MAP && isPlainObject(value)) {
        const counted = key === 'properties';
        for (const name in value) {
          if (!Object.hasOwn(value, name)) continue;
          if (counted) {
            counts.properties++;
            counts.enumChars += name.length;
          }
          if (!Array.isArray(value[name])) go(value[name], level + 1);
        }
      } else if (kind & SUBSCHEMA_LIST && Array.isArray(value)) {
        for (const child of value) go(child, level + 1);
      } else if (kind & SUBSCHEMA_SINGLE) {
        go(value, level + 1);
      }
    }
  };
  go(schema, 0);
  return counts;
}

function isStandInCandidate(node: Record<string, unknown>): boolean {
  if (isAnySchema(node) || Array.isArray(node.prefixItems)) return true;
  if (!isObjectLike(node)) return false;
  const props = node.properties;
  return !isPlainObject(props) || Object.keys(props).length === 0;
}
