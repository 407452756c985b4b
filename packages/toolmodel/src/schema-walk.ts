import { InvalidArgumentError } from './errors.js';
import { escapePointerSegment, joinPointer } from './json-pointer.js';
import { cloneJson, FORBIDDEN_KEYS, isPlainObject } from './safe-json.js';

/** A JSON Schema (2020-12): an object or a boolean. */
export type JsonSchema = boolean | JsonSchemaObject;
export interface JsonSchemaObject {
  [keyword: string]: unknown;
}

/** Keywords whose value is a single subschema. */
export const SUBSCHEMA_KEYWORDS: ReadonlySet<string> = new Set([
  'additionalProperties',
  'additionalItems',
  'unevaluatedProperties',
  'unevaluatedItems',
  'propertyNames',
  'contains',
  'not',
  'if',
  'then',
  'else',
  'items',
  'contentSchema',
]);
/** Keywords whose value is an array of subschemas (`items` too in drafts before 2020-12). */
export const SUBSCHEMA_ARRAY_KEYWORDS: ReadonlySet<string> = new Set([
  'allOf',
  'anyOf',
  'oneOf',
  'prefixItems',
  'items',
]);
/** Keywords whose value maps names to subschemas. */
export const SUBSCHEMA_MAP_KEYWORDS: ReadonlySet<string> = new Set([
  'properties',
  'patternProperties',
  '$defs',
  'definitions',
  'dependentSchemas',
  'dependencies',
]);

/** Bit flags of `subschemaKindOf`: how a keyword holds subschemas (`items` is single or a list). */
export const SUBSCHEMA_SINGLE = 1;
export const SUBSCHEMA_LIST = 2;
export const SUBSCHEMA_MAP = 4;

const KINDS = new Map<string, number>();
for (const [keys, flag] of [
  [SUBSCHEMA_KEYWORDS, SUBSCHEMA_SINGLE],
  [SUBSCHEMA_ARRAY_KEYWORDS, SUBSCHEMA_LIST],
  [SUBSCHEMA_MAP_KEYWORDS, SUBSCHEMA_MAP],
] as const)
  for (const key of keys) KINDS.set(key, (KINDS.get(key) ?? 0) | flag);

/**
 * The `SUBSCHEMA_*` flags of a keyword (0 when it holds no subschema): one Map lookup instead of
 * three Set lookups, for walks that classify every key of every node.
 */
export function subschemaKindOf(keyword: string): number {
  return KINDS.get(keyword) ?? 0;
}

export interface SchemaVisit {
  schema: JsonSchemaObject;
  /** Pointer of this subschema, relative to the walk's base pointer. */
  pointer: string;
  /** Nesting level in subschemas (root 0). */
  level: number;
  /** Keyword that led here from the parent (`undefined` for the root). */
  parentKeyword?: string | undefined;
}

/**
 * Calls `visit` for every object subschema, depth first, parents before children.
 * Only follows keywords that hold schemas, so property *names* are never mistaken for keywords.
 */
export function walkSchema(
  schema: unknown,
  visit: (v: SchemaVisit) => void,
  basePointer = '',
  maxLevel = 256,
): void {
  expectCallback(visit, 'visit');
  const go = (node: unknown, pointer: string, level: number, parentKeyword?: string) => {
    if (!isPlainObject(node) || level > maxLevel) return;
    visit({ schema: node, pointer, level, parentKeyword });
    forEachSubschema(
      node,
      (child, childPointer, keyword) => go(child, childPointer, level + 1, keyword),
      pointer,
    );
  };
  go(schema, basePointer, 0);
}

/**
 * One home for JSON Schema traversal. Every walk follows only the keywords that hold subschemas
 * (`SUBSCHEMA_*`), so property *names* are never mistaken for keywords, and skips `__proto__`.
 * - `walkSchema` / `forEachSubschema`: read-only visits, parents first;
 * - `mapSubschemas`: copy one node, passing each direct subschema through a function (top-down passes);
 * - `mapSchema` / `mapSchemaLazy`: pure bottom-up rebuild, no object shared with the input;
 * - `mapSchemaShared`: bottom-up copy-on-write, unchanged subtrees shared (conversion hot path).
 * `schema-copy.ts` adds the parseTool specialisation (copy + freeze in one pass).
 */

/** The pointer of the node being visited, built only when asked for (most visits never need it). */
export type PointerOf = () => string;

/** Calls `fn` for each direct subschema of `schema` with its pointer and the keyword holding it. */
export function forEachSubschema(
  schema: JsonSchemaObject,
  fn: (child: unknown, pointer: string, keyword: string) => void,
  pointer = '',
): void {
  expectCallback(fn, 'fn');
  if (!isPlainObject(schema)) return;
  for (const keyword of Object.keys(schema)) {
    const kind = KINDS.get(keyword);
    if (kind === undefined) continue;
    const value = schema[keyword];
    if (kind & SUBSCHEMA_LIST && Array.isArray(value)) {
      value.forEach((child, i) => {
        fn(child, joinPointer(pointer, keyword, i), keyword);
      });
    } else if (kind & SUBSCHEMA_MAP && isPlainObject(value)) {
      for (const name of Object.keys(value)) {
        // `dependencies` mixes schemas with arrays of names (draft-07); arrays are not schemas.
        if (!Array.isArray(value[name])) fn(value[name], joinPointer(pointer, keyword, name), keyword);
      }
    } else if (kind & SUBSCHEMA_SINGLE && (isPlainObject(value) || typeof value === 'boolean')) {
      fn(value, joinPointer(pointer, keyword), keyword);
    }
  }
}

