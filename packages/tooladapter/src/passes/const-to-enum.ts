import { joinPointer, mapSchemaLazy } from '@toolarsenal/toolmodel';
import { note, type PassContext } from './context.js';
import type { Schema } from './schema-utils.js';

/** `const: v` → `enum: [v]` (same meaning; for targets without `const`). Pure; records each rewrite. */
export function constToEnum(schema: Schema, base: string, ctx: PassContext): Schema {
  return mapSchemaLazy(
    schema,
    (node, at) => {
      if (!('const' in node)) return node;
      const out: Schema = {};
      for (const key of Object.keys(node)) {
        if (key === 'const') {
          if (node.enum === undefined) out.enum = [node.const];
        } else out[key] = node[key];
      }
      note(
        ctx,
        joinPointer(at(), 'const'),
        'const',
        'rewritten',
        `const → single-value enum (${ctx.target} has no const)`,
      );
      return out;
    },
    base,
  ) as Schema;
}
