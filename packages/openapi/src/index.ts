export { type Behaviour, inferBehaviour } from './behaviour.js';
export { describeOperation, htmlToText } from './describe.js';
export { OpenApiImportError, type OpenApiImportErrorCode, type OpenApiProblem } from './errors.js';
export type { OperationFilterOptions } from './filters.js';
export {
  type ImportedDocument,
  type ImportOpenApiResult,
  importOpenApi,
  type SkippedOperation,
} from './import-openapi.js';
export { DEFAULT_OPENAPI_LIMITS, type OpenApiLimits } from './limits.js';
export type { OpenApiSource, SpecKind } from './load-document.js';
export { type NameMapping, PORTABLE_NAME_PATTERN } from './naming.js';
export type { ImportOpenApiOptions } from './options.js';
export type { ImportPhase, ImportProgress } from './progress.js';
export { validateImportOptions } from './validate-options.js';
export {
  HTTP_METHODS,
  type OpenApiSourceMeta,
  type ParameterLocation,
  type ParameterMeta,
  type SecuritySchemeMeta,
} from './source-meta.js';