/**
 * Copies `node`, passing every direct subschema through `fn` (non-schema values are shared, not
 * copied); the building block of top-down passes that must see a subschema before its children.
 * `__proto__` keys are never copied.
 */
export function mapSubschemas(
  node: JsonSchemaObject,
  pointer: string,
  fn: (child: unknown, pointer: string, keyword: string) => unknown,
): JsonSchemaObject {
  expectCallback(fn, 'fn');
  if (!isPlainObject(node)) throw new InvalidArgumentError('node', 'a schema object', node);
  const out: JsonSchemaObject = {};
  for (const key of Object.keys(node)) {
    if (FORBIDDEN_KEYS.has(key)) continue;
    const value = node[key];
    const kind = KINDS.get(key) ?? 0;
    if (kind & SUBSCHEMA_LIST && Array.isArray(value)) {
      out[key] = value.map((c, i) => fn(c, joinPointer(pointer, key, i), key));
    } else if (kind & SUBSCHEMA_MAP && isPlainObject(value)) {
      const map: Record<string, unknown> = {};
      for (const name of Object.keys(value)) {
        if (FORBIDDEN_KEYS.has(name)) continue;
        const child = value[name];
        map[name] = Array.isArray(child) ? child : fn(child, joinPointer(pointer, key, name), key);
      }
      out[key] = map;
    } else if (kind & SUBSCHEMA_SINGLE && (isPlainObject(value) || typeof value === 'boolean')) {
      out[key] = fn(value, joinPointer(pointer, key), key);
    } else {
      out[key] = value;
    }
  }
  return out;
}

/**
 * Rebuilds a schema bottom-up: children are mapped first, then `fn` sees the node with its
 * new children and returns the replacement. Pure: the input is never modified and the output
 * shares no objects with it (`fn` may mutate the node it receives).
 */
export function mapSchema(
  schema: unknown,
  fn: (node: JsonSchemaObject, pointer: string, level: number) => JsonSchema,
  basePointer = '',
  maxLevel = 256,
): unknown {
  expectCallback(fn, 'fn');
  return mapSchemaLazy(
    schema,
    (node, pointerOf, level) => fn(node, pointerOf(), level),
    basePointer,
    maxLevel,
  );
}

/**
 * `mapSchema` for hot paths: `pointerOf()` builds the node's pointer only when asked (most
 * callbacks need it only to report a change). Call it synchronously inside `fn`.
 */
export function mapSchemaLazy(
  schema: unknown,
  fn: (node: JsonSchemaObject, pointerOf: PointerOf, level: number) => JsonSchema,
  basePointer = '',
  maxLevel = 256,
): unknown {
  expectCallback(fn, 'fn');
  const path: Array<string | number> = [];
  const pointerOf = () => pathPointer(basePointer, path);
  const go = (node: unknown, level: number): unknown => {
    if (!isPlainObject(node) || level > maxLevel) return node;
    const copy: JsonSchemaObject = {};
    for (const keyword of Object.keys(node)) {
      if (FORBIDDEN_KEYS.has(keyword)) continue;
      const value = node[keyword];
      const kind = KINDS.get(keyword) ?? 0;
      if (kind & SUBSCHEMA_LIST && Array.isArray(value)) {
        const out: unknown[] = [];
        path.push(keyword);
        for (let i = 0; i < value.length; i++) {
          path.push(i);
          out.push(go(value[i], level + 1));
          path.pop();
        }
        path.pop();
        copy[keyword] = out;
      } else if (kind & SUBSCHEMA_MAP && isPlainObject(value)) {
        const map: Record<string, unknown> = {};
        path.push(keyword);
        for (const name of Object.keys(value)) {
          if (FORBIDDEN_KEYS.has(name)) continue;
          if (Array.isArray(value[name])) {
            map[name] = cloneJson(value[name]);
            continue;
          }
          path.push(name);
          map[name] = go(value[name], level + 1);
          path.pop();
        }
        path.pop();
        copy[keyword] = map;
      } else if (kind & SUBSCHEMA_SINGLE && isPlainObject(value)) {
        path.push(keyword);
        copy[keyword] = go(value, level + 1);
        path.pop();
      } else {
        // Non-schema values (enum, default, examples…) are copied so the result never aliases the input.
        copy[keyword] = value !== null && typeof value === 'object' ? cloneJson(value) : value;
      }
    }
    return fn(copy, pointerOf, level);
  };
  return go(schema, 0);
}

