import { InvalidArgumentError, UnsafeJsonError } from './errors.js';
import { FORBIDDEN_KEYS, inspectJson, prototypeIsClean } from './json-inspect.js';
import type { JsonLimits } from './limits.js';

export { FORBIDDEN_KEYS, inspectJson, JsonInspection, prototypeIsClean } from './json-inspect.js';

export type JsonPrimitive = string | number | boolean | null;
export type JsonValue = JsonPrimitive | JsonValue[] | { [key: string]: JsonValue };
export type JsonObject = { [key: string]: JsonValue };

/** Throws `UnsafeJsonError` unless `value` is plain, bounded JSON. */
export function assertSafeJson(value: unknown, limits: Partial<JsonLimits> = {}, subject?: string): void {
  const issues = inspectJson(value, limits);
  if (issues.length > 0) throw new UnsafeJsonError(issues, subject);
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/**
 * Deterministic JSON: object keys sorted by code point, no whitespace, `undefined` properties dropped.
 * Assumes input already passed `inspectJson` (no cycles).
 */
export function canonicalJson(value: unknown): string {
  return canonicalAt(value, 0);
}

function canonicalAt(value: unknown, depth: number): string {
  if (depth > MAX_NESTING) tooDeep(value);
  switch (typeof value) {
    case 'string':
      return JSON.stringify(value);
    case 'number':
      return Number.isFinite(value) ? String(value) : 'null';
    case 'boolean':
      return value ? 'true' : 'false';
    case 'undefined':
      return 'null';
  }
  if (value === null) return 'null';
  return Array.isArray(value)
    ? canonicalArray(value, depth)
    : canonicalObject(value as Record<string, unknown>, depth);
}

/**
 * Deepest nesting the recursive helpers below accept (canonicalJson, jsonEqual, cloneJson,
 * deepFreeze): far beyond any definition that passed `inspectJson`, well within the stack, so a
 * cyclic or absurdly deep value gets a typed error instead of "Maximum call stack size exceeded".
 */
const MAX_NESTING = 2_000;

function tooDeep(value: unknown): never {
  throw new InvalidArgumentError('value', `acyclic JSON nested at most ${MAX_NESTING} levels`, value);
}

// String concatenation builds V8 ropes: measured ~2× faster here than collecting parts and joining.
function canonicalArray(value: unknown[], depth: number): string {
  // Empty lists are common in tools (tags, examples…): no native call for them.
  if (value.length === 0) return '[]';
  // Lists of names (required, enum, tags) are all strings: one native stringify writes them identically.
  if (allStrings(value)) return JSON.stringify(value);
  let out = `[${canonicalAt(value[0], depth + 1)}`;
  for (let i = 1; i < value.length; i++) out += `,${canonicalAt(value[i], depth + 1)}`;
  return `${out}]`;
}

function allStrings(value: unknown[]): boolean {
  for (let i = 0; i < value.length; i++) if (typeof value[i] !== 'string') return false;
  return true;
}

function canonicalObject(value: Record<string, unknown>, depth: number): string {
  const keys = Object.keys(value);
  if (keys.length === 0) return '{}';
  // Sorting is skipped when keys already arrive in order (`<` is the same code-unit order as sort()).
  if (!isSorted(keys)) sortKeys(keys);
  let out = '{';
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i]!;
    const v = value[key];
    if (v === undefined) continue;
    if (out.length > 1) out += ',';
    out += quoteKey(key) + (typeof v === 'string' ? JSON.stringify(v) : canonicalAt(v, depth + 1));
  }
  return `${out}}`;
}

function isSorted(keys: string[]): boolean {
  for (let i = 1; i < keys.length; i++) if (keys[i - 1]! > keys[i]!) return false;
  return true;
}

