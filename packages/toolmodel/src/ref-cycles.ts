import type { ValidationIssue } from './errors.js';
import { joinPointer, tryParsePointer } from './json-pointer.js';
import { isPlainObject } from './safe-json.js';
import { type JsonSchemaObject, walkSchema } from './schema-walk.js';

/** Keywords that apply their subschemas to the same instance (they do not descend into it). */
const SAME_INSTANCE_LISTS = ['allOf', 'anyOf', 'oneOf'] as const;
const SAME_INSTANCE_SINGLE = ['not', 'if', 'then', 'else'] as const;

const MAX_CYCLES = 20;

/**
 * `$ref` cycles that never reach a structural keyword: `A → B → A` where each step applies to the
 * same value (`$ref`, `allOf`/`anyOf`/`oneOf`, `not`, `if`/`then`/`else`, `dependentSchemas`).
 * Such a schema has no meaning — a validator recurses forever ("Maximum call stack size
 * exceeded") and converters emit self-references. A cycle through `properties`, `items` and the
 * like is ordinary recursion (a tree of nodes) and is fine. Each cycle is reported once, at the
 * `$ref` that closes it, with the pointers it runs through. Only local refs (`#`, `#/…`) are followed.
 */
export function findRefCycles(schema: unknown, basePointer = ''): ValidationIssue[] {
  const nodes = new Map<string, JsonSchemaObject>();
  let refs = 0;
  walkSchema(schema, ({ schema: node, pointer }) => {
    nodes.set(pointer, node);
    if (typeof node.$ref === 'string') refs++;
  });
  if (refs === 0) return [];

  const issues: ValidationIssue[] = [];
  // 1 = on the current path, 2 = finished (no cycle reachable that was not reported already).
  const state = new Map<string, 1 | 2>();
  const reported = new Set<string>();
  for (const start of nodes.keys()) {
    if (state.has(start) || typeof nodes.get(start)!.$ref !== 'string') continue;
    const path: string[] = [start];
    const pending: string[][] = [sameInstanceEdges(start, nodes)];
    state.set(start, 1);
    while (path.length > 0 && issues.length < MAX_CYCLES) {
      const next = pending[pending.length - 1]!.pop();
      if (next === undefined) {
        state.set(path.pop()!, 2);
        pending.pop();
        continue;
      }
      const seen = state.get(next);
      if (seen === 2) continue;
      if (seen === 1) {
        const cycle = path.slice(path.indexOf(next));
        const key = [...cycle].sort().join('\n');
        if (!reported.has(key)) {
          reported.add(key);
          issues.push(cycleIssue(cycle, nodes, basePointer));
        }
        continue;
      }
      state.set(next, 1);
      path.push(next);
      pending.push(sameInstanceEdges(next, nodes));
    }
  }
  return issues;
}

/** Pointers of the subschemas applied to the same value as the node at `pointer`. */
function sameInstanceEdges(pointer: string, nodes: Map<string, JsonSchemaObject>): string[] {
  const node = nodes.get(pointer)!;
  const out: string[] = [];
  if (typeof node.$ref === 'string') {
    const target = refTarget(node.$ref);
    if (target !== undefined && nodes.has(target)) out.push(target);
  }
  for (const keyword of SAME_INSTANCE_LISTS) {
    const list = node[keyword];
    if (Array.isArray(list))
      for (let i = 0; i < list.length; i++) {
        const child = joinPointer(pointer, keyword, i);
        if (nodes.has(child)) out.push(child);
      }
  }
  for (const keyword of SAME_INSTANCE_SINGLE) {
    const child = joinPointer(pointer, keyword);
    if (isPlainObject(node[keyword]) && nodes.has(child)) out.push(child);
  }
  const dependent = node.dependentSchemas;
  if (isPlainObject(dependent))
    for (const name of Object.keys(dependent)) {
      const child = joinPointer(pointer, 'dependentSchemas', name);
      if (nodes.has(child)) out.push(child);
    }
  return out;
}

/** The walk's pointer for a local `$ref` (`#` → `""`, `#/$defs/a%20b` → `/$defs/a b`). */
function refTarget(ref: string): string | undefined {
  if (ref !== '#' && !ref.startsWith('#/')) return undefined;
  const segments = tryParsePointer(ref);
  return segments === undefined ? undefined : joinPointer('', ...segments);
}

function cycleIssue(
  cycle: readonly string[],
  nodes: Map<string, JsonSchemaObject>,
  basePointer: string,
): ValidationIssue {
  // Report at the last `$ref` of the cycle: the step that leads back to its start.
  let closing = cycle[cycle.length - 1]!;
  for (const pointer of cycle) if (typeof nodes.get(pointer)!.$ref === 'string') closing = pointer;
  const route = [...cycle, cycle[0]!].map((p) => `#${p}`).join(' → ');
  return {
    pointer: joinPointer(basePointer + closing, '$ref'),
    code: 'ref_cycle',
    message: `$ref cycle ${route} never reaches a property or item: the schema refers to itself without describing any value (validation would never end)`,
  };
}
