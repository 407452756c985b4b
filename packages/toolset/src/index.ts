export { HINTS, type HintName, hintValue } from './annotations.js';
export { type CapabilityFilter, explainInvalidToolsetId, ToolsetBuilder, toolset } from './builder.js';
export { type ComposeOptions, difference, intersection, union } from './compose.js';
export {
  type ConfigOptions,
  loadToolsetConfigFile,
  parseToolsetConfig,
  type ToolsetConfig,
} from './config.js';
export { type InstantiatedConfig, instantiateConfig } from './config-instantiate.js';
export type { ToolsetEntry } from './config-schema.js';
export { type Interpolated, interpolate } from './env-interpolate.js';
export { type ConfigIssue, ToolsetConfigError, ToolsetError } from './errors.js';
export type { ClauseCheck, Explanation } from './explanation.js';
export { exportTools, type PreparedTurn, prepareTurn, type ToolsetExport } from './export.js';
export { createExposure, EXPOSURE_LEVELS, type Exposure, type ExposureOptions } from './exposure.js';
export {
  type CompiledFilter,
  compileFilter,
  emptyFilter,
  type FilterSpec,
  type WherePredicate,
} from './filter.js';
export type { Membership } from './membership.js';
export { mergeObligations, NO_OBLIGATIONS } from './obligations.js';
export { type CompiledPatterns, compilePatterns, explainInvalidPattern, isGlob } from './patterns.js';
export {
  allOf,
  allow,
  anyOf,
  deny,
  denyOverrides,
  firstApplicable,
  obligate,
  type PolicyNodeInput,
  type PolicyOptions,
  policy,
  RuleBuilder,
} from './policy-builders.js';
export { type CompiledPolicy, compilePolicy, isCompiledPolicy } from './policy-compile.js';
export { compileMatch, describeMatch, type Test as MatchTest } from './policy-match.js';
export type {
  AccessPolicySpec,
  AuditLevel,
  Combine,
  Decision,
  MatchSpec,
  ObligationSpec,
  Obligations,
  PolicyAction,
  PolicyGroupSpec,
  PolicyNodeSpec,
  Principal,
  RateLimitObligation,
  RuleSpec,
} from './policy-types.js';
export { type ChangeListener, isProvider, type ToolProvider, type ToolSourceInput } from './source.js';
export { TOOL_CHOICE_DIALECTS, type ToolChoice, toolChoiceFor } from './tool-choice.js';
export { Toolset, type ToolsetInfo, type ToolsetMode, type ToolsetScope } from './toolset.js';
export { type DroppedTool, selectForTurn, type TurnOptions, type TurnSelection } from './turn.js';
