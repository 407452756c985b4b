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
