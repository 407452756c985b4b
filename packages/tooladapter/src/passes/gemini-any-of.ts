import { isPlainObject, joinPointer, type PointerOf } from '@toolarsenal/toolmodel';
import { note, type PassContext } from './context.js';
import { someItem } from './list-utils.js';
import { appendParagraph, parseDescriptionTags } from './description-tags.js';
import { distributedBranches, foldableKeys } from './distribute-any-of.js';
import type { Schema } from './schema-utils.js';

const RULE = 'Gemini (Vertex): "When using any_of, it must be the only field set"';

/**
 * Gemini rejects a node with `anyOf` and anything else. Constraints next to the `anyOf` (`type`,
 * `nullable` from a lowered null branch, …) are folded into each branch, which keeps the meaning;
 * what cannot be folded is dropped with a loss. Annotations stay for `liftAnyOfAnnotations`, which
 * the parent runs. In place.
 */
export function isolateAnyOf(node: Schema, at: PointerOf, ctx: PassContext): void {
  const keys = foldableKeys(node);
  if (keys.length === 0) return;
  const branches = distributedBranches(node, keys);
  for (const key of keys) delete node[key];
  if (branches) {
    node.anyOf = branches;
    note(
      ctx,
      joinPointer(at(), 'anyOf'),
      'anyOf',
      'rewritten',
      `${keys.map((k) => `"${k}"`).join(', ')} folded into each anyOf branch (same meaning; ${RULE})`,
    );
    return;
  }
  for (const key of keys)
    note(ctx, joinPointer(at(), key), key, 'dropped', `${RULE}; it could not be folded into the branches`);
}

/** True when a child of `node` is an `anyOf` node that still carries annotations. */
export function hasAnnotatedAnyOfChild(node: Schema): boolean {
  if (isAnnotatedAnyOf(node.items)) return true;
  if (Array.isArray(node.anyOf) && someItem(node.anyOf as unknown[], isAnnotatedAnyOf)) return true;
  const props = node.properties;
  if (isPlainObject(props))
    for (const name in props) if (isAnnotatedAnyOf(props[name]) && Object.hasOwn(props, name)) return true;
  return false;
}

function isAnnotatedAnyOf(value: unknown): value is Schema {
  if (!isPlainObject(value) || !Array.isArray(value.anyOf)) return false;
  for (const key in value) if (key !== 'anyOf' && Object.hasOwn(value, key)) return true;
  return false;
}

/**
 * Leaves every `anyOf` child of `node` with its `anyOf` alone. A property's description (else
 * its title, unless that only repeats the name) moves into this node's description as
 * `<name>: <text>`, an array's items' as `items: <text>`, so the model still reads it; everything
 * else (defaults, examples, the text of an `anyOf` branch, whose parent cannot hold a
 * description either) is dropped with a loss. In place; `node` must be owned.
 */
export function liftAnyOfAnnotations(node: Schema, at: PointerOf, ctx: PassContext): void {
  const lift = (child: Schema, label: string | undefined, pointer: string): Schema => {
    const { anyOf, description, title, ...rest } = child;
    let text: string | undefined;
    if (typeof description === 'string') {
      const parsed = parseDescriptionTags(description);
      text = parsed.description;
      for (const keyword of parsed.tags.keys())
        note(ctx, joinPointer(pointer, keyword), keyword, 'dropped', `${RULE} (was kept in the description)`);
    }
    if (text === undefined && typeof title === 'string' && !repeatsName(title, label)) text = title;
    const moved = label !== undefined && text !== undefined && text.trim() !== '';
    if (moved) {
      node.description = appendParagraph(node.description, `${label}: ${text}`);
      note(
        ctx,
        joinPointer(pointer, typeof description === 'string' ? 'description' : 'title'),
        typeof description === 'string' ? 'description' : 'title',
        'moved-to-description',
        `${RULE}; moved to the parent's description as "${label}: …"`,
      );
    }
    const dropped = Object.keys(rest);
    if (typeof description === 'string' && !moved) dropped.push('description');
    if (typeof title === 'string' && !(moved && typeof description !== 'string')) dropped.push('title');
    for (const key of dropped) note(ctx, joinPointer(pointer, key), key, 'dropped', RULE);
    return { anyOf };
  };
  const base = at();
  const props = node.properties;
  if (isPlainObject(props) && Object.keys(props).some((name) => isAnnotatedAnyOf(props[name]))) {
    const next: Record<string, unknown> = {};
    for (const name of Object.keys(props)) {
      const child = props[name];
      next[name] = isAnnotatedAnyOf(child) ? lift(child, name, joinPointer(base, 'properties', name)) : child;
    }
    node.properties = next;
  }
  if (isAnnotatedAnyOf(node.items)) node.items = lift(node.items, 'items', joinPointer(base, 'items'));
  if (Array.isArray(node.anyOf) && someItem(node.anyOf as unknown[], isAnnotatedAnyOf))
    node.anyOf = node.anyOf.map((b, i) =>
      isAnnotatedAnyOf(b) ? lift(b, undefined, joinPointer(base, 'anyOf', i)) : b,
    );
}

/** Generated titles (pydantic: `search_term` → "Search Term") say nothing the name does not. */
function repeatsName(title: string, name: string | undefined): boolean {
  if (name === undefined) return false;
  const squash = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, '');
  return squash(title) === squash(name);
}
