import {
  isPlainObject,
  prototypeIsClean,
  SUBSCHEMA_ARRAY_KEYWORDS,
  SUBSCHEMA_KEYWORDS,
  SUBSCHEMA_LIST,
  SUBSCHEMA_MAP,
  SUBSCHEMA_MAP_KEYWORDS,
  SUBSCHEMA_SINGLE,
  subschemaKindOf,
} from '@toolarsenal/toolmodel';
import { hasOwnKey, typeValueHas, typeValueNamesSome } from './schema-utils.js';

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
  /** Records the tracked keyword at position `i` of `TRACKED`. */
  addAt(i: number): void {
    this.seen[i] = 1;
  }
  /** Records a keyword that is not tracked. */
  addOther(key: string): void {
    (this.others ??= new Set()).add(key);
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
 * Per key, one lookup: the keyword's position in `TRACKED` plus one (0 for others), its
 * `SUBSCHEMA_*` kind shifted by `KIND_SHIFT`, and `CONSTRAINS` for the keywords that make a node
 * more than "anything" (those `isAnySchema` reads).
 */
const KEY_INFO = new Map<string, number>();
const KIND_SHIFT = 8;
const KIND_BITS = SUBSCHEMA_SINGLE | SUBSCHEMA_LIST | SUBSCHEMA_MAP;
const TRACKED_MASK = (1 << KIND_SHIFT) - 1;
const CONSTRAINS = 1 << 12;
for (const [key, i] of INDEX) KEY_INFO.set(key, i + 1);
for (const key of ['type', 'enum', 'const', 'anyOf', 'oneOf', 'allOf', '$ref', 'not', 'properties', 'items'])
  KEY_INFO.set(key, (KEY_INFO.get(key) ?? 0) | CONSTRAINS);
for (const keys of [SUBSCHEMA_KEYWORDS, SUBSCHEMA_ARRAY_KEYWORDS, SUBSCHEMA_MAP_KEYWORDS])
  for (const key of keys) KEY_INFO.set(key, (KEY_INFO.get(key) ?? 0) | (subschemaKindOf(key) << KIND_SHIFT));

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
  if (isPlainObject(schema)) scanNode({ scan, maxLevel, own: prototypeIsClean() }, schema, 0, 0);
  return scan;
}

/** One scan's state, visited by one recursive function rather than a closure made per scan. */
interface ScanRun {
  readonly scan: SchemaScan;
  readonly maxLevel: number;
  /** `Object.prototype` has no enumerable key, so `for…in` lists own keys only (checked per scan). */
  readonly own: boolean;
}

/**
 * One node (`objects`: object schemas above it). Keys are read with `for…in` and the values that
 * decide the node's flags are taken in the key loop: a load by a constant name (`node.type`) is
 * megamorphic across the many shapes of schema nodes, and the flags needed up to ten of them per
 * node. Only the nesting of object schemas is needed before the first child, so the two keywords
 * it depends on are read by name when a child comes before them.
 */
