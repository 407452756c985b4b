import { joinPointer, mapSchemaLazy } from '@toolarsenal/toolmodel';
import { note, type PassContext } from './context.js';
import type { Schema } from './schema-utils.js';

/** `oneOf` → `anyOf` everywhere (exclusivity is no longer enforced). Pure; records each rewrite. */
export function oneOfToAnyOf(schema: Schema, base: string, ctx: PassContext): Schema {
  return mapSchemaLazy(
    schema,
    (node, at) => {
      if (!Array.isArray(node.oneOf)) return node;
      const out: Schema = {};
      for (const key of Object.keys(node)) {
        if (key === 'oneOf') {
          out.anyOf = Array.isArray(node.anyOf) ? node.anyOf : node.oneOf;
          if (Array.isArray(node.anyOf))
            out.allOf = [...((node.allOf as unknown[]) ?? []), { anyOf: node.oneOf }];
        } else if (!(key === 'anyOf' && out.anyOf !== undefined)) out[key] = node[key];
      }
      note(
        ctx,
        joinPointer(at(), 'oneOf'),
        'oneOf',
        'rewritten',
        `oneOf → anyOf (${ctx.target}: "'oneOf' is not permitted"); exactly-one is no longer enforced`,
      );
      return out;
    },
    base,
  ) as Schema;
}
