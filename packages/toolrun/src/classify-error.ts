import { ToolArsenalError } from '@toolarsenal/toolmodel';
import { BrokenCircuitError, IsolatedCircuitError, TaskCancelledError } from 'cockatiel';
import { ToolExecutionError, ToolRunError } from './errors.js';
import { ConcurrencyLimitError } from './limiter.js';

/** Node / undici error codes of transient network faults: safe to retry for idempotent tools. */
const TRANSIENT_CODES = new Set([
  'ECONNRESET',
  'ECONNREFUSED',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EPIPE',
  'EAI_AGAIN',
  'ENETUNREACH',
  'EHOSTUNREACH',
  'UND_ERR_SOCKET',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
]);

const MAX_MESSAGE = 500;

/** Raised inside the pipeline when the caller's own signal aborted (never retried, never counted by breakers). */
export class CallerCancelledError extends Error {
  constructor() {
    super('the call was cancelled by the caller');
    this.name = 'CallerCancelledError';
  }
}

/** Raised inside the pipeline when output fails `outputSchema`; counts as a tool failure. */
export class InvalidOutputError extends Error {
  constructor(
    message: string,
    readonly problems: { pointer: string; message: string }[],
  ) {
    super(message);
    this.name = 'InvalidOutputError';
  }
}

/** Whether an error thrown by one attempt is worth retrying (for tools that are safe to repeat). */
export function isRetryableError(error: unknown): boolean {
  if (error instanceof CallerCancelledError || error instanceof InvalidOutputError) return false;
  if (error instanceof TaskCancelledError) return true; // attempt timed out
  if (error instanceof BrokenCircuitError || error instanceof ConcurrencyLimitError) return false;
  if (ToolExecutionError.isInstance(error) || ToolRunError.isInstance(error)) return error.retryable;
  if (typeof error === 'object' && error !== null) {
    const flag = (error as { retryable?: unknown }).retryable;
    if (typeof flag === 'boolean') return flag;
    const code = (error as { code?: unknown }).code;
    if (typeof code === 'string' && TRANSIENT_CODES.has(code)) return true;
    const cause = (error as { cause?: { code?: unknown } }).cause;
    if (typeof cause?.code === 'string' && TRANSIENT_CODES.has(cause.code)) return true;
  }
  return false;
}

/** Whether an error counts against the circuit breaker (caller cancellations do not). */
export function countsAsToolFailure(error: unknown): boolean {
  return !(error instanceof CallerCancelledError);
}

export interface ClassifyContext {
  toolName: string;
  timeoutMs: number;
  breakerCooldownMs: number;
}

/** Maps anything an attempt or the pipeline threw to the runner's typed error. */
export function classifyError(error: unknown, ctx: ClassifyContext): ToolRunError {
  if (ToolRunError.isInstance(error)) return error;
  if (error instanceof CallerCancelledError) {
    return new ToolRunError(
      'cancelled',
      'CANCELLED',
      `Call to "${ctx.toolName}" was cancelled by the caller.`,
    );
  }
  if (error instanceof TaskCancelledError) {
    return new ToolRunError(
      'timeout',
      'TIMEOUT',
      `Tool "${ctx.toolName}" did not finish within ${ctx.timeoutMs} ms.`,
      { retryable: true, details: { timeoutMs: ctx.timeoutMs } },
    );
  }
  if (error instanceof BrokenCircuitError || error instanceof IsolatedCircuitError) {
    return circuitOpenError(ctx.toolName, ctx.breakerCooldownMs);
  }
  if (error instanceof ConcurrencyLimitError) {
    return new ToolRunError(
      'rate_limited',
      'CONCURRENCY_LIMIT',
      `Tool "${ctx.toolName}" is at its concurrency limit and its queue is full.`,
      { retryable: true, cause: error },
    );
  }
  if (error instanceof InvalidOutputError) {
    return new ToolRunError('failure', 'INVALID_OUTPUT', error.message, {
      details: { problems: error.problems },
    });
  }
  const retryable = isRetryableError(error);
  if (ToolArsenalError.isInstance(error)) {
    const details = ToolExecutionError.isInstance(error) ? error.details : undefined;
    const retryAfterMs = (error as { retryAfterMs?: unknown }).retryAfterMs;
    return new ToolRunError('failure', error.code, clip(error.message), {
      retryable,
      cause: error,
      ...(details ? { details } : {}),
      ...(typeof retryAfterMs === 'number' && retryAfterMs >= 0 ? { retryAfterMs } : {}),
    });
  }
  const message = error instanceof Error ? error.message : describeThrown(error);
  return new ToolRunError('failure', 'TOOL_FAILED', clip(message || 'the tool failed without a message'), {
    retryable,
    cause: error,
  });
}

export function circuitOpenError(toolName: string, retryAfterMs: number): ToolRunError {
  return new ToolRunError(
    'circuit_open',
    'CIRCUIT_OPEN',
    `Tool "${toolName}" is temporarily disabled after repeated failures; try again in ${Math.ceil(retryAfterMs / 1000)} s or use another tool.`,
    { retryable: true, retryAfterMs },
  );
}

function describeThrown(value: unknown): string {
  if (typeof value === 'string') return value;
  try {
    return `non-Error value thrown: ${String(value)}`;
  } catch {
    return 'non-Error value thrown';
  }
}

export function clip(text: string, max = MAX_MESSAGE): string {
  return text.length <= max ? text : `${text.slice(0, max)}… [${text.length - max} more characters]`;
}
