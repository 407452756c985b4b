import { isPlainObject, walkSchema } from '@toolarsenal/toolmodel';

/**
 * The layout shared with @toolarsenal/openapi: a tool imported from an operation has an input
 * object with one property per parameter location plus `body`, and `sourceMeta.openapi` records
 * how to put each value back on the wire.
 */
export const PARAMETER_GROUPS = ['path', 'query', 'header', 'cookie'] as const;
export type ParameterGroup = (typeof PARAMETER_GROUPS)[number];

export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

/** Marks operations exported from tools without OpenAPI origin: the whole JSON body is the input. */
export const BODY_INPUT_EXTENSION = 'x-toolarsenal-input';
/** MCP-style annotations ride along as an extension so the round trip keeps them. */
export const ANNOTATIONS_EXTENSION = 'x-toolarsenal-annotations';
/** Set when the grouped input root was closed (`additionalProperties: false`), which parameters cannot express. */
export const CLOSED_INPUT_EXTENSION = 'x-toolarsenal-closed-input';
/** Canonical fields without an OpenAPI keyword (namespace, version, examples, capabilities…). */
export const TOOL_EXTENSION = 'x-toolarsenal-tool';
/** `$id` prefix given to exported schemas with local `$ref`s, so `#/…` resolves inside the schema. */
export const SCHEMA_ID_PREFIX = 'urn:toolarsenal:schema:';

export const DEFAULT_RESPONSE_DESCRIPTION = 'Successful response';

export interface OpenApiOperationValue {
  path: string;
  method: HttpMethod;
  operation: Record<string, unknown>;
}

export function isHttpMethod(value: unknown): value is HttpMethod {
  return typeof value === 'string' && (HTTP_METHODS as readonly string[]).includes(value);
}

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
