import { prototypeIsClean } from './json-inspect.js';
import { META_RULES, nodeCertain, nodeRuleHolds } from './meta-fast-check.js';
import { joinPointer } from './json-pointer.js';
import { cloneJson, deepFreeze, FORBIDDEN_KEYS, isPlainObject } from './safe-json.js';
import {
  type JsonSchemaObject,
  SUBSCHEMA_ARRAY_KEYWORDS,
  SUBSCHEMA_KEYWORDS,
  SUBSCHEMA_MAP_KEYWORDS,
} from './schema-walk.js';

/**
 * Rewrites a copied node in place (its children are already copied); `pointerOf()` locates it.
 * `state` is what the copier's caller passed (a plain function rather than a closure per copy).
 */
export type SchemaFix<S> = (node: JsonSchemaObject, pointerOf: () => string, state: S) => void;

/** Copies a schema; see `createSchemaCopier`. */
export type SchemaCopier<S> = (
  schema: unknown,
  fix: SchemaFix<S>,
  state: S,
  basePointer?: string,
  freeze?: boolean,
) => unknown;

// Flags per keyword, so one Map lookup classifies a key (most keys, e.g. "type", have none).
const SUBSCHEMA = 1;
const SUBSCHEMA_LIST = 2;
const SUBSCHEMA_MAP = 4;
const FORBIDDEN = 8;
const WATCHED = 16;
/** The keyword's meta-schema rule (`META_RULES`) sits above the copy flags. */
const RULE_SHIFT = 5;
/** Subschema nesting past which `isCertainlyValidSchema` is never sure. */
const MAX_CERTAIN_LEVEL = 200;

const MAX_LEVEL = 256;

/**
 * The copying walk behind draft normalisation, for the parseTool hot path. Same traversal and the
 * same `fix` order as `mapSchemaLazy` (children first, keys in order), but:
 * - `fix` runs only on nodes that hold a `watched` keyword: draft rewrites are rare, and probing
 *   every node for every rule costs more than the copy itself;
 * - with `freeze`, every object below the root is frozen as it is built (nodes after their fix),
 *   so a final `deepFreeze` of the result stops at the root's children instead of walking it all.
 *   The root stays unfrozen for the caller to finish.
 * - it also tells (`state.certain`) whether the result certainly satisfies `isCertainlyValidSchema`
 *   (one-sided: `false` means "not sure"), judged node by node on the way.
 * The result shares no objects with the input (values beyond the level limit excepted, as in
 * `mapSchemaLazy`, unless frozen, when they are copied too).
 */
export function createSchemaCopier<S extends { certain: boolean }>(
  watched: Iterable<string>,
): SchemaCopier<S> {
  const flags = new Map<string, number>();
  const add = (keys: Iterable<string>, flag: number) => {
    for (const key of keys) flags.set(key, (flags.get(key) ?? 0) | flag);
  };
  add(SUBSCHEMA_KEYWORDS, SUBSCHEMA);
  add(SUBSCHEMA_ARRAY_KEYWORDS, SUBSCHEMA_LIST);
  add(SUBSCHEMA_MAP_KEYWORDS, SUBSCHEMA_MAP);
  add(FORBIDDEN_KEYS, FORBIDDEN);
  add(watched, WATCHED);
  for (const [key, rule] of META_RULES) flags.set(key, (flags.get(key) ?? 0) | (rule << RULE_SHIFT));

  // The run's state (and its path's storage) is reused from the last copy; a copy that starts
  // while another runs, or after one threw, builds its own.
  let spare: CopyRun<S> | undefined;
  return (schema, fix, state, basePointer = '', freeze = false) => {
    if (!isPlainObject(schema)) return schema;
    const run = spare ?? newRun<S>(flags);
    spare = undefined;
    run.fix = fix;
    run.state = state;
    run.freeze = freeze;
    run.basePointer = basePointer;
    run.ownKeysOnly = prototypeIsClean();
    run.certain = true;
    const copy = copyNode(run, schema, 0);
    state.certain = run.certain;
    run.state = undefined;
    spare = run;
    return copy;
  };
}

function newRun<S>(flags: ReadonlyMap<string, number>): CopyRun<S> {
  const path: Array<string | number> = [];
  const run: CopyRun<S> = {
    flags,
    fix: () => undefined,
    state: undefined,
    freeze: false,
    basePointer: '',
    path,
    pointerOf: () => joinPointer(run.basePointer, ...path),
    ownKeysOnly: true,
    certain: true,
  };
  return run;
}

