import { InvalidArgumentError, UnsafeJsonError, type ValidationIssue } from './errors.js';
import { joinPointer } from './json-pointer.js';
import { type JsonLimits, pickJsonLimits } from './limits.js';

export type JsonPrimitive = string | number | boolean | null;
export type JsonValue = JsonPrimitive | JsonValue[] | { [key: string]: JsonValue };
export type JsonObject = { [key: string]: JsonValue };

/**
 * Keys refused in all outside data: `__proto__` is the one key that assignment (`obj[key] = v`)
 * turns into a prototype change. `constructor` and `prototype` are ordinary own keys (legitimate
 * parameter names); code reading data keyed by outside names uses `Object.hasOwn` or a Map.
 */
export const FORBIDDEN_KEYS: ReadonlySet<string> = new Set(['__proto__']);

const MAX_ISSUES = 50;
const SHALLOW_LEVELS = 32;

/**
 * Walks outside data once and reports everything that is not plain, bounded JSON:
 * cycles, functions, symbols, BigInt, NaN/Infinity, class instances, forbidden keys,
 * and values past the limits. Never recurses past `maxDepth`; throws only `InvalidArgumentError`
 * for limits that are not non-negative integers.
 * `undefined` object properties are tolerated (they mean "absent", as in JSON.stringify).
 */
export function inspectJson(
  value: unknown,
  limits: Partial<JsonLimits> = {},
  basePointer = '',
  inspection?: JsonInspection,
): ValidationIssue[] {
  const l = pickJsonLimits(limits);
  if (inspection !== undefined && !(inspection instanceof JsonInspection))
    throw new InvalidArgumentError('inspection', 'a JsonInspection', inspection);
  const issues: ValidationIssue[] = [];
  // Top-level subtrees an earlier walk with the same limits found clean are counted, not walked
  // again; this walk records its own clean ones when given a fresh inspection.
  const known = inspection?.usableWith(l) ? inspection.subtrees : undefined;
  const recording = inspection !== undefined && known === undefined ? inspection.start(l) : undefined;
  // Objects on the current path, for cycle detection. The first levels live in an array: scanning a
  // few entries beats Set add/delete for the shallow nesting of real data. Deeper levels go to a Set,
  // so hostile nesting stays linear.
  const shallowAncestors: object[] = [];
  // Created only for nesting past the shallow levels, which real data never reaches.
  let deepAncestors: Set<object> | undefined;
  // Pointers are built only when something is reported: the walk itself stays allocation-light.
  const path: Array<string | number> = [];
  let nodes = 0;
  let nodesReported = false;

  const report = (code: string, message: string, extra?: string) => {
    if (issues.length >= MAX_ISSUES) return;
    const pointer =
      extra === undefined ? joinPointer(basePointer, ...path) : joinPointer(basePointer, ...path, extra);
    issues.push({ pointer, code, message });
  };

  // Strings are most of the values: one within limits is counted here, without a visit (same outcome).
  const isQuietString = (v: unknown): boolean => {
    if (typeof v !== 'string' || v.length > l.maxStringLength || nodes >= l.maxNodes) return false;
    nodes++;
    return true;
  };

  const visit = (v: unknown, depth: number): void => {
    if (issues.length >= MAX_ISSUES) return;
    nodes++;
    if (nodes > l.maxNodes) {
      if (!nodesReported) {
        nodesReported = true;
        report('too_large', `input has more than ${l.maxNodes} values (limit maxNodes)`);
      }
      return;
    }
    switch (typeof v) {
      case 'string':
        if (v.length > l.maxStringLength)
          report('too_long', `string of ${v.length} characters exceeds the limit of ${l.maxStringLength}`);
        return;
      case 'boolean':
        return;
      case 'number':
        if (!Number.isFinite(v)) report('non_json', `${v} is not a JSON number`);
        return;
      case 'undefined':
        report('non_json', 'undefined is not a JSON value');
        return;
      case 'bigint':
        report('non_json', 'BigInt is not a JSON value; use a number or a string');
        return;
      case 'symbol':
        report('non_json', 'a symbol is not a JSON value');
        return;
      case 'function':
        report('non_json', 'a function is not a JSON value');
        return;
    }
    if (v === null) return;
    const obj = v as object;
    if (known !== undefined && depth <= RECORDED_DEPTH) {
      const seen = known.get(obj);
      // Exactly the count the full walk would reach; near the limit it walks, to report where.
      if (seen !== undefined && nodes - 1 + seen <= l.maxNodes) {
        nodes += seen - 1;
        return;
      }
    }
    const nodesBefore = nodes - 1;
    const issuesBefore = issues.length;
    if (depth >= l.maxDepth) {
      report('too_deep', `nesting deeper than ${l.maxDepth} levels (limit maxDepth)`);
      return;
    }
    if (shallowAncestors.includes(obj) || (depth > SHALLOW_LEVELS && deepAncestors?.has(obj))) {
      report('cycle', 'value refers back to one of its parents (cyclic structure)');
      return;
    }
    if (depth < SHALLOW_LEVELS) shallowAncestors.push(obj);
    else (deepAncestors ??= new Set()).add(obj);
    if (Array.isArray(obj)) {
      if (obj.length > l.maxArrayLength) {
        report('too_large', `array of ${obj.length} items exceeds the limit of ${l.maxArrayLength}`);
      } else {
        for (let i = 0; i < obj.length; i++) {
          const item: unknown = obj[i];
          if (isQuietString(item)) continue;
          path.push(i);
          visit(item, depth + 1);
          path.pop();
        }
      }
    } else {
      const proto = Object.getPrototypeOf(obj);
      if (proto !== Object.prototype && proto !== null) {
        const kind = (obj as { constructor?: { name?: string } }).constructor?.name ?? 'object';
        report('non_json', `${kind} instance is not a plain JSON object`);
      } else {
        for (const key of Object.keys(obj)) {
          if (FORBIDDEN_KEYS.has(key)) {
            report('forbidden_key', `key "${key}" is not allowed (prototype pollution guard)`, key);
            continue;
          }
          if (key.length > l.maxStringLength) report('too_long', 'key exceeds maxStringLength', key);
          const item = (obj as Record<string, unknown>)[key];
          if (item !== undefined && !isQuietString(item)) {
            path.push(key);
            visit(item, depth + 1);
            path.pop();
          }
        }
      }
    }
    if (depth < SHALLOW_LEVELS) shallowAncestors.pop();
    else deepAncestors!.delete(obj);
    if (
      recording !== undefined &&
      depth === RECORDED_DEPTH &&
      issues.length === issuesBefore &&
      !nodesReported
    )
      recording.set(obj, nodes - nodesBefore);
  };

  visit(value, 0);
  return issues;
}

