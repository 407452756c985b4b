import {
  escapePointerSegment,
  prototypeIsClean,
  type PointerOf,
  SUBSCHEMA_LIST,
  SUBSCHEMA_MAP,
  SUBSCHEMA_SINGLE,
  subschemaKindOf,
} from '@toolarsenal/toolmodel';
import { createContext, note, type PassContext } from './context.js';
import {
  type GeminiWalkState,
  geminiValuesNeedChange,
  HAS_ANY_OF,
  HAS_ENUM,
  HAS_FORMAT,
  HAS_REQUIRED,
  isNullOnly,
  mergeOverBranch,
  NULLABLE_DETAIL,
  UNKNOWN_FIELD_DETAIL,
  visitGeminiNode,
} from './gemini-schema.js';
import { jsonStandIn, moveKeywordsToDescription, type Schema } from './schema-utils.js';
import { isValueKeyword, standInReason, type StandInOptions } from './stand-ins.js';

/** The level `mapSchemaShared` stops descending at; the emitter hands deeper schemas back. */
const MAX_LEVEL = 256;
/** The Gemini pipeline's stand-ins that the emitter decides on the way down (see `emitGeminiSchema`). */
const GEMINI_STAND_INS: StandInOptions = {
  freeFormObjects: true,
  anySchemas: true,
  tuples: true,
  emptyObjects: true,
};

/** Thrown inside the walk for what it hands back to the general path. */
const BAIL: unique symbol = Symbol('gemini-emit bail');

interface Emit {
  readonly ctx: PassContext;
  /** Where the stand-ins' losses go when the walk decides them (they precede the Gemini losses). */
  readonly standIns: PassContext | undefined;
  readonly state: GeminiWalkState;
  readonly path: Array<string | number>;
  readonly at: PointerOf;
  /** `Object.prototype` has no enumerable key, so `for…in` lists own keys only (checked per walk). */
  readonly own: boolean;
}

/**
 * `lowerToGeminiSchema` in one walk that checks each node's keys while it descends, instead of a
 * generic copy-on-write walk plus a second look at every node: same output, same losses in the
 * same order (both call `visitGeminiNode` per node, children first, in key order). With
 * `standIns`, it is also the stand-in pass before it, as far as that pass replaces subschemas of
 * value keywords on the way down (`standInReason`): a replaced subschema is not descended into
 * (the Gemini walk leaves a JSON-string stand-in as it is), and the stand-ins' losses, recorded
 * in the pass's order, go before the Gemini ones. `undefined` (with `ctx` as it was) for what it
 * does not handle: an own `__proto__` key, or nesting past the generic walk's level bound; the
 * caller then runs the general pipeline.
 */
export function emitGeminiSchema(
  schema: Schema,
  base: string,
  ctx: PassContext,
  standIns = false,
): { schema: Schema; folded: boolean } | undefined {
  const path: Array<string | number> = [];
  const at: PointerOf = () => {
    let out = base;
    for (let i = 0; i < path.length; i++) out += `/${escapePointerSegment(path[i]!)}`;
    return out;
  };
  const lossesBefore = ctx.losses.length;
  const argsBefore = ctx.argsChanged;
  const state: GeminiWalkState = { anyOfSeen: false, folded: false };
  const standInCtx = standIns ? createContext(ctx.target, ctx.limits, ctx.onRecursion) : undefined;
  try {
    const out = emitNode(
      { ctx, standIns: standInCtx, state, path, at, own: prototypeIsClean() },
      schema,
      0,
      false,
    ) as Schema;
    if (standInCtx !== undefined && standInCtx.losses.length > 0) {
      ctx.losses.splice(lossesBefore, 0, ...standInCtx.losses);
      ctx.argsChanged = true;
    }
    return { schema: out, folded: state.folded === true };
  } catch (error) {
    if (error !== BAIL) throw error;
    ctx.losses.length = lossesBefore;
    ctx.argsChanged = argsBefore;
    return undefined;
  }
}

