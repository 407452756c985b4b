import { ConversionError } from '../errors.js';
import type { DialectLimits } from '../types.js';
import { countSchema } from './scan.js';
import type { Schema } from './schema-utils.js';

/** Throws a typed error when a lowered schema exceeds the target's property or enum limits. */
export function enforceLimits(
  schema: Schema,
  base: string,
  limits: DialectLimits,
  target: string,
  checkChars = false,
): void {
  enforceScanLimits(countSchema(schema), base, limits, target, checkChars);
}

/** Same as `enforceLimits` with counts already measured. */
export function enforceScanLimits(
  m: { properties: number; enumValues: number; enumChars: number },
  base: string,
  limits: DialectLimits,
  target: string,
  checkChars = false,
): void {
  if (checkChars && limits.maxSchemaChars !== undefined && m.enumChars > limits.maxSchemaChars) {
    throw new ConversionError(
      'limit-exceeded',
      base,
      `property names and enum values total ${m.enumChars} characters, over ${target}'s limit of ${limits.maxSchemaChars} (option limits.maxSchemaChars)`,
    );
  }
  if (m.properties > limits.maxProperties) {
    throw new ConversionError(
      'limit-exceeded',
      base,
      `${m.properties} properties exceed ${target}'s limit of ${limits.maxProperties} (option limits.maxProperties)`,
    );
  }
  if (m.enumValues > limits.maxEnumValues) {
    throw new ConversionError(
      'limit-exceeded',
      base,
      `${m.enumValues} enum values exceed ${target}'s limit of ${limits.maxEnumValues} (option limits.maxEnumValues)`,
    );
  }
}
