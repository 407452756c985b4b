import type { ErrorObject, ValidateFunction } from 'ajv';
import { createAjv } from './ajv.js';
import type { ValidationIssue } from './errors.js';
import { getAtPointer, joinPointer } from './json-pointer.js';
import { isCertainlyValidSchema } from './meta-fast-check.js';
import { walkSchema } from './schema-walk.js';

const META_2020_12 = 'https://json-schema.org/draft/2020-12/schema';
let fastMeta: ValidateFunction | undefined;
let fullMeta: ValidateFunction | undefined;

/** Stops at the first error: the common, valid case stays fast. */
function getMetaValidator(): ValidateFunction {
  fastMeta ??= createAjv({ validateFormats: false, allErrors: false }).getSchema(META_2020_12)!;
  return fastMeta;
}

/** Collects every error; only run once a schema is known to be invalid. */
function getFullMetaValidator(): ValidateFunction {
  fullMeta ??= createAjv({ validateFormats: false, allErrors: true }).getSchema(META_2020_12)!;
  return fullMeta;
}

/**
 * Checks that `schema` is a valid JSON Schema 2020-12 document (against the meta-schema) whose
 * local `$ref`s resolve. Issues are located under `basePointer` (e.g. `/inputSchema`).
 * Expects a schema already normalised to 2020-12 and free of `$schema`.
 * `options.hasLocalRef: false` (from `normalizeSchemaDraft`) skips the walk that resolves local refs.
 */
export function checkJsonSchema(
  schema: unknown,
  basePointer: string,
  options: { hasLocalRef?: boolean } = {},
): ValidationIssue[] {
  if (typeof schema === 'boolean') return [];
  if (schema === null || typeof schema !== 'object' || Array.isArray(schema)) {
    return [
      {
        pointer: basePointer,
        code: 'invalid_schema',
        message: 'a JSON Schema must be an object or a boolean',
      },
    ];
  }
  const issues: ValidationIssue[] = [];
  let valid: boolean;
  try {
    // The key-driven check settles the common case; anything it is unsure about goes to ajv.
    valid = isCertainlyValidSchema(schema) || (getMetaValidator()(schema) as boolean);
  } catch (error) {
    return [
      {
        pointer: basePointer,
        code: 'invalid_schema',
        message: `schema could not be checked: ${(error as Error).message}`,
      },
    ];
  }
  // The official meta-schema has the last word (and the full error list) whenever the fast one refuses.
  if (!valid) {
    const full = getFullMetaValidator();
    if (!full(schema)) issues.push(...summariseMetaErrors(full.errors ?? [], basePointer));
  }
  // Callers that just normalised the schema know whether any local $ref exists (no second walk needed).
  if (options.hasLocalRef === false) return issues;
  walkSchema(schema, ({ schema: node, pointer }) => {
    const ref = node.$ref;
    if (typeof ref === 'string' && ref.startsWith('#/') && getAtPointer(schema, ref) === undefined) {
      issues.push({
        pointer: joinPointer(basePointer + pointer, '$ref'),
        code: 'unresolved_ref',
        message: `$ref "${ref}" points at nothing inside this schema`,
      });
    }
  });
  return issues;
}

/** One readable issue per location: ajv reports every failed branch of the meta-schema's anyOfs. */
function summariseMetaErrors(errors: ErrorObject[], basePointer: string): ValidationIssue[] {
  const byPath = new Map<string, ErrorObject[]>();
  for (const e of errors) {
    const list = byPath.get(e.instancePath) ?? [];
    list.push(e);
    byPath.set(e.instancePath, list);
  }
  const issues: ValidationIssue[] = [];
  for (const [path, list] of byPath) {
    const keyword = path.split('/').pop() || '(root)';
    const primary =
      list.find((e) => e.keyword === 'enum') ?? list.find((e) => e.keyword !== 'anyOf') ?? list[0]!;
    const allowed =
      primary.keyword === 'enum'
        ? ` (allowed: ${(primary.params as { allowedValues: unknown[] }).allowedValues.join(', ')})`
        : '';
    issues.push({
      pointer: basePointer + path,
      code: 'invalid_schema',
      message: `not valid JSON Schema 2020-12: "${keyword}" ${primary.message ?? 'is invalid'}${allowed}`,
    });
  }
  return issues;
}
