import type { Span } from '@opentelemetry/api';
import type { Tool } from '@toolarsenal/toolmodel';
import type { AttemptScope } from './deadline.js';
import { ToolRunError } from './errors.js';
import { spanIds } from './tracing.js';
import type { ToolResult, ToolResultStatus } from './types.js';

/** Monotonic wall clock: epoch ms with sub-ms precision. */
export const clock = (): number => performance.timeOrigin + performance.now();

/** Facts gathered while one call runs; turned into a `ToolResult` at the end. */
export interface CallState extends AttemptScope {
  signal: AbortSignal | undefined;
  callId: string;
  toolName: string;
  queuedAt: number;
  /** 0 until the first attempt reaches the executor. */
  startedAt: number;
  attempt: number;
}

export function newState(callId: string, toolName: string, queuedAt: number): CallState {
  return {
    callId,
    toolName,
    queuedAt,
    startedAt: 0,
    attempt: 0,
    lastError: undefined,
    signal: undefined,
    abortAttempt: undefined,
    timeoutMs: undefined,
    liveAttempt: 0,
  };
}

/** Builds the result for `state` now; `error` undefined means success. */
export function buildResult(
  state: CallState,
  tool: Tool | undefined,
  error: ToolRunError | undefined,
  span: Span | undefined,
): ToolResult {
  const completedAt = clock();
  const started = state.startedAt;
  const status: ToolResultStatus = error ? error.status : 'success';
  const ids = spanIds(span);
  const result: ToolResult = {
    callId: state.callId,
    toolName: state.toolName,
    status,
    ok: error === undefined,
    attempt: state.attempt,
    timings: {
      queuedAt: state.queuedAt,
      completedAt,
      waitMs: (started > 0 ? started : completedAt) - state.queuedAt,
      latencyMs: started > 0 ? completedAt - started : 0,
      totalMs: completedAt - state.queuedAt,
    },
    traceId: ids.traceId,
    spanId: ids.spanId,
  };
  if (started > 0) result.timings.startedAt = started;
  if (tool) {
    result.toolId = tool.id;
    if (tool.takesControl) result.takesControl = true;
  }
  if (error) result.error = error;
  return result;
}

export function notFoundError(name: string, suggestions: string[]): ToolRunError {
  const hint =
    suggestions.length > 0 ? ` Did you mean ${suggestions.map((s) => `"${s}"`).join(' or ')}?` : '';
  return new ToolRunError(
    'not_found',
    'TOOL_NOT_FOUND',
    `Tool "${name.slice(0, 200)}" does not exist.${hint}`,
    {
      details: { suggestions },
    },
  );
}

export function rateLimitedError(
  what: string,
  waitMs: number,
  scope: 'tool' | 'principal' | 'policy',
): ToolRunError {
  return new ToolRunError('rate_limited', 'RATE_LIMITED', `${what}; retry in ${waitMs} ms.`, {
    retryable: true,
    retryAfterMs: waitMs,
    details: { scope },
  });
}

export function internalError(error: unknown): ToolRunError {
  const message = error instanceof Error ? error.message : String(error);
  return new ToolRunError('failure', 'INTERNAL_ERROR', `The runner failed unexpectedly: ${message}`, {
    cause: error,
  });
}

export function confirmationRequiredError(toolName: string, reason: string, expiresAt: number): ToolRunError {
  return new ToolRunError(
    'pending_confirmation',
    'CONFIRMATION_REQUIRED',
    `The call to "${toolName}" is waiting for the user's confirmation (${reason}). Do not repeat it.`,
    { details: { expiresAt } },
  );
}
