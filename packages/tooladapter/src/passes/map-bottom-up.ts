import {
  FORBIDDEN_KEYS,
  isPlainObject,
  joinPointer,
  SUBSCHEMA_ARRAY_KEYWORDS,
  SUBSCHEMA_KEYWORDS,
  SUBSCHEMA_MAP_KEYWORDS,
} from '@toolarsenal/toolmodel';
import type { Schema } from './schema-utils.js';

/** The pointer of the node being visited, built only when asked for (most nodes never need it). */
export type PointerOf = () => string;

/**
 * Like toolmodel's `mapSchema` (bottom-up, pure, forbidden keys skipped) but the pointer is built
 * lazily from a path stack: passes need it only when they record a loss, and building a pointer
 * for every node of every pass dominated conversion time.
 */
export function mapBottomUp(
  schema: unknown,
  fn: (node: Schema, at: PointerOf, level: number) => unknown,
  base: string,
  maxLevel = 256,
): unknown {
  const path: Array<string | number> = [];
  const at: PointerOf = () => joinPointer(base, ...path);
  const go = (node: unknown, level: number): unknown => {
    if (!isPlainObject(node) || level > maxLevel) return node;
    const copy: Schema = {};
    for (const key in node) {
      if (!Object.hasOwn(node, key) || FORBIDDEN_KEYS.has(key)) continue;
      const value = node[key];
      if (SUBSCHEMA_ARRAY_KEYWORDS.has(key) && Array.isArray(value)) {
        path.push(key);
        const list = new Array(value.length);
        for (let i = 0; i < value.length; i++) {
          path.push(i);
          list[i] = go(value[i], level + 1);
          path.pop();
        }
        path.pop();
        copy[key] = list;
      } else if (SUBSCHEMA_MAP_KEYWORDS.has(key) && isPlainObject(value)) {
        path.push(key);
        const map: Record<string, unknown> = {};
        for (const name in value) {
          if (!Object.hasOwn(value, name) || FORBIDDEN_KEYS.has(name)) continue;
          const child = value[name];
          if (Array.isArray(child)) map[name] = child;
          else {
            path.push(name);
            map[name] = go(child, level + 1);
            path.pop();
          }
        }
        path.pop();
        copy[key] = map;
      } else if (SUBSCHEMA_KEYWORDS.has(key) && isPlainObject(value)) {
        path.push(key);
        copy[key] = go(value, level + 1);
        path.pop();
      } else {
        copy[key] = value;
      }
    }
    return fn(copy, at, level);
  };
  return go(schema, 0);
}

/**
 * Copy-on-write variant of `mapBottomUp`: a node is copied only when one of its subschemas
 * changed (then `owned` is true and `fn` may mutate it); otherwise `fn` gets the original and
 * must copy before changing anything. Unchanged subtrees are shared with the input, which is
 * what makes lowering cheap for the many nodes a target accepts as they are.
 */
export function mapBottomUpShared(
  schema: unknown,
  fn: (node: Schema, at: PointerOf, owned: boolean) => unknown,
  base: string,
  maxLevel = 256,
): unknown {
  const path: Array<string | number> = [];
  const at: PointerOf = () => joinPointer(base, ...path);
  const go = (node: unknown, level: number): unknown => {
    if (!isPlainObject(node) || level > maxLevel) return node;
    let copy: Schema | undefined;
    for (const key in node) {
      if (!Object.hasOwn(node, key)) continue;
      if (FORBIDDEN_KEYS.has(key)) {
        copy ??= shallowWithout(node);
        continue;
      }
      const value = node[key];
      if (SUBSCHEMA_ARRAY_KEYWORDS.has(key) && Array.isArray(value)) {
        path.push(key);
        let list: unknown[] | undefined;
        for (let i = 0; i < value.length; i++) {
          path.push(i);
          const next = go(value[i], level + 1);
          path.pop();
          if (next !== value[i]) {
            list ??= value.slice();
            list[i] = next;
          }
        }
        path.pop();
        if (list) {
          copy ??= shallowWithout(node);
          copy[key] = list;
        }
      } else if (SUBSCHEMA_MAP_KEYWORDS.has(key) && isPlainObject(value)) {
        path.push(key);
        let map: Record<string, unknown> | undefined;
        for (const name in value) {
          if (!Object.hasOwn(value, name)) continue;
          const child = value[name];
          if (FORBIDDEN_KEYS.has(name)) {
            map ??= shallowWithout(value);
            continue;
          }
          if (Array.isArray(child)) continue;
          path.push(name);
          const next = go(child, level + 1);
          path.pop();
          if (next !== child) {
            map ??= shallowWithout(value);
            map[name] = next;
          }
        }
        path.pop();
        if (map) {
          copy ??= shallowWithout(node);
          copy[key] = map;
        }
      } else if (SUBSCHEMA_KEYWORDS.has(key) && isPlainObject(value)) {
        path.push(key);
        const next = go(value, level + 1);
        path.pop();
        if (next !== value) {
          copy ??= shallowWithout(node);
          copy[key] = next;
        }
      }
    }
    return copy ? fn(copy, at, true) : fn(node, at, false);
  };
  return go(schema, 0);
}

/** Shallow copy without prototype-polluting keys. */
function shallowWithout(node: Record<string, unknown>): Schema {
  const out: Schema = {};
  for (const key in node) if (Object.hasOwn(node, key) && !FORBIDDEN_KEYS.has(key)) out[key] = node[key];
  return out;
}
