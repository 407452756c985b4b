import { type SchemaScan, scanSchema } from '../passes/scan.js';
import type { DialectLimits } from '../types.js';
import type { ViolationList } from './violation.js';

/** Size limits shared by every dialect: properties, enum values, nesting. Returns the scan it measured. */
export function checkLimits(
  schema: unknown,
  base: string,
  limits: DialectLimits,
  out: ViolationList,
  rulePrefix: string,
  checkDepth: boolean,
): SchemaScan {
  const scan = scanSchema(schema);
  const { properties, enumValues, objectDepth: depth } = scan;
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
    if (depth > limits.maxNestingDepth)
      out.add(
        base,
        `${rulePrefix}.max-nesting`,
        `schema nests objects ${depth} levels deep; the limit is ${limits.maxNestingDepth}`,
      );
  }
  return scan;
}
