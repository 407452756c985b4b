import {
  escapePointerSegment,
  isPlainObject,
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
import { enforceLimits, enforceScanLimits } from './limits.js';
import type { GeminiPlan, SchemaScan } from './scan.js';
import { jsonStandIn, moveKeywordsToDescription, type Schema } from './schema-utils.js';
import { isValueKeyword, standInReason, type StandInOptions } from './stand-ins.js';

/** Root keywords `liftRootCombinators` rewrites: with none of them it returns the root as it is. */
const ROOT_COMBINATOR_KEYS = ['allOf', 'anyOf', 'oneOf', 'enum', 'not', 'if', 'then', 'else'];
/** The level `mapSchemaShared` stops descending at; the emitter hands deeper schemas back. */
const MAX_LEVEL = 256;
/** The Gemini pipeline's stand-ins that the emitter decides on the way down (see `emitGeminiSchema`). */
const GEMINI_STAND_INS: StandInOptions = {
  freeFormObjects: true,
  anySchemas: true,
  tuples: true,
  emptyObjects: true,
};

/**
 * Whether the Gemini pipeline, for a schema with this scan, is only the stand-ins replacing
 * subschemas and `lowerToGeminiSchema` (every other pass would return its input): no `$schema`,
 * refs, `allOf`, `oneOf`, nothing else for the stand-in or anyOf-distribution passes (decided by
 * the caller) and no root combinator. Those schemas are what `emitGeminiSchema` lowers in one walk.
 */
export function emitterCovers(schema: Schema, scan: SchemaScan): boolean {
  const has = (k: string) => scan.keywords.has(k);
  if (has('$schema') || has('$ref') || has('allOf') || has('oneOf')) return false;
  for (let i = 0; i < ROOT_COMBINATOR_KEYS.length; i++) if (ROOT_COMBINATOR_KEYS[i]! in schema) return false;
  return true;
}

/**
 * The Gemini plan for a schema, kept on its scan (a frozen schema's scan is kept by the pipeline,
 * so a tool converted again costs no keyword lookups). `covered` is the rest of the decision:
 * no anyOf distribution and no stand-in work beyond the emitter's, which live with the pipeline.
 */
export function geminiPlan(
  schema: Schema,
  scan: SchemaScan,
  depth: number,
  covered: (scan: SchemaScan, depth: number) => boolean,
): GeminiPlan {
  const known = scan.gemini;
  if (known !== undefined && known.depth === depth) return known;
  const has = (k: string) => scan.keywords.has(k);
  const plan: GeminiPlan = {
    depth,
    emit: emitterCovers(schema, scan) && covered(scan, depth),
    grows: has('anyOf') || scan.typeLists,
    consts: scan.consts,
  };
  scan.gemini = plan;
  return plan;
}

/**
 * The general pipeline's limit check on a lowered schema. Where lowering can grow the schema
 * (`grows`: `anyOf`, `oneOf`, type lists) that pipeline counts the result. Besides what the
 * caller knows may add some (`adds`: `allOf`, or consts that could push the enum values over the
 * limit), the only rewrite that adds properties or enum values is folding an `anyOf` node's
 * constraints into its branches (`lowered.folded`), so otherwise the result holds at most the
 * input's counts, and when those are within the limits the count walk could not throw.
 */
export function enforceLoweredLimits(
  lowered: { schema: Schema; folded: boolean },
  grows: boolean,
  adds: boolean,
  scan: SchemaScan,
  base: string,
  ctx: PassContext,
): void {
  const { limits, target } = ctx;
  if (!grows) {
    enforceScanLimits(scan, base, limits, target);
    return;
  }
  const within = scan.properties <= limits.maxProperties && scan.enumValues <= limits.maxEnumValues;
  if (lowered.folded || adds || !within) enforceLimits(lowered.schema, base, limits, target);
}

/** Thrown inside the walk for what it hands back to the general path. */
const BAIL: unique symbol = Symbol('gemini-emit bail');

interface Emit {
  readonly ctx: PassContext;
  /** Where the stand-ins' losses go when the walk decides them (they precede the Gemini losses). */
  readonly standIns: PassContext | undefined;
  readonly state: GeminiWalkState;
  readonly path: Array<string | number>;
  readonly at: PointerOf;
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
    const out = emitNode({ ctx, standIns: standInCtx, state, path, at }, schema, 0, false) as Schema;
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
  if (!isPlainObject(node)) return node;
  if (level > MAX_LEVEL) throw BAIL;
  let copy: Schema | undefined;
  // Some keyword Gemini lacks; the own ones in key order (what `lowerGeminiNode` moves).
  let unknown = false;
  let extra: string[] | undefined;
  let hasConst = false;
  let present = 0;
  let keys = 0;
  let subschemaKeys = 0;
  let anyOf: readonly unknown[] | undefined;
  // Read in the key loop: a load in for-in by the enumerated key is cheap, where `node.type`
  // (a different hidden class at every node) is a megamorphic lookup.
  let type: unknown;
  for (const key in node) {
    keys++;
    let kind = keyKind(key);
    if (kind === NOT_ALLOWED) {
      if (key === '__proto__') throw BAIL;
      unknown = true;
      // A literal for the first: most nodes have one, and a push onto `[]` reserves 17 slots.
      if (Object.hasOwn(node, key)) {
        if (extra === undefined) extra = [key];
        else extra.push(key);
      }
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
    if (!Object.hasOwn(node, key)) continue;
    subschemaKeys++;
    const value = node[key];
    let next: unknown = value;
    // The stand-in pass also looks at boolean subschemas (`true` accepts anything).
    const standIn = e.standIns !== undefined && isValueKeyword(key);
    e.path.push(key);
    if (kind & SUBSCHEMA_LIST && Array.isArray(value)) {
      next = emitList(e, value, level, standIn);
      if (key === 'anyOf') anyOf = next as readonly unknown[];
    } else if (kind & SUBSCHEMA_MAP && isPlainObject(value)) next = emitMap(e, value, level, standIn);
    else if (kind & SUBSCHEMA_SINGLE && (isPlainObject(value) || (standIn && typeof value === 'boolean')))
      next = emitNode(e, value, level + 1, standIn);
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
  const input = copy ?? node;
  if (!unknown) {
    if (present === HAS_ANY_OF && subschemaKeys === 1 && type === undefined && anyOf?.length === 2) {
      const optional = emitOptional(e, input, anyOf);
      if (optional !== undefined) return optional;
    }
  } else if (
    extra !== undefined &&
    !hasConst &&
    (present & HAS_ANY_OF) === 0 &&
    !geminiValuesNeedChange(input, present, type)
  ) {
    // Only keywords to move (a closed object's `additionalProperties: false`, `examples`, …):
    // every other step of `lowerGeminiNode` would find nothing to do.
    const out = copy ?? { ...node };
    moveKeywordsToDescription(out, extra, e.at(), e.ctx, UNKNOWN_FIELD_DETAIL);
    return visitGeminiNode(out, e.at, true, false, e.ctx, e.state);
  }
  const needsChange = unknown || geminiValuesNeedChange(input, present, type);
  // What `visitGeminiNode` returns for a node it leaves alone that has no `anyOf`, while no
  // `anyOf` has been seen below it (the usual leaf).
  if (!needsChange && (present & HAS_ANY_OF) === 0 && !e.state.anyOfSeen) return input;
  return visitGeminiNode(input, e.at, copy !== undefined, needsChange, e.ctx, e.state);
}

/**
 * An optional value: a node whose only subschema keyword is an `anyOf` of one value schema and one
 * null-only branch (both lowered already), beside annotations and plain constraints only
 * (pydantic's `Optional[X]` field). What `lowerGeminiNode` makes of it, without its general
 * checks: the branch merged under the node's own keywords, `nullable: true`, one loss; then the
 * `anyOf` rules of `visitGeminiNode` (the branch may be a union). The general checks would find
 * nothing: every keyword the node adds is allowed and plain, and a lowered branch passes them.
 * `undefined` for any other two-branch `anyOf`.
 */
function emitOptional(e: Emit, node: Schema, anyOf: readonly unknown[]): Schema | undefined {
  const first = anyOf[0];
  const second = anyOf[1];
  let branch: unknown;
  if (isNullOnly(second)) branch = first;
  else if (isNullOnly(first)) branch = second;
  if (!isPlainObject(branch) || isNullOnly(branch)) return undefined;
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
    if (!Object.hasOwn(map, name)) continue;
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
