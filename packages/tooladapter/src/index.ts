export { check } from './check.js';
export { CODECS } from './codec-registry.js';
export { A2A_MESSAGE_SCHEMA, type A2aSkill } from './codecs/a2a-skill.js';
export { normalizeLegacySchema } from './codecs/legacy-schema.js';
export { TOOLARSENAL_META_KEY } from './codecs/mcp.js';
export {
  HTTP_METHODS,
  type HttpMethod,
  type OpenApiOperationValue,
  PARAMETER_GROUPS,
  type ParameterGroup,
} from './codecs/openapi-shared.js';
export { availableDialects, getCodec, isDialect } from './codecs.js';
export { createArgsCodec } from './decode/args-codec.js';
export { detectFormat } from './detect-format.js';
export {
  ConversionError,
  type ConversionFailure,
  FormatDetectionError,
  UnknownDialectError,
} from './errors.js';
export { fromCanonical, fromCanonicalMany } from './from-canonical.js';
export {
  mapName,
  mapNames,
  mergeNameMaps,
  type NameRequest,
  resolveTargetName,
  sanitizeName,
} from './names/map-names.js';
export {
  ANTHROPIC_NAME_RULE,
  GEMINI_NAME_RULE,
  MCP_NAME_RULE,
  type NameRule,
  OPENAI_NAME_RULE,
} from './names/name-rules.js';
export { appendTagLines, formatTag, parseDescriptionTags, TAG_KEYWORDS } from './passes/description-tags.js';
export { type LoweringProfile, lowerSchema } from './passes/pipelines.js';
export { restoreSchema } from './passes/restore.js';
export { toCanonical } from './to-canonical.js';
export {
  type ArgsDecoder,
  type ArgsEncoder,
  type CanonicalResult,
  type CheckOptions,
  type Conversion,
  type ConvertOptions,
  type DetectedFormat,
  DIALECTS,
  type Dialect,
  type DialectCodec,
  type DialectLimits,
  type EncodedTool,
  type Loss,
  type ManyConversion,
  type NameMap,
  type ToCanonicalOptions,
  type Violation,
} from './types.js';