/**
 * Called on the way down for every subschema, booleans included, before its children (`keyword`
 * led to it; the root has none). A value other than `undefined` replaces the subschema as it is,
 * children unvisited, and `fn` is not called for it. `undefined` lets the walk go on; `descends`
 * says whether it will then visit the children and call `fn` on the way up (it does for objects
 * within the level bound).
 */
export type EnterHook = (
  node: unknown,
  pointerOf: PointerOf,
  keyword: string | undefined,
  descends: boolean,
) => unknown;

/**
 * Copy-on-write bottom-up map, for the conversion hot path: a node is copied only when one of
 * its subschemas changed (then `owned` is true and `fn` may mutate it); otherwise `fn` gets the
 * original and must copy before changing anything (`{...node}`). Unchanged subtrees are shared
 * with the input, which is what makes lowering cheap for the many nodes a target accepts as they
 * are. The pointer is built only when asked for. `enter` lets top-down passes (which must see a
 * subschema before its children change) use the same walk.
 */
export function mapSchemaShared(
  schema: unknown,
  fn: (node: JsonSchemaObject, pointerOf: PointerOf, owned: boolean) => unknown,
  basePointer = '',
  enter?: EnterHook,
  maxLevel = 256,
): unknown {
  expectCallback(fn, 'fn');
  if (enter !== undefined) expectCallback(enter, 'enter');
  const path: Array<string | number> = [];
  const pointerOf: PointerOf = () => pathPointer(basePointer, path);
  const go = (node: unknown, level: number, keyword?: string): unknown => {
    const descends = isPlainObject(node) && level <= maxLevel;
    if (enter !== undefined) {
      const replaced = enter(node, pointerOf, keyword, descends);
      if (replaced !== undefined) return replaced;
    }
    if (!descends) return node;
    let copy: JsonSchemaObject | undefined;
    for (const key in node) {
      const kind = KINDS.get(key);
      if (kind === undefined) {
        if (key === '__proto__') copy ??= shallowCopy(node);
        continue;
      }
      if (!Object.hasOwn(node, key)) continue;
      const value = node[key];
      if (kind & SUBSCHEMA_LIST && Array.isArray(value)) {
        path.push(key);
        let list: unknown[] | undefined;
        for (let i = 0; i < value.length; i++) {
          path.push(i);
          const next = go(value[i], level + 1, key);
          path.pop();
          if (next !== value[i]) {
            list ??= copyList(value);
            list[i] = next;
          }
        }
        path.pop();
        if (list) {
          copy ??= shallowCopy(node);
          copy[key] = list;
        }
      } else if (kind & SUBSCHEMA_MAP && isPlainObject(value)) {
        path.push(key);
        let map: Record<string, unknown> | undefined;
        for (const name in value) {
          if (!Object.hasOwn(value, name)) continue;
          const child = value[name];
          if (FORBIDDEN_KEYS.has(name)) {
            map ??= shallowCopy(value);
            continue;
          }
          if (Array.isArray(child)) continue;
          path.push(name);
          const next = go(child, level + 1, key);
          path.pop();
          if (next !== child) {
            map ??= shallowCopy(value);
            map[name] = next;
          }
        }
        path.pop();
        if (map) {
          copy ??= shallowCopy(node);
          copy[key] = map;
        }
      } else if (
        kind & SUBSCHEMA_SINGLE &&
        (isPlainObject(value) || (enter !== undefined && typeof value === 'boolean'))
      ) {
        path.push(key);
        const next = go(value, level + 1, key);
        path.pop();
        if (next !== value) {
          copy ??= shallowCopy(node);
          copy[key] = next;
        }
      }
    }
    return copy ? fn(copy, pointerOf, true) : fn(node, pointerOf, false);
  };
  return go(schema, 0);
}

/**
 * Shallow copy without `__proto__` keys. Spread is V8's fastest copy (one clone of the source's
 * layout instead of a store per key); it also copies symbol keys, which a schema walked here (JSON)
 * cannot have, and an own `__proto__`, which is deleted again.
 */
function shallowCopy(node: Record<string, unknown>): JsonSchemaObject {
  const out: JsonSchemaObject = { ...node };
  if (Object.hasOwn(out, '__proto__')) delete out.__proto__;
  return out;
}

function expectCallback(fn: unknown, argument: string): void {
  if (typeof fn !== 'function') throw new InvalidArgumentError(argument, 'a function', fn);
}

/**
 * `list.slice()` by a loop: canonical schemas are deep-frozen, and Node 20's V8 slices a frozen
 * array through its generic slow path (about 20× a loop).
 */
function copyList(list: readonly unknown[]): unknown[] {
  const out: unknown[] = new Array<unknown>(list.length);
  for (let i = 0; i < list.length; i++) out[i] = list[i];
  return out;
}

/** `joinPointer(base, ...path)` without spreading the path into arguments. */
function pathPointer(base: string, path: ReadonlyArray<string | number>): string {
  let out = base;
  for (let i = 0; i < path.length; i++) out += `/${escapePointerSegment(path[i]!)}`;
  return out;
}
