import type { JsonObject } from '@toolarsenal/toolmodel';
import type { ToolRunError } from './errors.js';
import type { ContentBlock } from './tool-output.js';

/** Every outcome a call can have. `skipped` is used by `runBatch` for calls it did not run. */
export type ToolResultStatus =
  | 'success'
  | 'failure'
  | 'invalid_arguments'
  | 'not_found'
  | 'timeout'
  | 'cancelled'
  | 'circuit_open'
  | 'rate_limited'
  | 'permission_denied'
  | 'pending_confirmation'
  | 'skipped';

/** A tool call as a model produced it. */
export interface ToolCall {
  /** The provider's call id (OpenAI `tool_call_id`, Anthropic `tool_use.id`…); generated when absent. */
  id?: string;
  /** Tool name (or tool id). */
  name: string;
  /** Arguments as an object, or the JSON text the model produced. Absent means `{}`. */
  arguments?: unknown;
}

/** Milliseconds since the Unix epoch (fractional, from a monotonic clock) and durations in ms. */
export interface ToolResultTimings {
  /** When `run` was called. */
  queuedAt: number;
  /** When the first attempt reached the executor (absent when it never ran). */
  startedAt?: number;
  completedAt: number;
  /** Time spent before execution: policies, rate limits, bulkhead queue. */
  waitMs: number;
  /** Execution time including retries (0 when it never ran). */
  latencyMs: number;
  /** `completedAt - queuedAt`. */
  totalMs: number;
}

/** What a confirmation-gated call returns; pass `token` to `runner.confirm` or `runner.reject`. */
export interface PendingConfirmation {
  token: string;
  /** Epoch ms after which the token is void. */
  expiresAt: number;
  /** Why confirmation is needed, e.g. `the tool name matches "delete_*"`. */
  reason: string;
  /** The validated arguments that will run on confirmation (frozen): show these to the human. */
  arguments: JsonObject;
  /**
   * SHA-256 (hex) of the canonical JSON of `arguments`. Pass it back as `confirm(token, { argumentsHash })`
   * to bind the approval to exactly what was shown.
   */
  argumentsHash: string;
}

export interface ToolResult<T = unknown> {
  callId: string;
  /** The name the call used. */
  toolName: string;
  /** Canonical tool id, when the tool was found. */
  toolId?: string;
  status: ToolResultStatus;
  /** `status === 'success'`. */
  ok: boolean;
  /** The tool's output (success only). */
  result?: T;
  /** Rich content blocks an executor returned with `ToolOutput` (images, resource links…). */
  content?: readonly ContentBlock[];
  /** Typed error for every status but `success`. */
  error?: ToolRunError;
  /** Attempts made (0 when the call never reached the executor). */
  attempt: number;
  timings: ToolResultTimings;
  /** Trace and span ids (from OpenTelemetry when a tracer records, generated otherwise). */
  traceId: string;
  spanId: string;
  /** Present for `pending_confirmation`. */
  confirmation?: PendingConfirmation;
  /** In a batch: the call id whose result this duplicate call shares. */
  duplicateOf?: string;
  /** The tool hands control to another agent or a human. */
  takesControl?: boolean;
}
