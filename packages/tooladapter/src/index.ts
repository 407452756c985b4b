export { check } from './check.js';
export { A2A_MESSAGE_SCHEMA, type A2aSkill } from './codecs/a2a-skill.js';
export { TOOLARSENAL_META_KEY } from './codecs/mcp.js';
export { availableDialects, isDialect } from './codecs.js';
export {
  convert,
  type ConvertInputOptions,
  convertMany,
  type InputConversion,
  type InputManyConversion,
  type ReadFindings,
} from './convert.js';
export { createArgsCodec } from './decode/args-codec.js';
export { type DetectFormatOptions, detectFormat } from './detect-format.js';
export { type DocumentItem, unwrapRow } from './documents.js';
export {
  ConversionError,
  type ConversionFailure,
  DialectMismatchError,
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
  PORTABLE_NAME_RULE,
} from './names/name-rules.js';
export { parseDescriptionTags } from './passes/description-tags.js';
export { restoreSchema } from './passes/restore.js';
export {
  type NamespaceContext,
  namespaceFromField,
  type NamespaceOption,
  toNamespace,
} from './namespaces.js';
export {
  ANNOTATIONS_EXTENSION,
  BODY_INPUT_EXTENSION,
  BODY_PROPERTY,
  CLOSED_INPUT_EXTENSION,
  DEFAULT_PARAMETER_STYLES,
  HTTP_METHODS,
  type HttpMethod,
  isHttpMethod,
  isParameterLocation,
  type OpenApiOperationValue,
  type OpenApiSourceMeta,
  PARAMETER_LOCATIONS,
  PARAMETER_STYLES,
  type ParameterLocation,
  type ParameterMeta,
  type ParameterStyle,
  type SecuritySchemeMeta,
  styleOfCollectionFormat,
  TOOL_EXTENSION,
} from './openapi-layout.js';
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
export {
  DEFAULT_RESULT_MAX_LENGTH,
  describeToolFailure,
  formatToolResult,
  truncateText,
} from './results/format-result.js';
export { type JsonSafe, toJsonSafe } from './results/json-safe.js';
export {
  type AnthropicToolResultBlock,
  type AnthropicToolResultContent,
  type ContentBlock,
  type FormattedToolResult,
  type FormatToolResultOptions,
  type GeminiFunctionResponsePart,
  type LangChainToolMessageFields,
  type McpCallToolResult,
  type OpenAIChatToolMessage,
  type OpenAIFunctionCallOutput,
  TOOL_RESULT_DIALECTS,
  type ToolResultDialect,
  type ToolResultLike,
} from './results/result-types.js';
export { TOOL_CHOICE_DIALECTS, type ToolChoice, toolChoiceFor } from './results/tool-choice.js';
