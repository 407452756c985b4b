import { InvalidArgumentError, JsonPointerError } from './errors.js';

/** RFC 6901 JSON pointers. */

export function escapePointerSegment(segment: string | number): string {
  const text = String(segment);
  // Most segments need no escaping; skip the regex work for them.
  if (!text.includes('~') && !text.includes('/')) return text;
  return text.replace(/~/g, '~0').replace(/\//g, '~1');
}

export function unescapePointerSegment(segment: string): string {
  if (typeof segment !== 'string')
    throw new JsonPointerError(String(segment), 'a pointer segment is a string');
  return segment.replace(/~1/g, '/').replace(/~0/g, '~');
}

/** Appends segments to a pointer: `joinPointer('/a', 'b/c', 0)` → `/a/b~1c/0`. */
export function joinPointer(base: string, ...segments: Array<string | number>): string {
  let out = typeof base === 'string' ? base : String(base);
  for (const segment of segments) out += `/${escapePointerSegment(segment)}`;
  return out;
}

/**
 * Splits a pointer into unescaped segments. Accepts `""`, `/a/b` and URI fragments `#/a/b`;
 * anything else throws `JsonPointerError`.
 */
export function parsePointer(pointer: string): string[] {
  if (typeof pointer !== 'string') throw new JsonPointerError(String(pointer), 'a pointer is a string');
  let body = pointer;
  if (pointer.startsWith('#')) {
    try {
      body = decodeURIComponent(pointer.slice(1));
    } catch {
      throw new JsonPointerError(pointer, 'malformed percent-encoding in the URI fragment');
    }
  }
  if (body === '') return [];
  if (!body.startsWith('/')) throw new JsonPointerError(pointer, 'a pointer must start with "/"');
  return body.slice(1).split('/').map(unescapePointerSegment);
}

/** `parsePointer` that answers `undefined` instead of throwing (for `$ref`s read from outside data). */
export function tryParsePointer(pointer: string): string[] | undefined {
  try {
    return parsePointer(pointer);
  } catch {
    return undefined;
  }
}

/** Converts a path of keys/indices (as zod or ajv report them) to a pointer. */
export function pathToPointer(path: ReadonlyArray<PropertyKey>): string {
  if (!Array.isArray(path)) throw new InvalidArgumentError('path', 'an array of keys', path);
  return joinPointer('', ...path.map((p) => (typeof p === 'symbol' ? p.toString() : (p as string | number))));
}

/**
 * Reads the value at a pointer, or `undefined` when it does not exist. Own properties only.
 * Throws `JsonPointerError` when `pointer` is not a pointer.
 */
export function getAtPointer(root: unknown, pointer: string): unknown {
  let current: unknown = root;
  for (const segment of parsePointer(pointer)) {
    if (current === null || typeof current !== 'object') return undefined;
    if (!Object.hasOwn(current, segment)) return undefined;
    current = (current as Record<string, unknown>)[segment];
  }
  return current;
}

/**
 * What a local `$ref` (`#` or `#/…`) points at inside `root`: `undefined` when it points at
 * nothing, is not local (`https://…`, `#anchor`) or is not a valid pointer. Never throws.
 */
export function resolveLocalRef(root: unknown, ref: string): unknown {
  if (ref === '#') return root;
  if (typeof ref !== 'string' || !ref.startsWith('#/')) return undefined;
  const segments = tryParsePointer(ref);
  if (segments === undefined) return undefined;
  let current: unknown = root;
  for (const segment of segments) {
    if (current === null || typeof current !== 'object') return undefined;
    if (!Object.hasOwn(current, segment)) return undefined;
    current = (current as Record<string, unknown>)[segment];
  }
  return current;
}
