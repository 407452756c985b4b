export { createAjv, linearPatternProblem } from './ajv.js';
export {
  type ArgumentError,
  type ArgumentValidation,
  type ArgumentValidator,
  type ArgumentValidatorOptions,
  type BoundArgumentValidator,
  createArgumentValidator,
  formatArgumentErrors,
  validateArguments,
} from './argument-validator.js';
export { CONTENT_HASH_FIELDS, contentHash } from './content-hash.js';
export {
  defineTool,
  type ParseToolOptions,
  parseTool,
  parseToolWithChanges,
  type SafeParseToolResult,
  safeParseTool,
  toolToJson,
  updateTool,
} from './define-tool.js';
export { ConfigFileError, type ConfigIssue } from './config-error.js';
export {
  describeValue,
  formatIssues,
  InvalidArgumentError,
  JsonPointerError,
  markError,
  subclassGuard,
  ToolArsenalError,
  type ToolArsenalErrorOptions,
  ToolIdError,
  ToolValidationError,
  UnsafeJsonError,
  type ValidationIssue,
} from './errors.js';
export {
  compileGlob,
  compileGlobs,
  explainInvalidGlob,
  type GlobMatcher,
  type GlobOptions,
  GlobPatternError,
  isGlob,
  MAX_GLOB_ALTERNATIVES,
  MAX_GLOB_LENGTH,
} from './glob.js';
export {
  escapePointerSegment,
  getAtPointer,
  joinPointer,
  parsePointer,
  pathToPointer,
  resolveLocalRef,
  tryParsePointer,
  unescapePointerSegment,
} from './json-pointer.js';
export { type CheckJsonSchemaOptions, checkJsonSchema } from './json-schema-check.js';
export { invalidPatternReason } from './regex-check.js';
export { toUnicodePattern } from './unicode-pattern.js';
export {
  detectDraft,
  type NormalizedSchema,
  normalizeSchemaDraft,
  type SchemaDraft,
} from './json-schema-normalize.js';
export { findDuplicateKeys, parseJsonLinesSafely, parseJsonSafely } from './json-text.js';
export {
  DEFAULT_DOCUMENT_LIMITS,
  DEFAULT_JSON_LIMITS,
  DEFAULT_TOOL_LIMITS,
  type JsonLimits,
  pickJsonLimits,
  resolveLimits,
  type ToolLimits,
} from './limits.js';
export {
  LINT_RULES,
  type LintFinding,
  type LintOptions,
  type LintRule,
  type LintSeverity,
  lintTool,
} from './lint-tool.js';
export {
  DEFAULT_TOOL_VERSION,
  explainInvalidName,
  explainInvalidNamespace,
  explainInvalidVersion,
  isValidToolName,
  NAMESPACE_PATTERN,
  SEMVER_PATTERN,
  suggestName,
  TOOL_NAME_MAX_LENGTH,
  TOOL_NAME_PATTERN,
} from './names.js';
export {
  type AccessDecision,
  type AccessPolicy,
  type AuditLevel,
  checkPrincipal,
  isNormalizedPrincipal,
  NO_OBLIGATIONS,
  type NormalizedPrincipal,
  normalizePrincipal,
  type Obligations,
  type PolicyAction,
  type Principal,
  PRINCIPAL_LIMITS,
  PrincipalError,
  type RateLimitObligation,
} from './principal.js';
export {
  assertSafeJson,
  canonicalJson,
  cloneJson,
  deepFreeze,
  FORBIDDEN_KEYS,
  inspectJson,
  JsonInspection,
  isPlainObject,
  prototypeIsClean,
  type JsonObject,
  type JsonPrimitive,
  type JsonValue,
  jsonEqual,
} from './safe-json.js';
export { findRefCycles } from './ref-cycles.js';
export type { SchemaChange, SchemaChangeAction } from './schema-change.js';
export {
  type EnterHook,
  forEachSubschema,
  type JsonSchema,
  type JsonSchemaObject,
  mapSchema,
  mapSchemaLazy,
  mapSchemaShared,
  mapSubschemas,
  type PointerOf,
  type SchemaVisit,
  SUBSCHEMA_ARRAY_KEYWORDS,
  SUBSCHEMA_KEYWORDS,
  SUBSCHEMA_LIST,
  SUBSCHEMA_MAP,
  SUBSCHEMA_MAP_KEYWORDS,
  SUBSCHEMA_SINGLE,
  subschemaKindOf,
  walkSchema,
} from './schema-walk.js';
export { isCanonicalTool } from './build-tool.js';
export { expectOptions, expectTool } from './tool-guard.js';
export { formatToolId, parseToolId, type ToolIdParts, tryParseToolId } from './tool-id.js';
export {
  type Capability,
  KNOWN_CAPABILITIES,
  KNOWN_SOURCES,
  type KnownCapability,
  type MonetaryCost,
  type RateLimitSpec,
  type Tool,
  type ToolAnnotations,
  type ToolCost,
  type ToolDependencies,
  type ToolInput,
  type ToolSource,
} from './tool-types.js';
export { suggestNames } from './suggest.js';
