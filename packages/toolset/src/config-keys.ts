import type { z } from 'zod';

interface Def {
  type: string;
  shape?: Record<string, z.ZodType>;
  innerType?: z.ZodType;
  element?: z.ZodType;
  in?: z.ZodType;
  options?: readonly z.ZodType[];
  getter?: () => z.ZodType;
  valueType?: z.ZodType;
  left?: z.ZodType;
  right?: z.ZodType;
}

const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'readonly', 'catch', 'nonoptional']);
const MAX_STEPS = 256;

const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

/**
 * The keys an object schema accepts at `path` (inside `schema`), for "did you mean" hints on
 * unknown fields. Follows optional/default/array/union/pipe/lazy/record wrappers; unions give
 * the keys of every branch. Empty when the path leads nowhere known.
 */
export function knownKeysAt(schema: z.ZodType, path: readonly (string | number)[]): string[] {
  const keys = new Set<string>();
  let steps = 0;
  const visit = (node: z.ZodType | undefined, rest: readonly (string | number)[]): void => {
    if (node === undefined || ++steps > MAX_STEPS) return;
    const def = defOf(node);
    if (WRAPPERS.has(def.type)) return visit(def.innerType, rest);
    if (def.type === 'pipe') return visit(def.in, rest);
    if (def.type === 'lazy') return visit(def.getter?.(), rest);
    if (def.type === 'union') {
      for (const option of def.options ?? []) visit(option, rest);
      return;
    }
    if (def.type === 'intersection') {
      visit(def.left, rest);
      visit(def.right, rest);
      return;
    }
    if (rest.length === 0) {
      if (def.type === 'object') for (const key of Object.keys(def.shape ?? {})) keys.add(key);
      return;
    }
    const [head, ...tail] = rest;
    if (def.type === 'object') visit(def.shape?.[String(head)], tail);
    else if (def.type === 'array') visit(def.element, tail);
    else if (def.type === 'record') visit(def.valueType, tail);
  };
  visit(schema, path);
  return [...keys];
}
