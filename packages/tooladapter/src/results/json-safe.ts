import { FORBIDDEN_KEYS, InvalidArgumentError } from '@toolarsenal/toolmodel';

/** A JSON copy of an arbitrary value, and whether the copy is whole. */
export interface JsonSafe {
  /** Plain JSON (`undefined` when the value itself has no JSON form, like `undefined` or a function). */
  value: unknown;
  /** False when the node budget ran out and parts were replaced by `"[…]"`. */
  complete: boolean;
}

const MAX_DEPTH = 64;

/**
 * Turns a tool's output into plain JSON that `JSON.stringify` always accepts, following
 * JSON.stringify's rules (`toJSON`, functions and `undefined` dropped from objects, `null` in
 * arrays, non-finite numbers as `null`) plus: BigInt as its decimal string, a true cycle (an
 * object inside itself) as `"[Circular]"` while an object merely referenced twice is written
 * twice, nesting past 64 levels as `"[Too deep]"`, unreadable properties as `"[Unreadable]"`.
 * At most `maxNodes` values are copied, so shared references cannot blow up the work.
 */
export function toJsonSafe(input: unknown, maxNodes: number): JsonSafe {
  if (typeof maxNodes !== 'number' || !(maxNodes >= 0))
    throw new InvalidArgumentError('maxNodes', 'a non-negative number', maxNodes);
  let nodes = 0;
  let complete = true;
  const ancestors: object[] = [];

  const copy = (value: unknown, depth: number): unknown => {
    if (++nodes > maxNodes) {
      complete = false;
      return '[…]';
    }
    switch (typeof value) {
      case 'string':
      case 'boolean':
        return value;
      case 'number':
        return Number.isFinite(value) ? value : null;
      case 'bigint':
        return value.toString();
      case 'undefined':
      case 'function':
      case 'symbol':
        return undefined;
    }
    if (value === null) return null;
    const obj = value as object;
    if (ancestors.includes(obj)) return '[Circular]';
    if (depth >= MAX_DEPTH) return '[Too deep]';
    ancestors.push(obj);
    try {
      const toJSON = (obj as { toJSON?: unknown }).toJSON;
      if (typeof toJSON === 'function') return copy(toJSON.call(obj), depth + 1);
      if (Array.isArray(obj)) {
        const out: unknown[] = [];
        for (let i = 0; i < obj.length && complete; i++) {
          const item = copy(obj[i], depth + 1);
          out.push(item === undefined ? null : item);
        }
        return out;
      }
      const out: Record<string, unknown> = {};
      for (const key of Object.keys(obj)) {
        if (!complete) break;
        const item = copy((obj as Record<string, unknown>)[key], depth + 1);
        // defineProperty: a "__proto__" key stays a plain property instead of replacing the prototype.
        if (item !== undefined) {
          if (FORBIDDEN_KEYS.has(key))
            Object.defineProperty(out, key, {
              value: item,
              enumerable: true,
              writable: true,
              configurable: true,
            });
          else out[key] = item;
        }
      }
      return out;
    } catch {
      return '[Unreadable]';
    } finally {
      ancestors.pop();
    }
  };

  return { value: copy(input, 0), complete };
}