/** Depth of the subtrees a `JsonInspection` records: the fields of a definition (its schemas…). */
const RECORDED_DEPTH = 1;

/**
 * What one `inspectJson` walk found plain and bounded, for a second walk over data built from the
 * same parts in the same synchronous step (a decoded tool definition reusing the raw definition's
 * schemas): pass a fresh inspection to the first walk, which records each clean top-level subtree
 * (an object field of the walked value) with its value count, then the same inspection to the
 * second walk (e.g. `parseToolWithChanges(input, {inspected})`), which counts those subtrees
 * instead of walking them wherever they sit no deeper than before, with the same limits. Objects
 * must not change in between. Anything else in the second value is walked as usual, and an
 * inspection from other limits (or none at all) is ignored, so the outcome is the full walk's.
 */
export class JsonInspection {
  #limits: JsonLimits | undefined;
  #subtrees = new Map<object, number>();

  /** @internal The first walk starts recording (once). */
  start(limits: JsonLimits): Map<object, number> | undefined {
    if (this.#limits !== undefined) return undefined;
    this.#limits = limits;
    return this.#subtrees;
  }

  /** @internal Whether a walk with `limits` may count the recorded subtrees. */
  usableWith(limits: JsonLimits): boolean {
    const own = this.#limits;
    return (
      own !== undefined &&
      own.maxDepth === limits.maxDepth &&
      own.maxNodes === limits.maxNodes &&
      own.maxStringLength === limits.maxStringLength &&
      own.maxArrayLength === limits.maxArrayLength
    );
  }

  /** @internal */
  get subtrees(): ReadonlyMap<object, number> {
    return this.#subtrees;
  }
}

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
  if (depth > MAX_NESTING) tooDeep(value);
  if (Array.isArray(value)) return value.map((v) => cloneAt(v, depth + 1)) as T;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    if (FORBIDDEN_KEYS.has(key)) continue;
    const v = (value as Record<string, unknown>)[key];
    if (v !== undefined) out[key] = cloneAt(v, depth + 1);
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
