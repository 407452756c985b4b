import {
  cloneJson,
  escapePointerSegment,
  FORBIDDEN_KEYS,
  isPlainObject,
  unescapePointerSegment,
} from '@toolarsenal/toolmodel';
import { ConversionError } from '../errors.js';

const COMPONENT_PREFIX = '#/components/schemas/';
/** Most component schemas one tool may pull in (a guard against pathological documents). */
const MAX_COMPONENTS = 2_000;
const MAX_DEPTH = 128;

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
  const rewrite = (node: unknown, depth: number): unknown => {
    if (depth > MAX_DEPTH)
      throw new ConversionError('limit-exceeded', pointer, `schema nested deeper than ${MAX_DEPTH} levels`);
    if (Array.isArray(node)) return node.map((item) => rewrite(item, depth + 1));
    if (!isPlainObject(node)) return node;
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(node)) {
      if (FORBIDDEN_KEYS.has(key)) continue;
      if (key === '$ref' && typeof value === 'string' && value.startsWith(COMPONENT_PREFIX)) {
        const name = unescapePointerSegment(value.slice(COMPONENT_PREFIX.length));
        if (!FORBIDDEN_KEYS.has(name) && Object.hasOwn(components, name)) {
          if (!Object.hasOwn(defs, name) && !pending.includes(name)) pending.push(name);
          out.$ref = `#/$defs/${escapePointerSegment(name)}`;
          continue;
        }
      }
      out[key] = rewrite(value, depth + 1);
    }
    return out;
  };
  const result = rewrite(schema, 0);
  while (pending.length > 0) {
    const name = pending.shift()!;
    if (Object.keys(defs).length >= MAX_COMPONENTS)
      throw new ConversionError(
        'limit-exceeded',
        pointer,
        `schema pulls in more than ${MAX_COMPONENTS} component schemas`,
      );
    defs[name] = {};
    defs[name] = rewrite(cloneJson(components[name]), 0);
  }
  return result;
}