/** Same order as `keys.sort()`; schema objects hold a handful of keys, where insertion sort is ~2× faster. */
function sortKeys(keys: string[]): void {
  if (keys.length > 16) {
    keys.sort();
    return;
  }
  for (let i = 1; i < keys.length; i++) {
    const key = keys[i]!;
    let j = i - 1;
    while (j >= 0 && keys[j]! > key) {
      keys[j + 1] = keys[j]!;
      j--;
    }
    keys[j + 1] = key;
  }
}

// Schema keys repeat endlessly ("type", "description", "properties"…): quote each once (with its colon).
const quotedKeys = new Map<string, string>();
function quoteKey(key: string): string {
  let quoted = quotedKeys.get(key);
  if (quoted === undefined) {
    quoted = `${JSON.stringify(key)}:`;
    if (quotedKeys.size < 10_000) quotedKeys.set(key, quoted);
  }
  return quoted;
}

/** Structural deep equality for JSON values (key order ignored). */
export function jsonEqual(a: unknown, b: unknown): boolean {
  return equalAt(a, b, 0);
}

function equalAt(a: unknown, b: unknown, depth: number): boolean {
  if (a === b) return true;
  if (depth > MAX_NESTING) tooDeep(a);
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const bb = b as unknown[];
    return a.length === bb.length && a.every((v, i) => equalAt(v, bb[i], depth + 1));
  }
  const ka = Object.keys(a).filter((k) => (a as Record<string, unknown>)[k] !== undefined);
  const kb = Object.keys(b).filter((k) => (b as Record<string, unknown>)[k] !== undefined);
  if (ka.length !== kb.length) return false;
  return ka.every(
    (k) =>
      Object.hasOwn(b, k) &&
      equalAt((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], depth + 1),
  );
}

/** Deep copy of plain JSON into fresh objects (null-prototype-safe: forbidden keys are never copied). */
export function cloneJson<T>(value: T): T {
  return cloneAt(value, 0);
}

function cloneAt<T>(value: T, depth: number): T {
  if (value === null || typeof value !== 'object') return value;
  return copyAt(value, depth, prototypeIsClean());
}

// Loops and `for…in` rather than `map` and `Object.keys`: no closure per array, and keyed loads
// served from the enum cache (inherited enumerable keys are skipped unless the prototype is clean).
function copyAt<T>(value: T & object, depth: number, ownKeysOnly: boolean): T {
  if (depth > MAX_NESTING) tooDeep(value);
  if (Array.isArray(value)) {
    // One exact-size native copy (holes kept, as `map` keeps them), then copies of the objects in it:
    // most lists (`required`, `enum`) hold only strings.
    const out: unknown[] = value.slice();
    for (let i = 0; i < out.length; i++) {
      const v: unknown = out[i];
      if (v !== null && typeof v === 'object') out[i] = copyAt(v, depth + 1, ownKeysOnly);
    }
    return out as T;
  }
  const record = value as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  // Another prototype's enumerable keys would be listed by `for…in` too.
  const inheritsNoKeys = ownKeysOnly && isPlainObject(record);
  for (const key in record) {
    if (!inheritsNoKeys && !Object.hasOwn(record, key)) continue;
    if (FORBIDDEN_KEYS.has(key)) continue;
    const v = record[key];
    if (v !== undefined)
      out[key] = v === null || typeof v !== 'object' ? v : copyAt(v, depth + 1, ownKeysOnly);
  }
  return out as T;
}

/** Freezes a value and everything inside it. */
export function deepFreeze<T>(value: T): T {
  return freezeAt(value, 0);
}

function freezeAt<T>(value: T, depth: number): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    if (depth > MAX_NESTING) tooDeep(value);
    Object.freeze(value);
    // Leaves (mostly strings) are skipped here rather than in a call each: most values are leaves.
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) {
        const item: unknown = value[i];
        if (item !== null && typeof item === 'object') freezeAt(item, depth + 1);
      }
    } else {
      for (const key in value) {
        const item: unknown = (value as Record<string, unknown>)[key];
        if (item !== null && typeof item === 'object') freezeAt(item, depth + 1);
      }
    }
  }
  return value;
}
