import { isPlainObject, type JsonSchemaObject, joinPointer } from '@toolarsenal/toolmodel';
import { note, type PassContext } from './context.js';
import { keepItems, someItem } from './list-utils.js';
import { appendTagLines, formatTag } from './description-tags.js';

export type Schema = JsonSchemaObject;

/** The `type` keyword as a list (empty when absent). */
export function typeList(node: Schema): string[] {
  const t = node.type;
  if (typeof t === 'string') return [t];
  if (Array.isArray(t))
    return keepItems(t as unknown[], (x): x is string => typeof x === 'string') as string[];
  return [];
}

/**
 * `typeList(node).includes(name)` without building the list: the stand-in pass asks this of every
 * node, and the lists were most of its allocations.
 */
export function hasType(node: Schema, name: string): boolean {
  return typeValueHas(node.type, name);
}

/** `hasType` on a `type` keyword's value. */
export function typeValueHas(t: unknown, name: string): boolean {
  if (typeof t === 'string') return t === name;
  if (Array.isArray(t)) for (let i = 0; i < t.length; i++) if (t[i] === name) return true;
  return false;
}

/** `typeList(node).length > 0` without building the list. */
function hasSomeType(node: Schema): boolean {
  return typeValueNamesSome(node.type);
}

/** `hasSomeType` on a `type` keyword's value. */
export function typeValueNamesSome(t: unknown): boolean {
  if (typeof t === 'string') return true;
  if (Array.isArray(t)) for (let i = 0; i < t.length; i++) if (typeof t[i] === 'string') return true;
  return false;
}

/** Whether a plain object has an own key (`Object.keys(map).length > 0` without the key list). */
export function hasOwnKey(map: unknown): boolean {
  if (isPlainObject(map)) for (const key in map) if (Object.hasOwn(map, key)) return true;
  return false;
}

/** True for a schema describing objects (by `type` or by `properties`). */
export function isObjectLike(node: Schema): boolean {
  if (hasSomeType(node)) return hasType(node, 'object');
  return isPlainObject(node.properties) || node.additionalProperties !== undefined;
}

/**
 * True when the schema accepts anything (`{}` or only annotations). The keywords are read by name
 * rather than from a list: a load keyed by a changing string is a megamorphic lookup, and the scan
 * and the stand-in pass ask this of every node.
 */
export function isAnySchema(node: unknown): boolean {
  if (node === true) return true;
  if (!isPlainObject(node)) return false;
  return (
    node.type === undefined &&
    node.enum === undefined &&
    node.const === undefined &&
    node.anyOf === undefined &&
    node.oneOf === undefined &&
    node.allOf === undefined &&
    node.$ref === undefined &&
    node.not === undefined &&
    node.properties === undefined &&
    node.items === undefined
  );
}

/** Shallow: does this schema accept `null`? */
export function acceptsNull(node: unknown, depth = 0): boolean {
  if (node === true) return true;
  if (!isPlainObject(node) || depth > 8) return false;
  if (node.nullable === true) return true;
  if (node.const === null) return true;
  if (Array.isArray(node.enum) && node.enum.includes(null)) return true;
  if (typeList(node).includes('null')) return true;
  for (const key of ['anyOf', 'oneOf'] as const) {
    const list = node[key];
    if (Array.isArray(list) && someItem(list as unknown[], (b) => acceptsNull(b, depth + 1))) return true;
  }
  return false;
}

/** Free-form object or map: an object schema without (non-empty) properties that is not closed. */
export function isFreeFormObject(node: Schema): boolean {
  if (!isObjectLike(node)) return false;
  if (hasOwnKey(node.properties)) return false;
  if (node.additionalProperties === false && node.patternProperties === undefined) return false;
  return typeList(node).length <= 1 || !typeList(node).some((t) => t !== 'object' && t !== 'null');
}

/**
 * Replaces `original` by a JSON-string stand-in: `{type:"string"}` whose description says
 * `@contentMediaType "application/json"` and carries the original subschema in `@schema`, so the
 * model sends JSON text, `decode` parses it and `toCanonical` restores the original.
 */
export function jsonStandIn(original: unknown, pointer: string, ctx: PassContext, why: string): Schema {
  const node: Schema = isPlainObject(original) ? { ...original } : original === false ? { not: {} } : {};
  const description = node.description;
  delete node.description;
  const schemaTag = formatTag('schema', node) ?? '@schema {}';
  const lines = ['@contentMediaType "application/json"', schemaTag];
  ctx.argsChanged = true;
  note(
    ctx,
    pointer,
    'type',
    'rewritten',
    `${why}; ${ctx.target} gets a JSON-encoded string instead (decoded back by decode)`,
  );
  const out: Schema = { type: 'string' };
  const desc = appendTagLines(description, lines);
  if (desc !== undefined) out.description = desc;
  return out;
}

/**
 * Moves `keywords` of `node` into its description as tags (or drops them when too large), in place.
 * Returns true when something moved.
 */
export function moveKeywordsToDescription(
  node: Schema,
  keywords: readonly string[],
  pointer: string,
  ctx: PassContext,
  why: string,
): boolean {
  const lines: string[] = [];
  for (const keyword of keywords) {
    if (!(keyword in node)) continue;
    const value = node[keyword];
    delete node[keyword];
    const line = formatTag(keyword, value);
    if (line === undefined) {
      note(
        ctx,
        joinPointer(pointer, keyword),
        keyword,
        'dropped',
        `${why} (too large to keep in the description)`,
      );
    } else {
      lines.push(line);
      note(
        ctx,
        joinPointer(pointer, keyword),
        keyword,
        'moved-to-description',
        `${why}; kept as "${line.slice(0, 60)}"`,
      );
    }
  }
  if (lines.length === 0) return false;
  const desc = appendTagLines(node.description, lines);
  if (desc !== undefined) {
    // Keep `description` where it was in key order when present.
    node.description = desc;
  }
  return true;
}
