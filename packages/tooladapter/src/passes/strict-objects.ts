import { isPlainObject, joinPointer, mapSchemaShared } from '@toolarsenal/toolmodel';
import { applyPolicyToNode, type KeywordPolicy, nodeBreaksPolicy } from './allow-list.js';
import { note, type PassContext } from './context.js';
import { appendTagLines } from './description-tags.js';
import { acceptsNull, isObjectLike, moveKeywordsToDescription, type Schema } from './schema-utils.js';

export interface CloseObjectsOptions {
  /** OpenAI strict: every property required, optional ones made nullable and tagged `@optional`. */
  requireAll: boolean;
  /** Keyword policy applied in the same walk (saves a pass). */
  policy?: KeywordPolicy;
}

/**
 * Strict-mode objects: every object gets `additionalProperties: false` (a schema-valued
 * `additionalProperties` or `patternProperties` moves into the description); with `requireAll`
 * every property is listed in `required` and each optional one becomes nullable with an
 * `@optional` tag, so `decode` turns `null` back into "absent" and `toCanonical` restores it. Pure.
 */
export function closeObjects(
  schema: Schema,
  base: string,
  ctx: PassContext,
  options: CloseObjectsOptions,
): Schema {
  return mapSchemaShared(
    schema,
    (input, at, owned) => {
      if (!needsClosing(input, options)) return input;
      const node = owned ? input : { ...input };
      if (options.policy) applyPolicyToNode(node, at, ctx, options.policy);
      if (!isObjectLike(node)) return node;
      if (node.additionalProperties !== false) {
        if (isPlainObject(node.additionalProperties) || node.additionalProperties === true) {
          moveKeywordsToDescription(
            node,
            ['additionalProperties'],
            at(),
            ctx,
            `${ctx.target} requires additionalProperties: false`,
          );
        } else {
          note(
            ctx,
            joinPointer(at(), 'additionalProperties'),
            'additionalProperties',
            'added',
            `additionalProperties: false added (${ctx.target}: "'additionalProperties' is required to be supplied and to be false"); extra properties are no longer accepted`,
          );
        }
        node.additionalProperties = false;
      }
      if ('patternProperties' in node || 'propertyNames' in node || 'unevaluatedProperties' in node)
        moveKeywordsToDescription(
          node,
          ['patternProperties', 'propertyNames', 'unevaluatedProperties'],
          at(),
          ctx,
          `${ctx.target} does not support this keyword`,
        );
      if (!isPlainObject(node.properties)) {
        node.properties = {};
        note(
          ctx,
          joinPointer(at(), 'properties'),
          'properties',
          'added',
          'empty properties added to a closed object',
        );
      }
      if (!options.requireAll) return node;
      const props = node.properties as Record<string, unknown>;
      const names = Object.keys(props);
      const required = new Set(Array.isArray(node.required) ? (node.required as string[]) : []);
      const optional = names.filter((n) => !required.has(n));
      if (optional.length === 0) return node;
      const nextProps: Record<string, unknown> = {};
      for (const name of names) {
        nextProps[name] = required.has(name)
          ? props[name]
          : makeOptionalNullable(props[name], joinPointer(at(), 'properties', name), ctx);
      }
      node.properties = nextProps;
      node.required = names;
      ctx.argsChanged = true;
      return node;
    },
    base,
  ) as Schema;
}

function makeOptionalNullable(child: unknown, pointer: string, ctx: PassContext): unknown {
  const already = acceptsNull(child);
  const tag = already ? '@optional "nullable"' : '@optional';
  note(
    ctx,
    pointer,
    'required',
    'rewritten',
    already
      ? 'optional property made required (strict mode); it accepted null already, so null is decoded as "absent"'
      : 'optional property made required and nullable (strict mode); null is decoded as "absent"',
  );
  const node: Schema = isPlainObject(child) ? { ...child } : {};
  if (!already) {
    if (typeof node.type === 'string') node.type = [node.type, 'null'];
    else if (Array.isArray(node.type)) node.type = [...node.type, 'null'];
    if (Array.isArray(node.enum)) node.enum = [...node.enum, null];
    if ('const' in node) {
      node.enum = [node.const, null];
      delete node.const;
    }
    if (node.type === undefined && node.enum === undefined) {
      if (Array.isArray(node.anyOf)) node.anyOf = [...node.anyOf, { type: 'null' }];
      else {
        const { description, ...rest } = node;
        const wrapped: Schema = { anyOf: [rest, { type: 'null' }] };
        if (description !== undefined) wrapped.description = description;
        wrapped.description = appendTagLines(wrapped.description, [tag]);
        return wrapped;
      }
    }
  }
  node.description = appendTagLines(node.description, [tag]);
  return node;
}

/** Whether `closeObjects` would change this node at all (most leaves need nothing). */
function needsClosing(node: Schema, options: CloseObjectsOptions): boolean {
  if (options.policy && nodeBreaksPolicy(node, options.policy)) return true;
  if (!isObjectLike(node)) return false;
  if (node.additionalProperties !== false || !isPlainObject(node.properties)) return true;
  if ('patternProperties' in node || 'propertyNames' in node || 'unevaluatedProperties' in node) return true;
  if (!options.requireAll) return false;
  const required = Array.isArray(node.required) ? node.required : [];
  for (const name in node.properties)
    if (!required.includes(name) && Object.hasOwn(node.properties, name)) return true;
  return false;
}
