import { isPlainObject, joinPointer, mapSubschemas } from '@toolarsenal/toolmodel';
import { note, type PassContext } from './context.js';
import {
  isAnySchema,
  isFreeFormObject,
  isObjectLike,
  jsonStandIn,
  type Schema,
  typeList,
} from './schema-utils.js';

/** Keywords whose subschemas describe (part of) an argument value, so a stand-in keeps the meaning. */
const VALUE_KEYWORDS: ReadonlySet<string> = new Set([
  'properties',
  'patternProperties',
  'additionalProperties',
  'items',
  'prefixItems',
  'anyOf',
  'oneOf',
]);

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
 * Arrays without `items` get a stand-in for their items. Top-down, so each stand-in carries the
 * original subschema. The root is never replaced. Pure.
 */
export function replaceInexpressible(
  schema: Schema,
  base: string,
  ctx: PassContext,
  options: StandInOptions,
): Schema {
  const maxDepth = options.maxObjectDepth ?? Number.POSITIVE_INFINITY;
  const wants = (node: unknown, depth: number): string | undefined => {
    if (options.anySchemas && isAnySchema(node)) return 'a schema that accepts any value';
    if (!isPlainObject(node)) return undefined;
    if (options.freeFormObjects && isFreeFormObject(node))
      return 'a free-form object/map (no fixed properties)';
    if (options.tuples && Array.isArray(node.prefixItems)) return 'a tuple (prefixItems)';
    if (options.emptyObjects && isObjectLike(node) && !hasProperties(node))
      return 'an object without properties';
    if (depth > maxDepth && typeList(node).includes('object'))
      return `object nesting deeper than ${maxDepth} levels`;
    return undefined;
  };
  const go = (node: unknown, pointer: string, depth: number, keyword: string | undefined): unknown => {
    if (keyword !== undefined && VALUE_KEYWORDS.has(keyword)) {
      const why = wants(node, depth);
      if (why !== undefined) return jsonStandIn(node, pointer, ctx, `${why} is not expressible`);
    }
    if (!isPlainObject(node)) return node;
    const nextDepth = typeList(node).includes('object') || isPlainObject(node.properties) ? depth + 1 : depth;
    const out = mapSubschemas(node, pointer, (child, childPointer, childKeyword) =>
      go(child, childPointer, childKeyword === '$defs' ? 1 : nextDepth, childKeyword),
    );
    for (const key of ['anyOf', 'oneOf'] as const) {
      const list = out[key];
      if (!Array.isArray(list) || list.length < 2) continue;
      const possible = list.filter((b) => !isNever(b));
      if (possible.length > 0 && possible.length < list.length) {
        out[key] = possible;
        note(
          ctx,
          joinPointer(pointer, key),
          key,
          'dropped',
          'branch that accepts no value ({"not": {}}) removed; the meaning is unchanged',
        );
      }
    }
    if (typeList(out).includes('array') && out.items === undefined && !Array.isArray(out.prefixItems)) {
      out.items = jsonStandIn({}, joinPointer(pointer, 'items'), ctx, 'array without "items" (any item)');
    }
    return out;
  };
  return go(schema, base, 1, undefined) as Schema;
}

/** `false` or `{not: {}}`: a subschema no value satisfies. */
function isNever(b: unknown): boolean {
  if (b === false) return true;
  if (!isPlainObject(b) || !('not' in b)) return false;
  const keys = Object.keys(b).filter((k) => k !== 'description' && k !== 'title');
  return keys.length === 1 && (b.not === true || (isPlainObject(b.not) && Object.keys(b.not).length === 0));
}

function hasProperties(node: Schema): boolean {
  return isPlainObject(node.properties) && Object.keys(node.properties).length > 0;
}
