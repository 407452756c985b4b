import type { ErrorObject, ValidateFunction } from 'ajv';
import { createAjv } from './ajv.js';
import type { ValidationIssue } from './errors.js';
import { joinPointer, resolveLocalRef } from './json-pointer.js';
import { isCertainlyValidSchema } from './meta-fast-check.js';
import { findRefCycles } from './ref-cycles.js';
import { invalidPatternReason } from './regex-check.js';
import { isPlainObject } from './safe-json.js';
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

/** What the caller already knows about a normalised schema (from `normalizeSchemaDraft`). */
export interface CheckJsonSchemaOptions {
  /** `false`: no local `$ref` anywhere, so the ref checks are skipped. */
  hasLocalRef?: boolean;
  /** `false`: no `pattern`/`patternProperties` anywhere, so the regex checks are skipped. */
  hasPattern?: boolean;
  /**
   * `true`: the schema certainly passes the meta-schema check (`normalizeSchemaDraft`'s `certain`,
   * established while copying it), so that walk is skipped. The other checks run as usual.
   */
  certain?: boolean;
}

/**
 * Checks that `schema` is a valid JSON Schema 2020-12 document: valid against the meta-schema,
 * every `pattern` (and `patternProperties` name) a valid ECMA-262 regular expression in unicode
 * mode (as validators compile it), every local `$ref` resolving, and no `$ref` cycle that never
 * reaches a property or item (see `findRefCycles`), and no empty `enum` (the meta-schema allows
 * it; validators refuse to compile it, and it admits no value). Issues are located under `basePointer`
 * (e.g. `/inputSchema`). Expects a schema already normalised to 2020-12 and free of `$schema`.
 */
export function checkJsonSchema(
  schema: unknown,
  basePointer: string,
  options: CheckJsonSchemaOptions = {},
): ValidationIssue[] {
  if (typeof basePointer !== 'string') basePointer = String(basePointer);
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
  let certain = false;
  try {
    // The key-driven check settles the common case; anything it is unsure about goes to ajv.
    certain = options.certain === true || isCertainlyValidSchema(schema);
    valid = certain || (getMetaValidator()(schema) as boolean);
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
    try {
      if (!full(schema)) issues.push(...summariseMetaErrors(full.errors ?? [], basePointer));
    } catch (error) {
      issues.push({
        pointer: basePointer,
        code: 'invalid_schema',
        message: `schema could not be checked: ${(error as Error).message}`,
      });
    }
  }
  // Callers that just normalised the schema know whether refs or patterns exist (no walk needed);
  // an empty enum makes the fast check unsure, so only then is it looked for.
  const refs = options.hasLocalRef !== false;
  const patterns = options.hasPattern !== false;
  const enums = !certain;
  if (!refs && !patterns && !enums) return issues;
  let unresolved = false;
  walkSchema(schema, ({ schema: node, pointer }) => {
    if (patterns) checkPatterns(node, basePointer + pointer, issues);
    if (enums && Array.isArray(node.enum) && node.enum.length === 0)
      issues.push({
        pointer: joinPointer(basePointer + pointer, 'enum'),
        code: 'empty_enum',
        message:
          'enum is empty: no value can match it, and validators refuse to compile it (give it at least one value, or remove the keyword)',
      });
    const ref = node.$ref;
    if (
      refs &&
      typeof ref === 'string' &&
      (ref === '#' || ref.startsWith('#/')) &&
      resolveLocalRef(schema, ref) === undefined
    ) {
      unresolved = true;
      issues.push({
        pointer: joinPointer(basePointer + pointer, '$ref'),
        code: 'unresolved_ref',
        message: `$ref "${ref}" points at nothing inside this schema`,
      });
    }
  });
  if (refs && !unresolved) issues.push(...findRefCycles(schema, basePointer));
  return issues;
}

function checkPatterns(node: Record<string, unknown>, at: string, issues: ValidationIssue[]): void {
  if (typeof node.pattern === 'string') {
    const reason = invalidPatternReason(node.pattern);
    if (reason !== undefined)
      issues.push({
        pointer: joinPointer(at, 'pattern'),
        code: 'invalid_pattern',
        message: `pattern ${JSON.stringify(node.pattern.slice(0, 200))} is not a valid regular expression: ${reason}`,
      });
  }
  if (isPlainObject(node.patternProperties))
    for (const key of Object.keys(node.patternProperties)) {
      const reason = invalidPatternReason(key);
      if (reason !== undefined)
        issues.push({
          pointer: joinPointer(at, 'patternProperties', key),
          code: 'invalid_pattern',
          message: `patternProperties name ${JSON.stringify(key.slice(0, 200))} is not a valid regular expression: ${reason}`,
        });
    }
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
