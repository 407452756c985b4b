import type { Context } from '@opentelemetry/api';
import type {
  AccessPolicy,
  ArgumentValidator,
  AuditLevel,
  Principal,
  RateLimitSpec,
  Tool,
  ToolInput,
} from '@toolarsenal/toolmodel';
import type { ArgumentLimits } from './decode-arguments.js';
import type { ExecutionUpdate, Executor, ToolHandler } from './executor.js';
import type { ConfirmationPolicy } from './policy.js';
import type { ConcurrencyLimit } from './resilience.js';
import type { ToolRunConfig } from './tool-entry.js';
import type { TracingOptions } from './tracing.js';

/** A tool plus how to run it. */
export interface ToolRegistration<C = unknown> extends ToolRunConfig {
  tool: Tool | ToolInput;
  /** Local implementation; without one the executor registered for `tool.source` runs it. */
  handler?: ToolHandler<C>;
}

/** One policy decision, for audit logs. Argument values only with `auditArguments: true`. */
export interface AuditRecord {
  decision: 'allowed' | 'denied' | 'confirmation_required' | 'confirmed' | 'rejected' | 'expired';
  /** Error code behind a denial (`PERMISSION_DENIED`, `RATE_LIMITED`, `INVALID_ARGUMENTS`, `TOOL_NOT_FOUND`…) or the confirmation reason. */
  reason?: string;
  callId: string;
  toolName: string;
  toolId?: string;
  /** The principal's id, when it has one. */
  principalId?: string;
  /** The policy rule that decided, when a `policy` is configured and named one. */
  rule?: string;
  /** The audit level the policy required for this call (`full` records carry the arguments). */
  audit?: AuditLevel;
  /** Epoch ms. */
  at: number;
  arguments?: unknown;
}

export interface RunnerOptions<C = unknown> {
  /** Tools to register up front (same as calling `register` for each). */
  tools?: readonly (ToolRegistration<C> | Tool | ToolInput)[];
  /** Executors for non-local sources (MCP, OpenAPI, A2A…). */
  executors?: readonly Executor<C>[];
  /** Settings every tool gets unless its registration overrides them. */
  defaults?: ToolRunConfig;
  /** Runner-wide bulkhead across all tools. Default: none. */
  concurrency?: ConcurrencyLimit | false;
  /** Token bucket per principal id, across all tools. Default: none. */
  principalRateLimit?: RateLimitSpec;
  /** Which calls need human confirmation; false disables the policy (explicit `requiresConfirmation` still applies). */
  confirmation?: ConfirmationPolicy | false;
  /** Used when a call passes no principal. Default `{ id: 'anonymous' }` (unrestricted). */
  defaultPrincipal?: Principal;
  /**
   * Decides access per call on top of the tools' declared capabilities and scopes (a toolset
   * `compilePolicy(…)`, a `Toolset`, an exposure, or your own `AccessPolicy`). Its obligations are
   * enforced: confirmation holds the call, rate limits are counted, audits must reach `audit`.
   * A policy that throws or answers malformed denies. Default: none.
   */
  policy?: AccessPolicy;
  /** Receives every policy decision. Must be fast; errors are swallowed unless the policy required the audit. */
  audit?: (record: AuditRecord) => void;
  /** Include argument values in audit records. Default false. */
  auditArguments?: boolean;
  tracing?: TracingOptions;
  /** Hostile-input limits for arguments. */
  limits?: ArgumentLimits;
  /** Share a validator (and its compiled-schema cache) with other components. */
  validator?: ArgumentValidator;
  /** Consecutive failures after which a tool reports `unhealthy`. Default 5. */
  unhealthyAfter?: number;
  /**
   * Most callers (or policy rate-limit groups) tracked at once for rate limits. Only refilled
   * buckets are forgotten; with every one still limited, new callers are refused. Default 10,000.
   */
  rateLimitKeys?: number;
}

/** Per-call options. */
export interface RunOptions<C = unknown> {
  /** Cancels the call; the caller is released at once and the handler's signal aborts. */
  signal?: AbortSignal;
  principal?: Principal;
  /** Passed to handlers/executors untouched. */
  context?: C;
  /** Progress and partial output reported by the executor. */
  onUpdate?: (update: ExecutionUpdate, meta: { callId: string; toolName: string }) => void;
  /** OpenTelemetry parent context (default: the active context). */
  traceContext?: Context;
  /** Per-attempt deadline for this call (ms), overriding the tool's `timeoutMs`. */
  timeoutMs?: number;
}

/** Options of `runner.confirm`. */
export interface ConfirmOptions<C = unknown> extends Omit<RunOptions<C>, 'principal'> {
  /**
   * The `argumentsHash` of the confirmation the human approved; when given and different from the
   * pending call's, the confirmation fails with `CONFIRMATION_MISMATCH` and nothing runs.
   */
  argumentsHash?: string;
}
