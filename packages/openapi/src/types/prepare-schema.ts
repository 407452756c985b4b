import { cloneJson, isPlainObject, type JsonSchema, mapSchema } from '@toolarsenal/toolmodel';
import { pascalCase, type UniqueNames } from './type-names.js';

/**
 * Makes a tool schema safe to compile next to every other tool's: `title`s are removed (they would
 * become declarations with clashing names) and `$defs` are renamed to names unique in the whole file
 * (`<Tool><Input|Output><Def>`), with the `$ref`s that point at them rewritten.
 */
export function prepareForTypes(schema: JsonSchema, prefix: string, names: UniqueNames): JsonSchema {
  if (typeof schema === 'boolean') return schema;
  const copy = cloneJson(schema);
  const renames = new Map<string, string>();
  if (isPlainObject(copy.$defs)) {
    const defs: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(copy.$defs)) {
      const name = names.take(`${prefix}${pascalCase(key)}`);
      renames.set(`#/$defs/${key}`, `#/$defs/${name}`);
      defs[name] = value;
    }
    copy.$defs = defs;
  }
  return mapSchema(copy, (node) => {
    const out = { ...node };
    delete out.title;
    if (typeof out.$ref === 'string') out.$ref = renames.get(out.$ref) ?? out.$ref;
    return out;
  }) as JsonSchema;
}
