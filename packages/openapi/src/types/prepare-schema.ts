import {
  cloneJson,
  escapePointerSegment,
  getAtPointer,
  isPlainObject,
  type JsonSchema,
  type JsonSchemaObject,
  mapSchema,
  parsePointer,
  walkSchema,
} from '@toolarsenal/toolmodel';
import { pascalCase, type UniqueNames } from './type-names.js';

const DEF_KEYWORDS = ['$defs', 'definitions'] as const;

/** json-schema-to-typescript knows draft-07 tuples (`items: [...]`, `additionalItems`), not 2020-12 ones. */
export function tupleForCompiler(node: JsonSchemaObject): void {
  if (!Array.isArray(node.prefixItems)) return;
  if (node.items !== undefined) node.additionalItems = node.items;
  node.items = node.prefixItems;
  delete node.prefixItems;
}

/**
 * Makes a tool schema safe to compile next to every other tool's: `title`s are removed (they would
 * become declarations with clashing names), `$defs` get names unique in the whole file
 * (`<Tool><Input|Output><Def>`), and a `$ref` to any other place of the schema
 * (`#/properties/data/items`, which json-schema-to-typescript would declare under the bare name of
 * its last segment, `Items`, in every tool that has one) points at a new `$defs` entry named the
 * same way. Every `$ref` is rewritten to match; one to a `$defs` entry declared once for all tools
 * (`shared`: local name → declaration name) becomes that declaration's name.
 */
export function prepareForTypes(
  schema: JsonSchema,
  prefix: string,
  names: UniqueNames,
  shared: ReadonlyMap<string, string> = new Map(),
): JsonSchema {
  if (typeof schema === 'boolean') return schema;
  const copy = cloneJson(schema);
  const renames = new Map<string, string>();
  const declared = new Map<string, string>();
  const defs: Record<string, unknown> = {};
  const define = (ref: string, hint: string, body: unknown) => {
    const name = names.take(`${prefix}${pascalCase(hint)}`);
    renames.set(ref, `#/$defs/${name}`);
    defs[name] = body;
  };
  for (const keyword of DEF_KEYWORDS) {
    const map = copy[keyword];
    if (!isPlainObject(map)) continue;
    for (const [key, body] of Object.entries(map)) {
      const ref = `#/${keyword}/${escapePointerSegment(key)}`;
      const global = shared.get(key);
      if (global === undefined) define(ref, key, body);
      else declared.set(ref, global);
    }
  }
  walkSchema(copy, ({ schema: node }) => {
    const ref = node.$ref;
    // `#` (the whole schema) is the declaration itself; json-schema-to-typescript names it already.
    if (typeof ref !== 'string' || !ref.startsWith('#/') || renames.has(ref) || declared.has(ref)) return;
    const target = getAtPointer(copy, ref);
    if (target === undefined) return;
    define(ref, parsePointer(ref).pop() || 'Schema', target);
  });
  for (const keyword of DEF_KEYWORDS) delete copy[keyword];
  if (Object.keys(defs).length > 0) copy.$defs = defs as Record<string, JsonSchema>;
  return mapSchema(copy, (node) => {
    const out: JsonSchemaObject = { ...node };
    delete out.title;
    tupleForCompiler(out);
    if (typeof out.$ref !== 'string') return out;
    const global = declared.get(out.$ref);
    if (global === undefined) {
      out.$ref = renames.get(out.$ref) ?? out.$ref;
      return out;
    }
    // A `$defs` entry declared once for every tool that has it: referred to by name.
    delete out.$ref;
    out.tsType = global;
    return out;
  }) as JsonSchema;
}
