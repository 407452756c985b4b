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
 * `type` is intersected with a branch's own, `required` lists united, `properties` maps united
 * (when no `additionalProperties` depends on them); any other keyword a branch already has must
 * be equal.
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
      } else if (key === 'required' && Array.isArray(value) && Array.isArray(own.required)) {
        // Both lists must hold: their union.
        merged.required = [...new Set([...value, ...own.required])];
      } else if (key === 'properties') {
        const both = mergedProperties(node, own);
        if (both === undefined) return undefined;
        merged.properties = both;
      } else if (!jsonEqual(own[key], value)) return undefined;
    }
    for (const key of Object.keys(own)) if (!Object.hasOwn(merged, key)) merged[key] = own[key];
    // A branch that is itself an `anyOf` passes what it received on to its own branches.
    if (Array.isArray(merged.anyOf)) {
      const inner = foldableKeys(merged);
      if (inner.length > 0) {
        const nested = distributedBranches(merged, inner);
        if (nested === undefined) return undefined;
        for (const key of inner) delete merged[key];
        merged.anyOf = nested;
      }
    }
    out.push(merged);
  }
  return out;
}

/**
 * `properties` of the node and of a branch together: each property is checked on its own, so the
 * union says both, as long as nothing else depends on the property list (`additionalProperties`
 * and the like, on either side) and a property both define is defined alike.
 */
function mergedProperties(node: Schema, own: Schema): Record<string, unknown> | undefined {
  const a = node.properties;
  const b = own.properties;
  if (!isPlainObject(a) || !isPlainObject(b)) return undefined;
  for (const k of ['additionalProperties', 'patternProperties', 'unevaluatedProperties'])
    if (Object.hasOwn(node, k) || Object.hasOwn(own, k)) return undefined;
  const out: Record<string, unknown> = { ...a };
  for (const name of Object.keys(b)) {
    if (Object.hasOwn(out, name) && !jsonEqual(out[name], b[name])) return undefined;
    out[name] = b[name];
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
 * Folds the `type` next to every `anyOf` into its branches (see `distributedBranches`), so each
 * branch says on its own what kind of value it accepts: strict grammars need a `type` in every
 * branch, and a branch such as `{format: "ipv4"}` would otherwise read as "any value" (and become
 * a JSON-string stand-in). Other constraints stay on the node: folding them too would repeat
 * enums and properties in every branch, against the targets' size limits (Gemini, which wants
 * `anyOf` alone, folds the rest itself). Same meaning; annotations stay. Pure; records each rewrite.
 */
export function distributeIntoAnyOf(schema: Schema, base: string, ctx: PassContext): Schema {
  return mapSchemaShared(
    schema,
    (node, at, owned) => {
      if (!Array.isArray(node.anyOf) || node.type === undefined) return node;
      const branches = distributedBranches(node, TYPE_ONLY);
      if (!branches) return node;
      const out: Schema = owned ? node : { ...node };
      delete out.type;
      out.anyOf = branches;
      note(
        ctx,
        joinPointer(at(), 'anyOf'),
        'anyOf',
        'rewritten',
        `"type" folded into each anyOf branch (same meaning; ${ctx.target} reads each branch on its own)`,
      );
      return out;
    },
    base,
  ) as Schema;
}

const TYPE_ONLY = ['type'];