const NOT_ALLOWED = -1;
/** `keyKind` codes: the subschema kind in the low bits, the `geminiValuesNeedChange` bit above. */
export const KIND_MASK = SUBSCHEMA_SINGLE | SUBSCHEMA_LIST | SUBSCHEMA_MAP;
const PRESENT_SHIFT = 4;

/**
 * For a keyword Gemini allows: its subschema kind (0 for plain values) and, shifted by
 * `PRESENT_SHIFT`, the bit `geminiValuesNeedChange` reads it under; `NOT_ALLOWED` for any other
 * keyword. A switch over interned strings costs a few comparisons where a Set and a Map lookup
 * per key were the walk's largest cost. gemini-emit.test.ts checks it against
 * `GEMINI_ALLOWED_FIELDS`.
 */
export function keyKind(key: string): number {
  switch (key) {
    case 'type':
    case 'description':
    case 'default':
    case 'title':
    case 'nullable':
    case 'minItems':
    case 'maxItems':
    case 'minLength':
    case 'maxLength':
    case 'minProperties':
    case 'maxProperties':
    case 'minimum':
    case 'maximum':
    case 'pattern':
    case 'example':
    case 'propertyOrdering':
      return 0;
    case 'required':
      return HAS_REQUIRED << PRESENT_SHIFT;
    case 'enum':
      return HAS_ENUM << PRESENT_SHIFT;
    case 'format':
      return HAS_FORMAT << PRESENT_SHIFT;
    case 'properties':
      return SUBSCHEMA_MAP;
    case 'items':
      return SUBSCHEMA_SINGLE | SUBSCHEMA_LIST;
    case 'anyOf':
      return SUBSCHEMA_LIST | (HAS_ANY_OF << PRESENT_SHIFT);
    default:
      return NOT_ALLOWED;
  }
}

/**
 * One node, children first (the order `mapSchemaShared` visits them in), copy-on-write. `value`:
 * the node sits under a value keyword, where the stand-in pass (when on) may replace it.
 */
function emitNode(e: Emit, node: unknown, level: number, value: boolean): unknown {
  if (value) {
    const why = standInReason(node, GEMINI_STAND_INS);
    if (why !== undefined) return jsonStandIn(node, e.at(), e.standIns!, `${why} is not expressible`);
  }
  if (!isNode(node)) return node;
  if (level > MAX_LEVEL) throw BAIL;
  let copy: Schema | undefined;
  // Some keyword Gemini lacks; the own ones in key order (what `lowerGeminiNode` moves).
  let unknown = false;
  let extra: string[] | undefined;
  let hasConst = false;
  let present = 0;
  let keys = 0;
  let subschemaKeys = 0;
  // An optional value's `anyOf` ([X, {type: "null"}] either way): X lowered, the null's index.
  let optional: unknown;
  let nullAt = -1;
  // Read in the key loop: a load in for-in by the enumerated key is cheap, where `node.type`
  // (a different hidden class at every node) is a megamorphic lookup.
  let type: unknown;
  for (const key in node) {
    // Keys a polluted prototype adds are not the node's.
    if (!e.own && !Object.hasOwn(node, key)) continue;
    keys++;
    let kind = keyKind(key);
    if (kind === NOT_ALLOWED) {
      if (key === '__proto__') throw BAIL;
      unknown = true;
      // A literal for the first: most nodes have one, and a push onto `[]` reserves 17 slots.
      if (extra === undefined) extra = [key];
      else extra.push(key);
      if (key === 'const') hasConst = true;
      kind = subschemaKindOf(key);
    } else {
      present |= kind >> PRESENT_SHIFT;
      kind &= KIND_MASK;
    }
    if (kind === 0) {
      if (key === 'type') type = node[key];
      continue;
    }
    subschemaKeys++;
    const value = node[key];
    let next: unknown = value;
    // The stand-in pass also looks at boolean subschemas (`true` accepts anything).
    const standIn = e.standIns !== undefined && isValueKeyword(key);
    const pair = key === 'anyOf' && Array.isArray(value) ? nullBranchOf(value) : -1;
    e.path.push(key);
    if (pair < 0) next = emitChild(e, kind, value, level, standIn);
    else {
      nullAt = pair;
      optional = emitOptionalBranches(e, value as readonly unknown[], pair, level, standIn);
    }
    e.path.pop();
    if (next !== value) {
      copy ??= { ...node };
      copy[key] = next;
    }
  }
  if (keys === 1 && type === 'null') {
    // The null branch of every optional pydantic field: what `visitGeminiNode` makes of it,
    // without copying the node only to delete its one key.
    note(e.ctx, e.at(), 'type', 'rewritten', NULLABLE_DETAIL);
    return { nullable: true };
  }
  if (nullAt >= 0) {
    if (!unknown && present === HAS_ANY_OF && subschemaKeys === 1 && type === undefined) {
      const merged = mergeOptional(e, node, optional);
      if (merged !== undefined) return merged;
    }
    // Anything else beside it: the lowered list, as the general walk has it.
    copy ??= { ...node };
    copy.anyOf = nullAt === 0 ? [{ nullable: true }, optional] : [optional, { nullable: true }];
  }
  const unknownKeys = unknown ? (extra ?? NO_KEYS) : undefined;
  const leaf = subschemaKeys === 0;
  return finishNode(e, copy ?? node, copy !== undefined, unknownKeys, hasConst, present, type, leaf);
}

