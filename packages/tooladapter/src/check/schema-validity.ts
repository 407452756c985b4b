import { checkJsonSchema, normalizeSchemaDraft } from '@toolarsenal/toolmodel';
import type { ViolationList } from './violation.js';

/** Stable rule ids of the JSON Schema validity check, by toolmodel issue code. */
const RULES: Readonly<Record<string, string>> = {
  invalid_schema: 'json-schema.invalid',
  invalid_pattern: 'json-schema.pattern',
  unresolved_ref: 'json-schema.unresolved-ref',
  ref_cycle: 'json-schema.ref-cycle',
  empty_enum: 'json-schema.empty-enum',
};

/**
 * The first step of every dialect's check: is the schema valid JSON Schema at all? Older drafts
 * (named by `$schema`, or recognisable constructs such as `definitions` and tuple `items`) are
 * read as toolmodel normalises them to 2020-12; then the meta-schema, regular expressions, local
 * `$ref`s, `$ref` cycles and empty `enum`s are checked (`checkJsonSchema`). Providers reject such schemas ("JSON
 * schema is invalid"), and toolmodel would refuse to convert them. Returns true when valid.
 * `frame` puts a message in the provider's words.
 */
export function checkSchemaValidity(
  schema: unknown,
  base: string,
  out: ViolationList,
  frame: (message: string) => string = (m) => m,
): boolean {
  if (typeof schema === 'boolean') return true;
  const normalized = normalizeSchemaDraft(schema, base);
  const issues = checkJsonSchema(normalized.schema, base, {
    hasLocalRef: normalized.hasLocalRef,
    hasPattern: normalized.hasPattern,
  });
  for (const issue of issues)
    out.add(issue.pointer, RULES[issue.code] ?? 'json-schema.invalid', frame(issue.message));
  return issues.length === 0;
}
