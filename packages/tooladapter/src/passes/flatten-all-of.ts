import { isPlainObject, joinPointer, jsonEqual, mapSchemaLazy } from '@toolarsenal/toolmodel';
import { note, type PassContext } from './context.js';
import type { Schema } from './schema-utils.js';

const ANNOTATIONS = new Set(['description', 'title', 'default', 'examples', '$comment']);

/**
 * Merges the members of `allOf` into `node` (in place on a copy). Properties and `required` are
 * united; the same keyword with different values keeps the first and records a loss.
 * Returns the members that could not be merged (booleans `false`, unresolved `$ref`s).
 */
export function mergeAllOf(node: Schema, pointer: string, ctx: PassContext): unknown[] {
  const members = node.allOf as unknown[];
  delete node.allOf;
  const rest: unknown[] = [];
  members.forEach((member, i) => {
    const at = joinPointer(pointer, 'allOf', i);
    if (member === true) return;
    if (!isPlainObject(member) || typeof member.$ref === 'string') {
      rest.push(member);
      return;
    }
    for (const key of Object.keys(member)) {
      const value = member[key];
      const current = Object.hasOwn(node, key) ? node[key] : undefined;
      if (current === undefined) {
        node[key] = value;
      } else if (key === 'properties' && isPlainObject(current) && isPlainObject(value)) {
        const merged: Record<string, unknown> = { ...current };
        for (const [name, sub] of Object.entries(value)) {
          if (!Object.hasOwn(merged, name) || jsonEqual(merged[name], sub)) merged[name] = sub;
          else if (jsonEqual(sub, {}) || sub === true) continue;
          else
            note(
              ctx,
              joinPointer(at, 'properties', name),
              'allOf',
              'dropped',
              `conflicting definition of "${name}" in allOf; first kept`,
            );
        }
        node.properties = merged;
      } else if (key === 'required' && Array.isArray(current) && Array.isArray(value)) {
        node.required = [...new Set([...current, ...value])];
      } else if (!jsonEqual(current, value) && !ANNOTATIONS.has(key)) {
        note(
          ctx,
          joinPointer(at, key),
          key,
          'dropped',
          `allOf member's "${key}" conflicts with another; first kept`,
        );
      }
    }
  });
  return rest;
}

function isRefOnly(member: unknown): boolean {
  return isPlainObject(member) && typeof member.$ref === 'string' && Object.keys(member).length === 1;
}

/** Flattens every `allOf` into its parent, bottom-up. Pure; records each flattening. */
export function flattenAllOf(schema: Schema, base: string, ctx: PassContext): Schema {
  return mapSchemaLazy(
    schema,
    (node, at) => {
      if (!Array.isArray(node.allOf)) return node;
      const rest = mergeAllOf(node, at(), ctx);
      if (rest.length === 1 && isRefOnly(rest[0]) && Object.keys(node).every((k) => ANNOTATIONS.has(k))) {
        // `allOf: [{$ref}]` plus annotations (OpenAPI's way to describe a referenced schema) is the
        // reference itself: keep it as a `$ref` so a target that allows recursion keeps it too.
        node.$ref = (rest[0] as Schema).$ref;
      } else if (rest.length > 0) node.allOf = rest;
      note(
        ctx,
        joinPointer(at(), 'allOf'),
        'allOf',
        'rewritten',
        `allOf flattened into one schema (${ctx.target} does not accept allOf)`,
      );
      return node;
    },
    base,
  ) as Schema;
}
