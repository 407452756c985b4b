/** Helpers of the openapi-operation codec (the layout itself is `../openapi-layout.ts`). */
import { isPlainObject, walkSchema } from '@toolarsenal/toolmodel';

/** `$id` prefix given to exported schemas with local `$ref`s, so `#/…` resolves inside the schema. */
export const SCHEMA_ID_PREFIX = 'urn:toolarsenal:schema:';

export const DEFAULT_RESPONSE_DESCRIPTION = 'Successful response';

/** True when the schema holds a `$ref` that is local to it (`#…`). */
export function hasLocalRef(schema: unknown): boolean {
  let found = false;
  walkSchema(schema, ({ schema: node }) => {
    if (typeof node.$ref === 'string' && node.$ref.startsWith('#')) found = true;
  });
  return found;
}

/**
 * In an OpenAPI 3.1 document a `#/…` reference inside an inline schema resolves against the
 * document root. An `$id` makes the schema its own resource so its local references keep working.
 */
export function anchorSchema(schema: unknown, id: string): unknown {
  if (!isPlainObject(schema) || schema.$id !== undefined || !hasLocalRef(schema)) return schema;
  return { $id: `${SCHEMA_ID_PREFIX}${id}`, ...schema };
}

/** `$id` suffix of a parameter/body schema that carries the input root's `$defs` with it. */
const ROOT_DEFS_SUFFIX = ':root-defs';

/**
 * Parameter and body schemas are split off the tool's input root; when they reference the root's
 * `$defs` (as @toolarsenal/openapi writes large specs), the definitions travel along.
 */
export function withRootDefs(
  schema: unknown,
  defs: Record<string, unknown> | undefined,
  id: string,
): unknown {
  if (!defs || !isPlainObject(schema) || schema.$id !== undefined || schema.$defs !== undefined)
    return schema;
  if (!hasLocalRef(schema)) return schema;
  return { $id: `${SCHEMA_ID_PREFIX}${id}${ROOT_DEFS_SUFFIX}`, ...schema, $defs: defs };
}

/** Inverse of `withRootDefs`: the schema without the carried definitions, and the definitions. */
export function takeRootDefs(schema: unknown): { schema: unknown; defs?: Record<string, unknown> } {
  if (
    !isPlainObject(schema) ||
    typeof schema.$id !== 'string' ||
    !schema.$id.startsWith(SCHEMA_ID_PREFIX) ||
    !schema.$id.endsWith(ROOT_DEFS_SUFFIX) ||
    !isPlainObject(schema.$defs)
  )
    return { schema };
  const { $id: _id, $defs, ...rest } = schema;
  return { schema: rest, defs: $defs };
}

/** Removes an `$id` added by `anchorSchema`. */
export function unanchorSchema(schema: unknown): unknown {
  if (
    !isPlainObject(schema) ||
    typeof schema.$id !== 'string' ||
    !schema.$id.startsWith(SCHEMA_ID_PREFIX) ||
    schema.$id.endsWith(ROOT_DEFS_SUFFIX)
  )
    return schema;
  const { $id: _id, ...rest } = schema;
  return rest;
}
