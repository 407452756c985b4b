import {
  escapePointerSegment,
  FORBIDDEN_KEYS,
  isPlainObject,
  mapSchemaLazy,
  unescapePointerSegment,
} from '@toolarsenal/toolmodel';
import { ConversionError } from '../errors.js';

const COMPONENT_PREFIX = '#/components/schemas/';
/** Most component schemas one tool may pull in (a guard against pathological documents). */
const MAX_COMPONENTS = 2_000;

/**
 * Makes a schema taken from an OpenAPI document self-contained: references to
 * `#/components/schemas/Name` become `#/$defs/Name`, and every component reached (transitively)
 * is copied into `defs`. Recursive components stay recursive through `$defs`. Pure except for
 * `defs`, which callers share across the schemas of one tool.
 */
export function localizeSchema(
  schema: unknown,
  document: Record<string, unknown> | undefined,
  defs: Record<string, unknown>,
  pointer: string,
): unknown {
  const components =
    document && isPlainObject(document.components) && isPlainObject(document.components.schemas)
      ? document.components.schemas
      : undefined;
  if (!components) return schema;
  const pending: string[] = [];
  // Documents reach here through assertSafeJson (depth ≤ 128), well within the walk's level bound.
  const rewrite = (node: unknown): unknown =>
    mapSchemaLazy(node, (copy) => {
      const ref = copy.$ref;
      if (typeof ref !== 'string' || !ref.startsWith(COMPONENT_PREFIX)) return copy;
      const name = unescapePointerSegment(ref.slice(COMPONENT_PREFIX.length));
      if (FORBIDDEN_KEYS.has(name) || !Object.hasOwn(components, name)) return copy;
      if (!Object.hasOwn(defs, name) && !pending.includes(name)) pending.push(name);
      copy.$ref = `#/$defs/${escapePointerSegment(name)}`;
      return copy;
    });
  const result = rewrite(schema);
  while (pending.length > 0) {
    const name = pending.shift()!;
    if (Object.keys(defs).length >= MAX_COMPONENTS)
      throw new ConversionError(
        'limit-exceeded',
        pointer,
        `schema pulls in more than ${MAX_COMPONENTS} component schemas`,
      );
    defs[name] = {};
    defs[name] = rewrite(components[name]);
  }
  return result;
}
