import { isPlainObject, joinPointer, mapSchemaShared, type PointerOf } from '@toolarsenal/toolmodel';
import { note, type PassContext } from './context.js';
import { keepItems } from './list-utils.js';
import {
  hasOwnKey,
  hasType,
  isAnySchema,
  isFreeFormObject,
  isObjectLike,
  jsonStandIn,
  type Schema,
} from './schema-utils.js';

/** Keywords whose subschemas describe (part of) an argument value, so a stand-in keeps the meaning. */
export function isValueKeyword(keyword: string): boolean {
  switch (keyword) {
    case 'properties':
    case 'patternProperties':
    case 'additionalProperties':
    case 'items':
    case 'prefixItems':
    case 'anyOf':
    case 'oneOf':
      return true;
    default:
      return false;
  }
}

export interface StandInOptions {
  /** Free-form objects and maps (no properties, not closed). */
  freeFormObjects: boolean;
  /** `{}` / `true` subschemas (accept anything). */
  anySchemas: boolean;
  /** Tuples (`prefixItems`). */
  tuples: boolean;
  /** Objects without properties even when closed (Gemini: "should be non-empty for OBJECT type"). */
  emptyObjects?: boolean;
  /** Object nesting deeper than this is replaced (OpenAI strict: 10 levels). */
  maxObjectDepth?: number;
}

/**
 * Replaces subschemas a target cannot express by JSON-string stand-ins (see `jsonStandIn`): the
 * model sends JSON text, `decode` parses it, `toCanonical` restores the original subschema.
 * Arrays without `items` get a stand-in for their items. Decided on the way down, so each stand-in
 * carries the original subschema; unchanged subtrees are shared. The root is never replaced. Pure.
 */
export function replaceInexpressible(
  schema: Schema,
  base: string,
  ctx: PassContext,
  options: StandInOptions,
): Schema {
  const maxDepth = options.maxObjectDepth ?? Number.POSITIVE_INFINITY;
  // Object nesting below each node on the current path (the root counts as level 1).
  const below: number[] = [];
  return mapSchemaShared(
    schema,
    (input, at, owned) => {
      below.pop();
      return finishNode(input, at, owned, ctx);
    },
    base,
    (node, at, keyword, descends) => {
      const depth = keyword === undefined ? 1 : keyword === '$defs' ? 1 : below[below.length - 1]!;
      if (keyword !== undefined && isValueKeyword(keyword)) {
        const why = standInReason(node, options, depth, maxDepth);
        if (why !== undefined) return jsonStandIn(node, at(), ctx, `${why} is not expressible`);
      }
      if (descends) {
        const isObject = isPlainObject(node) && (hasType(node, 'object') || isPlainObject(node.properties));
        below.push(isObject ? depth + 1 : depth);
      }
      return undefined;
    },
  ) as Schema;
}

const ANY_REASON = 'a schema that accepts any value';
const TUPLE_REASON = 'a tuple (prefixItems)';

/**
 * Why `node` (a subschema under a value keyword, `depth` object levels down) needs a stand-in
 * under `options`, or `undefined` when the target can express it.
 */
export function standInReason(
  node: unknown,
  options: StandInOptions,
  depth = 1,
  maxDepth = Number.POSITIVE_INFINITY,
): string | undefined {
  if (!isPlainObject(node)) return options.anySchemas && node === true ? ANY_REASON : undefined;
  // Most subschemas have one type that is not "object": none of the rules below but the tuple's
  // can hold, and this answers with two reads instead of a dozen (a different shape every node).
  const type = node.type;
  if (typeof type === 'string' && type !== 'object')
    return options.tuples && Array.isArray(node.prefixItems) ? TUPLE_REASON : undefined;
  if (options.anySchemas && isAnySchema(node)) return ANY_REASON;
  if (options.freeFormObjects && isFreeFormObject(node))
    return 'a free-form object/map (no fixed properties)';
  if (options.tuples && Array.isArray(node.prefixItems)) return TUPLE_REASON;
  if (options.emptyObjects && isObjectLike(node) && !hasProperties(node))
    return 'an object without properties';
  if (depth > maxDepth && hasType(node, 'object')) return `object nesting deeper than ${maxDepth} levels`;
  return undefined;
}

/** After a node's children: drop `anyOf`/`oneOf` branches no value satisfies; give arrays `items`. */
function finishNode(input: Schema, at: PointerOf, owned: boolean, ctx: PassContext): Schema {
  let out = input;
  for (const key of ['anyOf', 'oneOf'] as const) {
    const list = out[key];
    if (!Array.isArray(list) || list.length < 2) continue;
    const possible = keepItems(list as unknown[], (b) => !isNever(b));
    if (possible.length > 0 && possible.length < list.length) {
      if (out === input && !owned) out = { ...input };
      out[key] = possible;
      note(
        ctx,
        joinPointer(at(), key),
        key,
        'dropped',
        'branch that accepts no value ({"not": {}}) removed; the meaning is unchanged',
      );
    }
  }
  if (hasType(out, 'array') && out.items === undefined && !Array.isArray(out.prefixItems)) {
    if (out === input && !owned) out = { ...input };
    out.items = jsonStandIn({}, joinPointer(at(), 'items'), ctx, 'array without "items" (any item)');
  }
  return out;
}

/** `false` or `{not: {}}`: a subschema no value satisfies. */
function isNever(b: unknown): boolean {
  if (b === false) return true;
  if (!isPlainObject(b) || !('not' in b)) return false;
  const keys = Object.keys(b).filter((k) => k !== 'description' && k !== 'title');
  return keys.length === 1 && (b.not === true || (isPlainObject(b.not) && Object.keys(b.not).length === 0));
}

function hasProperties(node: Schema): boolean {
  return hasOwnKey(node.properties);
}