const NO_KEYS: readonly string[] = [];

/**
 * An object that is not an array. Every schema the emitter gets is plain JSON (toolmodel built it,
 * or `fromCanonical`'s guard inspected it), so the prototype check of `isPlainObject` (a builtin
 * call at each node, as the nodes' shapes are many) would only repeat what was checked.
 */
function isNode(value: unknown): value is Schema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A subschema keyword's value, lowered (the same value when nothing in it changes). */
function emitChild(e: Emit, kind: number, value: unknown, level: number, standIn: boolean): unknown {
  if (kind & SUBSCHEMA_LIST && Array.isArray(value)) return emitList(e, value, level, standIn);
  if (kind & SUBSCHEMA_MAP && isNode(value)) return emitMap(e, value, level, standIn);
  if (kind & SUBSCHEMA_SINGLE && (isNode(value) || (standIn && typeof value === 'boolean')))
    return emitNode(e, value, level + 1, standIn);
  return value;
}

/**
 * A node after its children: `visitGeminiNode`, or what it would return without its general
 * checks. `unknown`: the node's own keywords Gemini lacks (`undefined` when it has none at all);
 * `present`, `type`: what the key loop saw; `leaf`: it has no subschema keyword of its own.
 */
function finishNode(
  e: Emit,
  input: Schema,
  owned: boolean,
  unknown: readonly string[] | undefined,
  hasConst: boolean,
  present: number,
  type: unknown,
  leaf: boolean,
): unknown {
  if (
    unknown !== undefined &&
    unknown.length > 0 &&
    !hasConst &&
    (present & HAS_ANY_OF) === 0 &&
    !geminiValuesNeedChange(input, present, type)
  ) {
    // Only keywords to move (a closed object's `additionalProperties: false`, `examples`, …):
    // every other step of `lowerGeminiNode` would find nothing to do.
    const out = owned ? input : { ...input };
    moveKeywordsToDescription(out, unknown, e.at(), e.ctx, UNKNOWN_FIELD_DETAIL);
    return visitGeminiNode(out, e.at, true, false, e.ctx, e.state);
  }
  const needsChange = unknown !== undefined || geminiValuesNeedChange(input, present, type);
  // What `visitGeminiNode` returns for a node it leaves alone that has no `anyOf`, when no child
  // can carry an annotated `anyOf` to lift: none was seen yet, or the node has no children.
  if (!needsChange && (present & HAS_ANY_OF) === 0 && (leaf || !e.state.anyOfSeen)) return input;
  return visitGeminiNode(input, e.at, owned, needsChange, e.ctx, e.state);
}

