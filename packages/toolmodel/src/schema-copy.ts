import { joinPointer } from './json-pointer.js';
import { cloneJson, deepFreeze, FORBIDDEN_KEYS, isPlainObject } from './safe-json.js';
import {
  type JsonSchemaObject,
  SUBSCHEMA_ARRAY_KEYWORDS,
  SUBSCHEMA_KEYWORDS,
  SUBSCHEMA_MAP_KEYWORDS,
} from './schema-walk.js';

/** Rewrites a copied node in place (its children are already copied); `pointerOf()` locates it. */
export type SchemaFix = (node: JsonSchemaObject, pointerOf: () => string) => void;

/** Copies a schema; see `createSchemaCopier`. */
export type SchemaCopier = (
  schema: unknown,
  fix: SchemaFix,
  basePointer?: string,
  freeze?: boolean,
) => unknown;

// Flags per keyword, so one Map lookup classifies a key (most keys, e.g. "type", have none).
const SUBSCHEMA = 1;
const SUBSCHEMA_LIST = 2;
const SUBSCHEMA_MAP = 4;
const FORBIDDEN = 8;
const WATCHED = 16;

const MAX_LEVEL = 256;

/**
 * The copying walk behind draft normalisation, for the parseTool hot path. Same traversal and the
 * same `fix` order as `mapSchemaLazy` (children first, keys in order), but:
 * - `fix` runs only on nodes that hold a `watched` keyword: draft rewrites are rare, and probing
 *   every node for every rule costs more than the copy itself;
 * - with `freeze`, every object below the root is frozen as it is built (nodes after their fix),
 *   so a final `deepFreeze` of the result stops at the root's children instead of walking it all.
 *   The root stays unfrozen for the caller to finish.
 * The result shares no objects with the input (values beyond the level limit excepted, as in
 * `mapSchemaLazy`, unless frozen, when they are copied too).
 */
export function createSchemaCopier(watched: Iterable<string>): SchemaCopier {
  const flags = new Map<string, number>();
  const add = (keys: Iterable<string>, flag: number) => {
    for (const key of keys) flags.set(key, (flags.get(key) ?? 0) | flag);
  };
  add(SUBSCHEMA_KEYWORDS, SUBSCHEMA);
  add(SUBSCHEMA_ARRAY_KEYWORDS, SUBSCHEMA_LIST);
  add(SUBSCHEMA_MAP_KEYWORDS, SUBSCHEMA_MAP);
  add(FORBIDDEN_KEYS, FORBIDDEN);
  add(watched, WATCHED);

  return (schema, fix, basePointer = '', freeze = false) => {
    const path: Array<string | number> = [];
    const pointerOf = () => joinPointer(basePointer, ...path);
    const leaf = (value: unknown): unknown =>
      value === null || typeof value !== 'object' ? value : freeze ? copyFrozen(value) : cloneJson(value);
    const child = (value: unknown, level: number): unknown => {
      if (!isPlainObject(value)) return leaf(value);
      if (level > MAX_LEVEL) return freeze ? copyFrozen(value) : value;
      const copy = go(value, level);
      return freeze ? Object.freeze(copy) : copy;
    };
    const go = (node: JsonSchemaObject, level: number): JsonSchemaObject => {
      const copy: JsonSchemaObject = {};
      let watchedSeen = false;
      for (const keyword of Object.keys(node)) {
        const value = node[keyword];
        const kind = flags.get(keyword);
        if (kind === undefined) {
          copy[keyword] = leaf(value);
          continue;
        }
        if (kind & FORBIDDEN) continue;
        if (kind & WATCHED) watchedSeen = true;
        if (kind & SUBSCHEMA_LIST && Array.isArray(value)) {
          const out: unknown[] = [];
          path.push(keyword);
          for (let i = 0; i < value.length; i++) {
            path.push(i);
            out.push(child(value[i], level + 1));
            path.pop();
          }
          path.pop();
          copy[keyword] = freeze ? Object.freeze(out) : out;
        } else if (kind & SUBSCHEMA_MAP && isPlainObject(value)) {
          const map: Record<string, unknown> = {};
          path.push(keyword);
          for (const name of Object.keys(value)) {
            if (FORBIDDEN_KEYS.has(name)) continue;
            const item = value[name];
            // `dependencies` mixes schemas with arrays of names (draft-07); arrays are not schemas.
            if (Array.isArray(item)) {
              map[name] = leaf(item);
              continue;
            }
            path.push(name);
            map[name] = child(item, level + 1);
            path.pop();
          }
          path.pop();
          copy[keyword] = freeze ? Object.freeze(map) : map;
        } else if (kind & SUBSCHEMA && isPlainObject(value)) {
          path.push(keyword);
          copy[keyword] = child(value, level + 1);
          path.pop();
        } else {
          copy[keyword] = leaf(value);
        }
      }
      if (watchedSeen) {
        fix(copy, pointerOf);
        // A fix may attach new objects (e.g. a merged $defs): the next freeze must reach them.
        if (freeze && level > 0) deepFreeze(copy);
      }
      return copy;
    };
    return isPlainObject(schema) ? go(schema, 0) : schema;
  };
}

/** `deepFreeze(cloneJson(value))` in one pass; flat lists (enum, required…) are one native copy. */
function copyFrozen(value: object): unknown {
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i];
      if (item !== null && typeof item === 'object') return deepFreeze(cloneJson(value));
    }
    return Object.freeze(value.slice());
  }
  return deepFreeze(cloneJson(value));
}
