import { isPlainObject, joinPointer, jsonEqual, resolveLocalRef } from '@toolarsenal/toolmodel';
import { note, type PassContext } from './context.js';
import { mergeAllOf } from './flatten-all-of.js';
import { isObjectLike, moveKeywordsToDescription, type Schema } from './schema-utils.js';

/**
 * OpenAI and Anthropic reject `oneOf/anyOf/allOf/enum/not` at the root ("input_schema does not
 * support oneOf, allOf, or anyOf at the top level"). `allOf` is merged; object variants of
 * `anyOf`/`oneOf` are merged into one object (properties united, `required` = what every variant
 * requires) with a loss, since the model may then mix fields of different variants; `enum`, `not`
 * and `if/then/else` move into the description. Pure.
 */
export function liftRootCombinators(schema: Schema, base: string, ctx: PassContext): Schema {
  const keys = ['allOf', 'anyOf', 'oneOf', 'enum', 'not', 'if', 'then', 'else'];
  if (!keys.some((k) => k in schema)) return schema;
  const node: Schema = { ...schema };
  if (Array.isArray(node.allOf)) {
    const rest = mergeAllOf(node, base, ctx);
    note(
      ctx,
      joinPointer(base, 'allOf'),
      'allOf',
      'rewritten',
      `root allOf merged into the root object (${ctx.target} rejects root combinators)`,
    );
    if (rest.length > 0) {
      note(
        ctx,
        joinPointer(base, 'allOf'),
        'allOf',
        'dropped',
        'root allOf members that could not be merged were dropped',
      );
    }
  }
  for (const key of ['anyOf', 'oneOf'] as const) {
    const variants = node[key];
    if (!Array.isArray(variants)) continue;
    delete node[key];
    const resolved = variants.map((v) =>
      isPlainObject(v) && typeof v.$ref === 'string' && v.$ref.startsWith('#')
        ? resolveLocalRef(schema, v.$ref)
        : v,
    );
    if (resolved.every((v) => isPlainObject(v) && isObjectLike(v))) {
      const props: Record<string, unknown> = isPlainObject(node.properties) ? { ...node.properties } : {};
      let common: Set<string> | undefined;
      for (const v of resolved as Schema[]) {
        if (isPlainObject(v.properties)) {
          for (const [name, sub] of Object.entries(v.properties)) {
            if (!Object.hasOwn(props, name)) props[name] = sub;
            else if (!jsonEqual(props[name], sub)) {
              note(
                ctx,
                joinPointer(base, key, 'properties', name),
                key,
                'dropped',
                `variants define "${name}" differently; first kept`,
              );
            }
          }
        }
        const req = new Set(Array.isArray(v.required) ? (v.required as string[]) : []);
        common = common === undefined ? req : new Set([...common].filter((r) => req.has(r)));
      }
      node.properties = props;
      const required = [
        ...new Set([...(Array.isArray(node.required) ? (node.required as string[]) : []), ...(common ?? [])]),
      ];
      if (required.length > 0) node.required = required;
      note(
        ctx,
        joinPointer(base, key),
        key,
        'rewritten',
        `root ${key} of ${variants.length} object variants merged into one object (${ctx.target}: "input_schema does not support oneOf, allOf, or anyOf at the top level"); the model may mix fields of different variants`,
      );
    } else {
      note(
        ctx,
        joinPointer(base, key),
        key,
        'dropped',
        `root ${key} with non-object variants dropped (${ctx.target} rejects root combinators)`,
      );
    }
  }
  moveKeywordsToDescription(
    node,
    ['enum', 'not', 'if', 'then', 'else'],
    base,
    ctx,
    `${ctx.target} rejects this keyword at the root`,
  );
  if (node.type === undefined) node.type = 'object';
  return node;
}