/** The index of the `{type: "null"}` branch of a two-branch list whose other branch is not one; -1 otherwise. */
function nullBranchOf(list: readonly unknown[]): number {
  if (list.length !== 2) return -1;
  const first = isNullType(list[0]);
  return first === isNullType(list[1]) ? -1 : first ? 0 : 1;
}

function isNullType(node: unknown): boolean {
  if (!isNode(node) || node.type !== 'null') return false;
  for (const key in node) if (key !== 'type' && Object.hasOwn(node, key)) return false;
  return true;
}

/**
 * The branches of an optional value's `anyOf` in order, as `emitList` would lower them: the value
 * schema by the walk, the `{type: "null"}` one into `{nullable: true}` with its loss (built only
 * if the node needs the list after all). Returns the lowered value schema.
 */
function emitOptionalBranches(
  e: Emit,
  list: readonly unknown[],
  nullAt: number,
  level: number,
  value: boolean,
): unknown {
  if (level + 1 > MAX_LEVEL) throw BAIL;
  if (nullAt === 0) noteNullBranch(e, 0);
  e.path.push(1 - nullAt);
  const lowered = emitNode(e, list[1 - nullAt], level + 1, value);
  e.path.pop();
  if (nullAt === 1) noteNullBranch(e, 1);
  return lowered;
}

function noteNullBranch(e: Emit, index: number): void {
  e.path.push(index);
  note(e.ctx, e.at(), 'type', 'rewritten', NULLABLE_DETAIL);
  e.path.pop();
}

/**
 * An optional value: a node whose only subschema keyword is an `anyOf` of one value schema and a
 * `{type: "null"}` branch, beside annotations and plain constraints only (pydantic's
 * `Optional[X]` field). What `lowerGeminiNode` makes of it, without the list, the node's copy or
 * its general checks: the lowered branch merged under the node's own keywords, `nullable: true`,
 * one loss; then the `anyOf` rules of `visitGeminiNode` (the branch may be a union). The general
 * checks would find nothing: every keyword the node adds is allowed and plain, and a lowered branch
 * passes them. `undefined` when the lowered branch is not a schema object or admits only null.
 */
function mergeOptional(e: Emit, node: Schema, branch: unknown): Schema | undefined {
  if (!isNode(branch) || isNullOnly(branch)) return undefined;
  const out = mergeOverBranch(branch, node);
  out.nullable = true;
  note(e.ctx, e.at(), 'type', 'rewritten', NULLABLE_DETAIL);
  return visitGeminiNode(out, e.at, true, false, e.ctx, e.state);
}

function emitList(e: Emit, list: readonly unknown[], level: number, value: boolean): readonly unknown[] {
  let out: unknown[] | undefined;
  for (let i = 0; i < list.length; i++) {
    e.path.push(i);
    const next = emitNode(e, list[i], level + 1, value);
    e.path.pop();
    if (next !== list[i]) {
      if (!out) {
        // A loop, not `slice`: Node 20 slices frozen arrays through a slow generic path.
        out = new Array<unknown>(list.length);
        for (let k = 0; k < list.length; k++) out[k] = list[k];
      }
      out[i] = next;
    }
  }
  return out ?? list;
}

function emitMap(
  e: Emit,
  map: Record<string, unknown>,
  level: number,
  value: boolean,
): Record<string, unknown> {
  let out: Record<string, unknown> | undefined;
  for (const name in map) {
    if (!e.own && !Object.hasOwn(map, name)) continue;
    if (name === '__proto__') throw BAIL;
    const child = map[name];
    // `dependencies` mixes schemas with arrays of names; arrays are not schemas.
    if (Array.isArray(child)) continue;
    e.path.push(name);
    const next = emitNode(e, child, level + 1, value);
    e.path.pop();
    if (next !== child) {
      out ??= { ...map };
      out[name] = next;
    }
  }
  return out ?? map;
}
