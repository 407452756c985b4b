import { InvalidArgumentError, type ValidationIssue } from './errors.js';
import { joinPointer } from './json-pointer.js';
import { type JsonLimits, pickJsonLimits } from './limits.js';

/**
 * Keys refused in all outside data: `__proto__` is the one key that assignment (`obj[key] = v`)
 * turns into a prototype change. `constructor` and `prototype` are ordinary own keys (legitimate
 * parameter names); code reading data keyed by outside names uses `Object.hasOwn` or a Map.
 */
export const FORBIDDEN_KEYS: ReadonlySet<string> = new Set(['__proto__']);

const MAX_ISSUES = 50;
const SHALLOW_LEVELS = 32;
/**
 * Nesting at which the lean first walk (`clean`) gives up and leaves the value to `visit`: it keeps
 * no ancestors, so a cycle must stop it at a depth its recursion can always reach.
 */
const LEAN_MAX_DEPTH = 256;
/** Depth of the subtrees a `JsonInspection` records: the fields of a definition (its schemas…). */
const RECORDED_DEPTH = 1;

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
  // Top-level subtrees an earlier walk with the same limits found clean are counted, not walked
  // again; this walk records its own clean ones when given a fresh inspection.
  const known = inspection?.usableWith(l) ? inspection.subtrees : undefined;
  const recording = inspection !== undefined && known === undefined ? inspection.start(l) : undefined;
  // The walk's state (and its stacks' storage) is reused from the last call; a call made while
  // another walk runs (a getter calling back) or after one threw simply builds its own.
  const walk = spare ?? newWalk();
  spare = undefined;
  walk.issues = [];
  walk.maxDepth = l.maxDepth;
  walk.maxNodes = l.maxNodes;
  walk.maxStringLength = l.maxStringLength;
  walk.maxArrayLength = l.maxArrayLength;
  walk.ownKeysOnly = prototypeIsClean();
  // The stacks are empty (a walk that throws is not reused); not truncated, which would drop
  // their storage.
  walk.deepAncestors = undefined;
  walk.basePointer = basePointer;
  walk.known = known;
  walk.recording = recording;
  walk.nodes = 0;
  walk.nodesReported = false;
  // Clean data (the usual case) is confirmed by a lean walk that keeps no path and stops at the
  // first problem; only then does the full walk run again from the start, to report every problem
  // with its pointer. Both count values and record clean subtrees alike (see `clean`).
  if (!clean(walk, value, 0)) {
    walk.shallowAncestors.length = 0;
    walk.deepAncestors = undefined;
    walk.nodes = 0;
    visit(walk, value, 0);
  }
  const issues = walk.issues;
  // Nothing of this input stays reachable from the spare state.
  walk.issues = NO_ISSUES;
  walk.known = undefined;
  walk.recording = undefined;
  walk.deepAncestors = undefined;
  spare = walk;
  return issues;
}

const NO_ISSUES: ValidationIssue[] = [];
let spare: Walk | undefined;

function newWalk(): Walk {
  return {
    issues: NO_ISSUES,
    maxDepth: 0,
    maxNodes: 0,
    maxStringLength: 0,
    maxArrayLength: 0,
    ownKeysOnly: true,
    shallowAncestors: [],
    deepAncestors: undefined,
    path: [],
    basePointer: '',
    known: undefined,
    recording: undefined,
    nodes: 0,
    nodesReported: false,
  };
}

/**
 * The state of one `inspectJson` walk, visited by one recursive function rather than closures
 * created per call: inspecting a small definition (a few dozen values) is dominated by such fixed
 * costs. Keys are read with `for…in`, whose keyed loads V8 serves from the object's enum cache
 * (about twice as fast as `Object.keys` plus a generic keyed load); inherited enumerable keys,
 * which `for…in` would also list, are skipped unless `Object.prototype` is clean (checked per walk).
 */
interface Walk {
  issues: ValidationIssue[];
  maxDepth: number;
  maxNodes: number;
  maxStringLength: number;
  maxArrayLength: number;
  /** `Object.prototype` has no enumerable key, so `for…in` lists exactly `Object.keys`. */
  ownKeysOnly: boolean;
  // Objects on the current path, for cycle detection. The first levels live in an array: scanning
  // a few entries beats Set add/delete for the shallow nesting of real data. Deeper levels go to a
  // Set (created only for nesting past the shallow levels), so hostile nesting stays linear.
  readonly shallowAncestors: object[];
  deepAncestors: Set<object> | undefined;
  // Pointers are built only when something is reported: the walk itself stays allocation-light.
  readonly path: Array<string | number>;
  basePointer: string;
  known: SubtreeCounts | undefined;
  recording: SubtreeCounts | undefined;
  nodes: number;
  nodesReported: boolean;
}

