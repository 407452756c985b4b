export type { BatchOptions, BatchResult, BatchStrategy } from './batch.js';
export type { ArgumentLimits } from './decode-arguments.js';
export {
  ConfirmationError,
  InvalidOptionsError,
  ToolExecutionError,
  ToolRegistrationError,
  ToolRunError,
  type ToolRunErrorOptions,
} from './errors.js';
export type { RunnerEventListener, RunnerEventName, RunnerEvents } from './events.js';
export type {
  ExecutionRequest,
  ExecutionUpdate,
  Executor,
  FunctionExecutor,
  ToolHandler,
} from './executor.js';
export {
  DEFAULT_RESULT_MAX_LENGTH,
  type FormattedToolResult,
  type FormatToolResultOptions,
  formatResult,
  type ToolResultDialect,
} from './format-result.js';
export type { BreakerState, HealthStatus, ToolHealth } from './health.js';
export {
  type ConfirmationPolicy,
  DEFAULT_CONFIRMATION_PATTERNS,
  DESTRUCTIVE_VERBS,
  destructiveWord,
} from './policy.js';
export {
  type BreakerConfig,
  type ConcurrencyLimit,
  DEFAULT_BREAKER,
  DEFAULT_RETRY,
  DEFAULT_TIMEOUT_MS,
  type RetryConfig,
} from './resilience.js';
export { createRunner, Runner } from './runner.js';
export type {
  AuditRecord,
  ConfirmOptions,
  RunnerOptions,
  RunOptions,
  ToolRegistration,
} from './runner-options.js';
export type { ToolRunConfig } from './tool-entry.js';
export { type ContentBlock, ToolOutput, toolOutput } from './tool-output.js';
export type { TracingOptions } from './tracing.js';
export type {
  PendingConfirmation,
  ToolCall,
  ToolResult,
  ToolResultStatus,
  ToolResultTimings,
} from './types.js';
