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
export { type ConfigIssue, ToolsetConfigError, ToolsetError } from './errors.js';
export type { ClauseCheck, Explanation } from './explanation.js';
export { exportTools, type PreparedTurn, prepareTurn, type ToolsetExport } from './export.js';
export { createExposure, EXPOSURE_LEVELS, type Exposure, type ExposureOptions } from './exposure.js';
export { explainInvalidPattern } from './patterns.js';
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
  RateLimitSpec,
  RuleSpec,
} from './policy-types.js';
export { type ChangeListener, isProvider, type ToolProvider, type ToolSourceInput } from './source.js';
export { Toolset, type ToolsetMode, type ToolsetScope } from './toolset.js';
export { type DroppedTool, selectForTurn, type TurnOptions, type TurnSelection } from './turn.js';
