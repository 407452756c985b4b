import { isPlainObject, joinPointer, jsonEqual, mapSchemaShared } from '@toolarsenal/toolmodel';
import { note, type PassContext } from './context.js';
import type { Schema } from './schema-utils.js';

/** Keywords that stay on the `anyOf` node: annotations and schema-resource keywords, not constraints. */
const STAYS: ReadonlySet<string> = new Set([
  'anyOf',
  'description',
  'title',
  'default',
  'examples',
  'example',
  '$comment',
  'deprecated',
  'readOnly',
  'writeOnly',
  '$defs',
  '$id',
  '$anchor',
  '$dynamicAnchor',
]);

/**
 * Keywords whose meaning depends on a sibling in the same schema object (`additionalProperties`
 * on `properties`, `items` on `prefixItems`, …): moving one next to another of its group would
 * change what either means, so such nodes are left as they are.
 */
const GROUPS: ReadonlyArray<ReadonlySet<string>> = [
  new Set(['properties', 'patternProperties', 'additionalProperties', 'unevaluatedProperties']),
  new Set(['prefixItems', 'items', 'unevaluatedItems']),
  new Set(['contains', 'minContains', 'maxContains']),
  new Set(['if', 'then', 'else']),
];

/** The constraint keywords of an `anyOf` node that `distributedBranches` would fold into its branches. */
export function foldableKeys(node: Schema): string[] {
  return Object.keys(node).filter((k) => !STAYS.has(k));
}

/**
 * The branches of `node.anyOf` with the node's other constraints folded in: `K ∧ (B1 ∨ B2)` is
 * `(K ∧ B1) ∨ (K ∧ B2)`, so `{type: "string", anyOf: [{format: "ipv4"}, {format: "ipv6"}]}` says
 * the same as `{anyOf: [{type: "string", format: "ipv4"}, {type: "string", format: "ipv6"}]}`.
 * `type` is intersected with a branch's own; any other keyword a branch already has must be equal.
 * `undefined` when folding would change the meaning (a differing value, a `$ref` branch, keywords
 * that depend on their siblings) or when there is nothing to fold.
 */
export function distributedBranches(
  node: Schema,
  keys: readonly string[] = foldableKeys(node),
): unknown[] | undefined {
  const branches = node.anyOf;
  if (!Array.isArray(branches) || keys.length === 0) return undefined;
  const out: unknown[] = [];
  for (const branch of branches) {
    if (branch === false) {
      out.push(branch);
      continue;
    }
    if (branch !== true && !isPlainObject(branch)) return undefined;
    const own: Schema = branch === true ? {} : branch;
    if (typeof own.$ref === 'string') return undefined;
    // The folded constraints first (`type` leads, as people write it), then the branch's own.
    const merged: Schema = {};
    for (const key of keys) {
      const value = node[key];
      if (!Object.hasOwn(own, key)) {
        const group = GROUPS.find((g) => g.has(key));
        if (group && Object.keys(own).some((k) => k !== key && group.has(k))) return undefined;
        merged[key] = value;
      } else if (key === 'type') {
        const type = intersectTypes(value, own.type);
        if (type === undefined) return undefined;
        merged.type = type;
      } else if (!jsonEqual(own[key], value)) return undefined;
    }
    for (const key of Object.keys(own)) if (!Object.hasOwn(merged, key)) merged[key] = own[key];
    out.push(merged);
  }
  return out;
}

function intersectTypes(a: unknown, b: unknown): unknown {
  const list = (t: unknown) => (typeof t === 'string' ? [t] : Array.isArray(t) ? t : undefined);
  const la = list(a);
  const lb = list(b);
  if (!la || !lb) return undefined;
  // `integer` is a kind of `number`: their intersection is `integer`.
  const both = la.flatMap((x) =>
    lb.includes(x)
      ? [x]
      : (x === 'number' && lb.includes('integer')) || (x === 'integer' && lb.includes('number'))
        ? ['integer']
        : [],
  );
  const unique = [...new Set(both)];
  if (unique.length === 0) return undefined;
  return unique.length === 1 ? unique[0] : unique;
}

/**
 * Folds the constraints next to every `anyOf` into its branches (see `distributedBranches`), so
 * each branch says on its own what it accepts: strict grammars need a `type` in every branch, and
 * a branch such as `{format: "ipv4"}` would otherwise read as "any value" (and become a JSON-string
 * stand-in). Same meaning; annotations stay on the node. Pure; records each rewrite.
 */
export function distributeIntoAnyOf(schema: Schema, base: string, ctx: PassContext): Schema {
  return mapSchemaShared(
    schema,
    (node, at, owned) => {
      if (!Array.isArray(node.anyOf)) return node;
      const keys = foldableKeys(node);
      const branches = distributedBranches(node, keys);
      if (!branches) return node;
      const out: Schema = owned ? node : { ...node };
      for (const key of keys) delete out[key];
      out.anyOf = branches;
      note(
        ctx,
        joinPointer(at(), 'anyOf'),
        'anyOf',
        'rewritten',
        `${keys.map((k) => `"${k}"`).join(', ')} folded into each anyOf branch (same meaning; ${ctx.target} reads each branch on its own)`,
      );
      return out;
    },
    base,
  ) as Schema;
}
