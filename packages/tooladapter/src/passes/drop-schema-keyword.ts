import { mapSchemaLazy } from '@toolarsenal/toolmodel';
import { note, type PassContext } from './context.js';
import type { Schema } from './schema-utils.js';

/**
 * Removes `$schema` everywhere (targets take the dialect as given; Gemini rejects the field).
 * Canonical schemas have none — toolmodel normalises them to 2020-12 — so this matters for
 * schemas lowered directly with `lowerSchema`. Pure; records each removal.
 */
export function dropSchemaKeyword(schema: Schema, base: string, ctx: PassContext): Schema {
  return mapSchemaLazy(
    schema,
    (node, at) => {
      if (!('$schema' in node)) return node;
      note(ctx, `${at()}/$schema`, '$schema', 'dropped', `$schema ${String(node.$schema)} removed`);
      delete node.$schema;
      return node;
    },
    base,
  ) as Schema;
}
