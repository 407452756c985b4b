import { joinPointer, mapSchemaLazy } from '@toolarsenal/toolmodel';
import { note, type PassContext } from './context.js';
import { type Schema, typeList } from './schema-utils.js';

/** Adds `items: {}` to arrays without `items` (OpenAI: "array schema missing items."). Pure. */
export function addMissingItems(schema: Schema, base: string, ctx: PassContext): Schema {
  return mapSchemaLazy(
    schema,
    (node, at) => {
      if (!typeList(node).includes('array') || node.items !== undefined || node.prefixItems !== undefined)
        return node;
      node.items = {};
      note(
        ctx,
        joinPointer(at(), 'items'),
        'items',
        'added',
        `items: {} added (${ctx.target}: "array schema missing items.")`,
      );
      return node;
    },
    base,
  ) as Schema;
}
