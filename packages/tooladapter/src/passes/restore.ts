import {
  cloneJson,
  InvalidArgumentError,
  isPlainObject,
  joinPointer,
  mapSchema,
} from '@toolarsenal/toolmodel';
import type { Loss } from '../types.js';
import { parseDescriptionTags } from './description-tags.js';
import type { Schema } from './schema-utils.js';

export interface RestoreOptions {
  /** Read Gemini's `nullable: true` back as a JSON Schema null type. */
  nullable: boolean;
}

/**
 * Undoes what lowering left marks for, bottom-up and pure: description tags become keywords
 * again, JSON-string stand-ins (`@schema`) become the original subschema, `@optional` properties
 * lose the `null` strict mode added and leave `required`, Gemini `@enum` string enums get their
 * original values, `nullable` becomes a null type. Each restoration is reported.
 */
export function restoreSchema(
  schema: unknown,
  base: string,
  losses: Loss[],
  options: RestoreOptions = { nullable: false },
): unknown {
  if (typeof base !== 'string') throw new InvalidArgumentError('base', 'a JSON pointer', base);
  if (!Array.isArray(losses))
    throw new InvalidArgumentError('losses', 'an array to collect losses in', losses);
  if (!isPlainObject(options)) throw new InvalidArgumentError('options', 'an object ({nullable})', options);
  const optional = new WeakMap<object, 'added' | 'nullable'>();
  return mapSchema(
    schema,
    (input, pointer) => {
      let node: Schema = input;
      let kind: 'added' | 'nullable' | undefined;
      if (typeof node.description === 'string') {
        const { description, tags } = parseDescriptionTags(node.description);
        if (tags.size > 0) {
          if (description === undefined) delete node.description;
          else node.description = description;
          const original = tags.get('schema');
          if (original !== undefined && isPlainObject(original)) {
            const out: Schema = cloneJson(original) as Schema;
            if (description !== undefined) out.description = description;
            // A stand-in can also be a strict-mode optional property: keep that mark for the parent.
            if (tags.has('optional')) optional.set(out, tags.get('optional') === true ? 'added' : 'nullable');
            losses.push({
              pointer,
              keyword: 'type',
              action: 'restored',
              detail: 'JSON-string stand-in restored to the original subschema',
            });
            return out;
          }
          const enumValues = tags.get('enum');
          const enumRestored = Array.isArray(enumValues) && node.format === 'enum';
          if (enumRestored) {
            node.enum = enumValues;
            delete node.format;
            if (tags.has('type')) node.type = tags.get('type');
            else delete node.type;
            losses.push({
              pointer: joinPointer(pointer, 'enum'),
              keyword: 'enum',
              action: 'restored',
              detail: 'original enum values restored',
            });
          }
          for (const [keyword, value] of tags) {
            if (enumRestored && (keyword === 'enum' || keyword === 'type')) continue;
            if (keyword === 'optional') {
              kind = value === true ? 'added' : 'nullable';
              continue;
            }
            node[keyword] = value;
            losses.push({
              pointer: joinPointer(pointer, keyword),
              keyword,
              action: 'restored',
              detail: `${keyword} restored from the description`,
            });
          }
        }
      }
      if (options.nullable && node.nullable !== undefined) node = restoreNullable(node, pointer, losses);
      if (kind === 'added') node = removeAddedNull(node);
      node = restoreOptionalChildren(node, pointer, losses, optional);
      if (kind !== undefined) optional.set(node, kind);
      return node;
    },
    base,
  );
}

function restoreOptionalChildren(
  node: Schema,
  pointer: string,
  losses: Loss[],
  optional: WeakMap<object, 'added' | 'nullable'>,
): Schema {
  if (!isPlainObject(node.properties) || !Array.isArray(node.required)) return node;
  const props = node.properties;
  const required = (node.required as unknown[]).filter((name) => {
    const child = typeof name === 'string' && Object.hasOwn(props, name) ? props[name] : undefined;
    return !(typeof child === 'object' && child !== null && optional.has(child));
  });
  if (required.length === node.required.length) return node;
  losses.push({
    pointer: joinPointer(pointer, 'required'),
    keyword: 'required',
    action: 'restored',
    detail: 'strict-mode optional properties made optional again',
  });
  if (required.length === 0) delete node.required;
  else node.required = required;
  return node;
}

function removeAddedNull(node: Schema): Schema {
  if (Array.isArray(node.type)) {
    const types = node.type.filter((t) => t !== 'null');
    node.type = types.length === 1 ? types[0] : types;
  }
  if (Array.isArray(node.enum)) node.enum = node.enum.filter((v) => v !== null);
  if (Array.isArray(node.anyOf)) {
    const branches = node.anyOf.filter(
      (b) => !(isPlainObject(b) && b.type === 'null' && Object.keys(b).length === 1),
    );
    const others = Object.keys(node).filter((k) => k !== 'anyOf' && k !== 'description');
    if (branches.length === 1 && isPlainObject(branches[0]) && others.length === 0) {
      const out: Schema = { ...branches[0] };
      if (node.description !== undefined) out.description = node.description;
      return out;
    }
    node.anyOf = branches;
  }
  return node;
}

function restoreNullable(node: Schema, pointer: string, losses: Loss[]): Schema {
  const nullable = node.nullable === true;
  delete node.nullable;
  if (!nullable) return node;
  if (typeof node.type === 'string') node.type = [node.type, 'null'];
  else if (Array.isArray(node.anyOf)) node.anyOf = [...node.anyOf, { type: 'null' }];
  else if (node.type === undefined && node.enum === undefined) node.type = 'null';
  if (Array.isArray(node.enum) && !node.enum.includes(null)) node.enum = [...node.enum, null];
  losses.push({
    pointer: joinPointer(pointer, 'nullable'),
    keyword: 'nullable',
    action: 'restored',
    detail: 'nullable: true restored as a null type',
  });
  return node;
}