function report(w: Walk, code: string, message: string, extra?: string): void {
  if (w.issues.length >= MAX_ISSUES) return;
  const pointer =
    extra === undefined
      ? joinPointer(w.basePointer, ...w.path)
      : joinPointer(w.basePointer, ...w.path, extra);
  w.issues.push({ pointer, code, message });
}

/**
 * `visit` without reports: `false` at the first thing `visit` would report, or when unsure (nesting
 * past `LEAN_MAX_DEPTH`). Counts values, skips known subtrees and records clean ones exactly as
 * `visit` does, so a subtree it records is one `visit` would record with the same count (it
 * completed before any problem). A cycle shows as nesting past `maxDepth` (or `LEAN_MAX_DEPTH`).
 */
function clean(w: Walk, v: unknown, depth: number): boolean {
  if (++w.nodes > w.maxNodes) return false;
  switch (typeof v) {
    case 'string':
      return v.length <= w.maxStringLength;
    case 'boolean':
      return true;
    case 'number':
      return Number.isFinite(v);
    case 'object':
      if (v === null) return true;
      break;
    default:
      return false;
  }
  const obj: object = v;
  if (w.known !== undefined && depth <= RECORDED_DEPTH) {
    const seen = w.known.get(obj);
    if (seen !== undefined && w.nodes - 1 + seen <= w.maxNodes) {
      w.nodes += seen - 1;
      return true;
    }
  }
  const nodesBefore = w.nodes - 1;
  // No ancestors are kept: along a cycle the depth grows without end, so a cyclic value fails
  // here and `visit` then finds and reports the cycle.
  if (depth >= w.maxDepth || depth >= LEAN_MAX_DEPTH) return false;
  if (Array.isArray(obj)) {
    if (obj.length > w.maxArrayLength) return false;
    for (let i = 0; i < obj.length; i++) {
      const item: unknown = obj[i];
      if (typeof item === 'string' && item.length <= w.maxStringLength && w.nodes < w.maxNodes) {
        w.nodes++;
        continue;
      }
      if (!clean(w, item, depth + 1)) return false;
    }
  } else {
    const proto = Object.getPrototypeOf(obj);
    if (proto !== Object.prototype && proto !== null) return false;
    const record = obj as Record<string, unknown>;
    for (const key in record) {
      if (!w.ownKeysOnly && !Object.hasOwn(record, key)) continue;
      if (key === '__proto__' || key.length > w.maxStringLength) return false;
      const item = record[key];
      if (item === undefined) continue;
      if (typeof item === 'string' && item.length <= w.maxStringLength && w.nodes < w.maxNodes) {
        w.nodes++;
        continue;
      }
      if (!clean(w, item, depth + 1)) return false;
    }
  }
  if (w.recording !== undefined && depth === RECORDED_DEPTH) w.recording.set(obj, w.nodes - nodesBefore);
  return true;
}

