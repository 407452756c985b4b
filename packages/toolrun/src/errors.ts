import { markError, subclassGuard, ToolArsenalError } from '@toolarsenal/toolmodel';
import type { ToolResultStatus } from './types.js';

const TOOL_RUN = 'toolarsenal.error.tool-run';

export interface ToolRunErrorOptions {
  /** Whether calling again (unchanged, later) may succeed. */
  retryable?: boolean;
  /** Suggested wait before a retry, in milliseconds. */
  retryAfterMs?: number;
  /** Machine-readable extra facts (missing capabilities, problems by pointer…). */
  details?: Record<string, unknown>;
  cause?: unknown;
}

/**
 * The typed error carried by every non-successful `ToolResult`. `code` is stable
 * (SCREAMING_SNAKE_CASE); `status` is the result status it belongs to.
 */
export class ToolRunError extends ToolArsenalError {
  readonly status: ToolResultStatus;
  readonly retryable: boolean;
  readonly retryAfterMs?: number;
  readonly details?: Record<string, unknown>;

  constructor(status: ToolResultStatus, code: string, message: string, options: ToolRunErrorOptions = {}) {
    super(code, message, options.cause === undefined ? {} : { cause: options.cause });
    this.name = 'ToolRunError';
    this.status = status;
    this.retryable = options.retryable ?? false;
    if (options.retryAfterMs !== undefined) this.retryAfterMs = options.retryAfterMs;
    if (options.details !== undefined) this.details = options.details;
    markError(this, TOOL_RUN);
  }

  static override isInstance = subclassGuard<ToolRunError>(TOOL_RUN);

  /** Plain, log-friendly form (the `cause` is left out: it may hold tool internals). */
  toJSON(): Record<string, unknown> {
    const out: Record<string, unknown> = {
      name: this.name,
      code: this.code,
      status: this.status,
      message: this.message,
      retryable: this.retryable,
    };
    if (this.retryAfterMs !== undefined) out.retryAfterMs = this.retryAfterMs;
    if (this.details !== undefined) out.details = this.details;
    return out;
  }
}

const TOOL_EXECUTION = 'toolarsenal.error.tool-execution';

/**
 * Throw this from a handler or executor to say how a failure should be treated:
 * `retryable: true` marks transient faults (overload, network) that the runner may retry
 * when the tool is safe to repeat.
 */
export class ToolExecutionError extends ToolArsenalError {
  readonly retryable: boolean;
  readonly details?: Record<string, unknown>;

  constructor(
    message: string,
    options: { code?: string; retryable?: boolean; details?: Record<string, unknown>; cause?: unknown } = {},
  ) {
    super(
      options.code ?? 'TOOL_FAILED',
      message,
      options.cause === undefined ? {} : { cause: options.cause },
    );
    this.name = 'ToolExecutionError';
    this.retryable = options.retryable ?? false;
    if (options.details !== undefined) this.details = options.details;
    markError(this, TOOL_EXECUTION);
  }

  static override isInstance = subclassGuard<ToolExecutionError>(TOOL_EXECUTION);
}

const REGISTRATION = 'toolarsenal.error.tool-registration';

/** Thrown by `runner.register` / `createRunner` for invalid tools or options (programmer errors). */
export class ToolRegistrationError extends ToolArsenalError {
  constructor(message: string, options: { cause?: unknown } = {}) {
    super('TOOL_REGISTRATION', message, options);
    this.name = 'ToolRegistrationError';
    markError(this, REGISTRATION);
  }

  static override isInstance = subclassGuard<ToolRegistrationError>(REGISTRATION);
}

const CONFIRMATION = 'toolarsenal.error.confirmation';

/**
 * Thrown by `runner.confirm` / `runner.reject` for unknown, used or expired tokens, and by
 * `runner.confirm` when the approved arguments hash is not the pending call's (the token is spent).
 */
export class ConfirmationError extends ToolArsenalError {
  constructor(
    code: 'CONFIRMATION_UNKNOWN' | 'CONFIRMATION_EXPIRED' | 'CONFIRMATION_MISMATCH',
    message: string,
  ) {
    super(code, message);
    this.name = 'ConfirmationError';
    markError(this, CONFIRMATION);
  }

  static override isInstance = subclassGuard<ConfirmationError>(CONFIRMATION);
}

const INVALID_OPTIONS = 'toolarsenal.error.invalid-options';

/** Thrown by `runner.runBatch` for options it cannot honour (a NaN budget, an unknown strategy…). */
export class InvalidOptionsError extends ToolArsenalError {
  constructor(message: string) {
    super('INVALID_OPTIONS', message);
    this.name = 'InvalidOptionsError';
    markError(this, INVALID_OPTIONS);
  }

  static override isInstance = subclassGuard<InvalidOptionsError>(INVALID_OPTIONS);
}