/**
 * One copy: module-level functions over this state rather than closures made per call (a small
 * schema's copy is dominated by such fixed costs), and `for…in` over keys (V8 serves its keyed
 * loads from the enum cache; inherited enumerable keys are skipped unless `Object.prototype` is
 * clean, so the keys are exactly `Object.keys`).
 */
interface CopyRun<S> {
  readonly flags: ReadonlyMap<string, number>;
  fix: SchemaFix<S>;
  /** The caller's state during a copy (`undefined` between copies: nothing stays reachable). */
  state: S | undefined;
  freeze: boolean;
  basePointer: string;
  readonly path: Array<string | number>;
  /** The current node's pointer (one function per run, not one per fixed node). */
  readonly pointerOf: () => string;
  ownKeysOnly: boolean;
  /** Every node so far satisfies `isCertainlyValidSchema`'s rules (see `copyNode`). */
  certain: boolean;
}

function leafCopy<S>(run: CopyRun<S>, value: unknown): unknown {
  return value === null || typeof value !== 'object'
    ? value
    : run.freeze
      ? copyFrozen(value)
      : cloneJson(value);
}

function copyChild<S>(run: CopyRun<S>, value: unknown, level: number): unknown {
  if (!isPlainObject(value)) return leafCopy(run, value);
  if (level > MAX_LEVEL) return run.freeze ? copyFrozen(value) : value;
  const copy = copyNode(run, value, level);
  return run.freeze ? Object.freeze(copy) : copy;
}

function copyNode<S>(run: CopyRun<S>, node: JsonSchemaObject, level: number): JsonSchemaObject {
  const { flags, path, freeze } = run;
  const copy: JsonSchemaObject = {};
  let watchedSeen = false;
  // Whether this node satisfies `isCertainlyValidSchema`'s rules (its subschemas are nodes of
  // their own): checked on the way, with the one lookup that classifies each key for the copy.
  let certain = level <= MAX_CERTAIN_LEVEL;
  for (const keyword in node) {
    if (!run.ownKeysOnly && !Object.hasOwn(node, keyword)) continue;
    const value = node[keyword];
    // An absent value passes the official meta-schema; the full check leaves it to ajv.
    if (value === undefined) certain = false;
    const kind = flags.get(keyword);
    if (kind === undefined) {
      copy[keyword] = leafCopy(run, value);
      continue;
    }
    if (kind & FORBIDDEN) continue;
    if (kind & WATCHED) watchedSeen = true;
    const rule = kind >>> RULE_SHIFT;
    if (certain && rule !== 0 && !nodeRuleHolds(rule, value)) certain = false;
    if (kind & SUBSCHEMA_LIST && Array.isArray(value)) {
      const out: unknown[] = [];
      path.push(keyword);
      for (let i = 0; i < value.length; i++) {
        path.push(i);
        out.push(copyChild(run, value[i], level + 1));
        path.pop();
      }
      path.pop();
      copy[keyword] = freeze ? Object.freeze(out) : out;
    } else if (kind & SUBSCHEMA_MAP && isPlainObject(value)) {
      const map: Record<string, unknown> = {};
      path.push(keyword);
      for (const name in value) {
        if (!run.ownKeysOnly && !Object.hasOwn(value, name)) continue;
        if (FORBIDDEN_KEYS.has(name)) continue;
        const item = value[name];
        // `dependencies` mixes schemas with arrays of names (draft-07); arrays are not schemas.
        if (Array.isArray(item)) {
          map[name] = leafCopy(run, item);
          continue;
        }
        path.push(name);
        map[name] = copyChild(run, item, level + 1);
        path.pop();
      }
      path.pop();
      copy[keyword] = freeze ? Object.freeze(map) : map;
    } else if (kind & SUBSCHEMA && isPlainObject(value)) {
      path.push(keyword);
      copy[keyword] = copyChild(run, value, level + 1);
      path.pop();
    } else {
      copy[keyword] = leafCopy(run, value);
    }
  }
  if (watchedSeen) {
    run.fix(copy, run.pointerOf, run.state as S);
    // A fix may attach new objects (e.g. a merged $defs): the next freeze must reach them.
    if (freeze && level > 0) deepFreeze(copy);
    // The rules hold for the node as rewritten, not as read (a tuple `items` became `prefixItems`).
    certain = level <= MAX_CERTAIN_LEVEL && nodeCertain(copy);
  }
  if (!certain) run.certain = false;
  return copy;
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
