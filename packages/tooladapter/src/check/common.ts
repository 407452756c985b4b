import { isPlainObject, joinPointer, walkSchema } from '@toolarsenal/toolmodel';
import type { DialectLimits } from '../types.js';
import type { ViolationList } from './violation.js';

/** Deepest object nesting (root object = 1). */
export function objectDepth(schema: unknown, level = 0): number {
  if (!isPlainObject(schema) || level > 300) return 0;
  let max = 0;
  const isObj =
    schema.type === 'object' ||
    (Array.isArray(schema.type) && schema.type.includes('object')) ||
    isPlainObject(schema.properties);
  for (const key of ['properties', '$defs', 'patternProperties'] as const) {
    const map = schema[key];
    if (isPlainObject(map))
      for (const v of Object.values(map)) max = Math.max(max, objectDepth(v, level + 1));
  }
  for (const key of ['items', 'additionalProperties'] as const)
    max = Math.max(max, objectDepth(schema[key], level + 1));
  for (const key of ['anyOf', 'oneOf', 'allOf', 'prefixItems'] as const) {
    const list = schema[key];
    if (Array.isArray(list)) for (const v of list) max = Math.max(max, objectDepth(v, level + 1));
  }
  return max + (isObj ? 1 : 0);
}

/** Size limits shared by every dialect: properties, enum values, nesting. */
export function checkLimits(
  schema: unknown,
  base: string,
  limits: DialectLimits,
  out: ViolationList,
  rulePrefix: string,
  checkDepth: boolean,
): void {
  let properties = 0;
  let enumValues = 0;
  walkSchema(schema, ({ schema: node }) => {
    if (isPlainObject(node.properties)) properties += Object.keys(node.properties).length;
    if (Array.isArray(node.enum)) enumValues += node.enum.length;
  });
  if (properties > limits.maxProperties)
    out.add(
      base,
      `${rulePrefix}.max-properties`,
      `schema has ${properties} properties; the limit is ${limits.maxProperties}`,
    );
  if (enumValues > limits.maxEnumValues)
    out.add(
      base,
      `${rulePrefix}.max-enum-values`,
      `schema has ${enumValues} enum values; the limit is ${limits.maxEnumValues}`,
    );
  if (checkDepth) {
    const depth = objectDepth(schema);
    if (depth > limits.maxNestingDepth)
      out.add(
        base,
        `${rulePrefix}.max-nesting`,
        `schema nests objects ${depth} levels deep; the limit is ${limits.maxNestingDepth}`,
      );
  }
}

/** Local `$ref`s that resolve nowhere, and recursion (for targets that forbid it). */
export function refTargets(
  schema: unknown,
  base: string,
  visit: (pointer: string, ref: string) => void,
): void {
  walkSchema(schema, ({ schema: node, pointer }) => {
    if (typeof node.$ref === 'string') visit(joinPointer(base + pointer, '$ref'), node.$ref);
  });
}
