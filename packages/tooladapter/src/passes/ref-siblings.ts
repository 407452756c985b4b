import { mapSchemaLazy } from '@toolarsenal/toolmodel';
import { note, type PassContext } from './context.js';
import type { Schema } from './schema-utils.js';

const ALLOWED_NEXT_TO_REF = new Set(['$ref', 'description', 'default']);

/**
 * Gemini's JSON Schema: "If a schema node has $ref set, then only description and default can be
 * set alongside it". Other siblings stay, and the ref moves into a one-branch `anyOf` (same
 * meaning in 2020-12). Pure; records each rewrite.
 */
export function isolateRefSiblings(schema: Schema, base: string, ctx: PassContext): Schema {
  return mapSchemaLazy(
    schema,
    (node, at) => {
      if (typeof node.$ref !== 'string') return node;
      if (Object.keys(node).every((k) => ALLOWED_NEXT_TO_REF.has(k))) return node;
      const { $ref, ...rest } = node;
      // With an anyOf already there a one-branch anyOf cannot be added without changing the meaning.
      if (rest.anyOf !== undefined) return node;
      note(
        ctx,
        `${at()}/$ref`,
        '$ref',
        'rewritten',
        '$ref with sibling keywords moved into a one-branch anyOf',
      );
      return { ...rest, anyOf: [{ $ref }] };
    },
    base,
  ) as Schema;
}