function visit(w: Walk, v: unknown, depth: number): void {
  if (w.issues.length >= MAX_ISSUES) return;
  if (++w.nodes > w.maxNodes) {
    if (!w.nodesReported) {
      w.nodesReported = true;
      report(w, 'too_large', `input has more than ${w.maxNodes} values (limit maxNodes)`);
    }
    return;
  }
  switch (typeof v) {
    case 'string':
      if (v.length > w.maxStringLength)
        report(w, 'too_long', `string of ${v.length} characters exceeds the limit of ${w.maxStringLength}`);
      return;
    case 'boolean':
      return;
    case 'number':
      if (!Number.isFinite(v)) report(w, 'non_json', `${v} is not a JSON number`);
      return;
    case 'object':
      if (v === null) return;
      break;
    default:
      report(w, 'non_json', nonJsonMessage(v));
      return;
  }
  const obj: object = v;
  if (w.known !== undefined && depth <= RECORDED_DEPTH) {
    const seen = w.known.get(obj);
    // Exactly the count the full walk would reach; near the limit it walks, to report where.
    if (seen !== undefined && w.nodes - 1 + seen <= w.maxNodes) {
      w.nodes += seen - 1;
      return;
    }
  }
  const nodesBefore = w.nodes - 1;
  const issuesBefore = w.issues.length;
  if (depth >= w.maxDepth) {
    report(w, 'too_deep', `nesting deeper than ${w.maxDepth} levels (limit maxDepth)`);
    return;
  }
  const shallow = depth < SHALLOW_LEVELS;
  if (w.shallowAncestors.includes(obj) || (!shallow && w.deepAncestors?.has(obj))) {
    report(w, 'cycle', 'value refers back to one of its parents (cyclic structure)');
    return;
  }
  if (shallow) w.shallowAncestors.push(obj);
  else (w.deepAncestors ??= new Set()).add(obj);
  if (Array.isArray(obj)) {
    if (obj.length > w.maxArrayLength) {
      report(w, 'too_large', `array of ${obj.length} items exceeds the limit of ${w.maxArrayLength}`);
    } else {
      for (let i = 0; i < obj.length; i++) {
        const item: unknown = obj[i];
        // Strings are most of the values: one within limits is counted here, without a visit.
        if (typeof item === 'string' && item.length <= w.maxStringLength && w.nodes < w.maxNodes) {
          w.nodes++;
          continue;
        }
        w.path.push(i);
        visit(w, item, depth + 1);
        w.path.pop();
      }
    }
  } else {
    const proto = Object.getPrototypeOf(obj);
    if (proto !== Object.prototype && proto !== null) {
      const kind = (obj as { constructor?: { name?: string } }).constructor?.name ?? 'object';
      report(w, 'non_json', `${kind} instance is not a plain JSON object`);
    } else {
      const record = obj as Record<string, unknown>;
      for (const key in record) {
        if (!w.ownKeysOnly && !Object.hasOwn(record, key)) continue;
        if (key === '__proto__') {
          report(w, 'forbidden_key', `key "${key}" is not allowed (prototype pollution guard)`, key);
          continue;
        }
        if (key.length > w.maxStringLength) report(w, 'too_long', 'key exceeds maxStringLength', key);
        const item = record[key];
        if (item === undefined) continue;
        if (typeof item === 'string' && item.length <= w.maxStringLength && w.nodes < w.maxNodes) {
          w.nodes++;
          continue;
        }
        w.path.push(key);
        visit(w, item, depth + 1);
        w.path.pop();
      }
    }
  }
  if (shallow) w.shallowAncestors.pop();
  else w.deepAncestors!.delete(obj);
  if (
    w.recording !== undefined &&
    depth === RECORDED_DEPTH &&
    w.issues.length === issuesBefore &&
    !w.nodesReported
  )
    w.recording.set(obj, w.nodes - nodesBefore);
}

function nonJsonMessage(v: unknown): string {
  switch (typeof v) {
    case 'undefined':
      return 'undefined is not a JSON value';
    case 'bigint':
      return 'BigInt is not a JSON value; use a number or a string';
    case 'symbol':
      return 'a symbol is not a JSON value';
    default:
      return 'a function is not a JSON value';
  }
}

/**
 * Whether `Object.prototype` has no enumerable key, so `for…in` over a plain object lists exactly
 * its `Object.keys` (walks that read keys with `for…in` check this once per call).
 */
export function prototypeIsClean(): boolean {
  for (const _ in Object.prototype) return false;
  return true;
}

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
  #subtrees = new SubtreeCounts();

  /** @internal The first walk starts recording (once). */
  start(limits: JsonLimits): SubtreeCounts | undefined {
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
  get subtrees(): SubtreeCounts {
    return this.#subtrees;
  }
}

/**
 * Value counts of recorded subtrees. A definition has a handful of object fields (its schemas,
 * annotations): the first three sit in fields, further ones in a Map (building a Map, or even an
 * array, for the usual one or two costs more than the lookups it speeds up).
 */
class SubtreeCounts {
  #o0: object | undefined;
  #c0 = 0;
  #o1: object | undefined;
  #c1 = 0;
  #o2: object | undefined;
  #c2 = 0;
  #more: Map<object, number> | undefined;

  get(object: object): number | undefined {
    if (object === this.#o0) return this.#c0;
    if (object === this.#o1) return this.#c1;
    if (object === this.#o2) return this.#c2;
    return this.#more?.get(object);
  }

  set(object: object, count: number): void {
    if (this.#o0 === undefined || object === this.#o0) {
      this.#o0 = object;
      this.#c0 = count;
    } else if (this.#o1 === undefined || object === this.#o1) {
      this.#o1 = object;
      this.#c1 = count;
    } else if (this.#o2 === undefined || object === this.#o2) {
      this.#o2 = object;
      this.#c2 = count;
    } else {
      (this.#more ??= new Map()).set(object, count);
    }
  }
}