function scanNode(run: ScanRun, node: unknown, level: number, objects: number): void {
  const { scan } = run;
  if (typeof node !== 'object' || node === null || Array.isArray(node)) {
    if (node === true && level > 0) scan.standInCandidate = true;
    return;
  }
  if (level > run.maxLevel) return;
  const record = node as Record<string, unknown>;
  let type: unknown;
  let properties: unknown;
  let additional = false;
  let anyOf = false;
  let items = false;
  let prefixItems: unknown;
  // Some keyword that makes the node more than "anything" (see `isAnySchema`).
  let constrained = false;
  // The node's object nesting, once a child needs it (-1 before).
  let depth = -1;
  for (const key in record) {
    if (!run.own && !Object.hasOwn(record, key)) continue;
    const value = record[key];
    const info = KEY_INFO.get(key);
    if (info === undefined) {
      scan.keywords.addOther(key);
      continue;
    }
    const tracked = info & TRACKED_MASK;
    if (tracked !== 0) scan.keywords.addAt(tracked - 1);
    else scan.keywords.addOther(key);
    switch (key) {
      case 'type':
        type = value;
        break;
      case 'properties':
        properties = value;
        break;
      case 'additionalProperties':
        additional = value !== undefined;
        break;
      case 'anyOf':
        anyOf = Array.isArray(value);
        break;
      case 'items':
        items = value !== undefined;
        break;
      case 'prefixItems':
        prefixItems = value;
        break;
      default:
        noteValue(scan, key, value);
    }
    if (info & CONSTRAINS && value !== undefined) constrained = true;
    const kind = (info >>> KIND_SHIFT) & KIND_BITS;
    if (kind === 0) continue;
    if (depth < 0) depth = objects + (isObjectNode(run, record, type, properties) ? 1 : 0);
    scanChildren(run, key, kind, value, level + 1, depth);
  }
  if (depth < 0) depth = objects + (typeValueHas(type, 'object') || isPlainObject(properties) ? 1 : 0);
  if (depth > scan.objectDepth) scan.objectDepth = depth;
  if (type !== undefined && anyOf) scan.anyOfWithType = true;
  if (Array.isArray(type)) {
    if (type.length > 2 || (type.length === 2 && !type.includes('null'))) scan.typeLists = true;
    if (type.includes('array') && !items && prefixItems === undefined) scan.arrayWithoutItems = true;
  } else if (type === 'array' && !items && prefixItems === undefined) scan.arrayWithoutItems = true;
  if (level > 0 && !scan.standInCandidate) {
    // `isStandInCandidate` from the values the loop took.
    if (!constrained || Array.isArray(prefixItems)) scan.standInCandidate = true;
    else if (
      (typeValueNamesSome(type) ? typeValueHas(type, 'object') : isPlainObject(properties) || additional) &&
      !hasOwnKey(properties)
    )
      scan.standInCandidate = true;
  }
}

/** Whether the node describes objects, for a child met before the loop saw `type` or `properties`. */
/** What a value keyword adds to the scan's counts (enum values, consts, formats, `minItems`). */
function noteValue(scan: SchemaScan, key: string, value: unknown): void {
  switch (key) {
    case 'enum':
      if (Array.isArray(value)) {
        scan.enumValues += value.length;
        for (let i = 0; i < value.length; i++) {
          const v: unknown = value[i];
          if (typeof v === 'string') scan.enumChars += v.length;
        }
      }
      break;
    case 'const':
      scan.consts++;
      break;
    case 'format':
      if (typeof value === 'string') scan.formats.add(value);
      break;
    case 'minItems':
      if (typeof value === 'number' && value > scan.maxMinItems) scan.maxMinItems = value;
      break;
  }
}

/** The subschemas under one keyword of `kind`, at `level`, below `objects` object schemas. */
function scanChildren(
  run: ScanRun,
  key: string,
  kind: number,
  value: unknown,
  level: number,
  objects: number,
): void {
  const { scan } = run;
  if (kind & SUBSCHEMA_MAP && isPlainObject(value)) {
    const counted = key === 'properties';
    for (const name in value) {
      if (!run.own && !Object.hasOwn(value, name)) continue;
      if (counted) {
        scan.properties++;
        scan.enumChars += name.length;
      }
      const child = value[name];
      if (!Array.isArray(child)) scanNode(run, child, level, objects);
    }
  } else if (kind & SUBSCHEMA_LIST && Array.isArray(value)) {
    const branches = key === 'anyOf' || key === 'oneOf';
    for (let i = 0; i < value.length; i++) {
      const child: unknown = value[i];
      if (child === false && branches) scan.falseBranches = true;
      scanNode(run, child, level, objects);
    }
  } else if (kind & SUBSCHEMA_SINGLE) {
    scanNode(run, value, level, objects);
  }
}

function isObjectNode(
  run: ScanRun,
  node: Record<string, unknown>,
  type: unknown,
  properties: unknown,
): boolean {
  const t = type !== undefined || (!run.own && !Object.hasOwn(node, 'type')) ? type : node.type;
  if (typeValueHas(t, 'object')) return true;
  const p =
    properties !== undefined || (!run.own && !Object.hasOwn(node, 'properties'))
      ? properties
      : node.properties;
  return isPlainObject(p);
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
