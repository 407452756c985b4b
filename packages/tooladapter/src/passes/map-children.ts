import {
  FORBIDDEN_KEYS,
  isPlainObject,
  joinPointer,
  SUBSCHEMA_ARRAY_KEYWORDS,
  SUBSCHEMA_KEYWORDS,
  SUBSCHEMA_MAP_KEYWORDS,
} from '@toolarsenal/toolmodel';
import type { Schema } from './schema-utils.js';

/**
 * Copies `node`, passing every direct subschema through `fn` (top-down helper for passes that
 * must see a subschema before its children are rewritten). Forbidden keys are never copied.
 */
export function mapChildren(
  node: Schema,
  pointer: string,
  fn: (child: unknown, pointer: string, keyword: string) => unknown,
): Schema {
  const out: Schema = {};
  for (const key of Object.keys(node)) {
    if (FORBIDDEN_KEYS.has(key)) continue;
    const value = node[key];
    if (SUBSCHEMA_ARRAY_KEYWORDS.has(key) && Array.isArray(value)) {
      out[key] = value.map((c, i) => fn(c, joinPointer(pointer, key, i), key));
    } else if (SUBSCHEMA_MAP_KEYWORDS.has(key) && isPlainObject(value)) {
      const map: Record<string, unknown> = {};
      for (const name of Object.keys(value)) {
        if (FORBIDDEN_KEYS.has(name)) continue;
        const child = value[name];
        map[name] = Array.isArray(child) ? child : fn(child, joinPointer(pointer, key, name), key);
      }
      out[key] = map;
    } else if (SUBSCHEMA_KEYWORDS.has(key) && (isPlainObject(value) || typeof value === 'boolean')) {
      out[key] = fn(value, joinPointer(pointer, key), key);
    } else {
      out[key] = value;
    }
  }
  return out;
}
