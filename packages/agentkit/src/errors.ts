import {
  markError,
  subclassGuard,
  ToolArsenalError,
  type ToolArsenalErrorOptions,
} from '@toolarsenal/toolmodel';

/** Stable codes of `ToolkitError`. */
export type ToolkitErrorCode =
  /** An option is missing, of the wrong type or out of range (the message names it). */
  | 'TOOLKIT_INVALID_OPTIONS'
  /** Something that should be a canonical tool (or a framework tool) is not one. */
  | 'TOOLKIT_INVALID_TOOL'
  /** The runner does not hold the tool under its id (not registered, or replaced by a same-name tool). */
  | 'TOOLKIT_TOOL_NOT_REGISTERED'
  /** A call failed and the toolkit was configured to throw instead of answering the model. */
  | 'TOOLKIT_CALL_FAILED';

const TOOLKIT = 'toolarsenal.error.toolkit';

/** Errors of the agent-framework toolkits (`@toolarsenal/agentkit`, `/langchain`, `/llamaindex`). */
export class ToolkitError extends ToolArsenalError {
  declare readonly code: ToolkitErrorCode;
  /** For `TOOLKIT_CALL_FAILED`: the runner's status and error code of the failed call. */
  readonly status?: string;
  readonly errorCode?: string;

  constructor(
    code: ToolkitErrorCode,
    message: string,
    options: ToolArsenalErrorOptions & { status?: string; errorCode?: string } = {},
  ) {
    super(code, message, options);
    this.name = 'ToolkitError';
    if (options.status !== undefined) this.status = options.status;
    if (options.errorCode !== undefined) this.errorCode = options.errorCode;
    markError(this, TOOLKIT);
  }

  static override isInstance = subclassGuard<ToolkitError>(TOOLKIT);
}

/** `TOOLKIT_INVALID_OPTIONS` naming the offending option. */
export function invalidOption(path: string, expected: string, got: unknown): ToolkitError {
  return new ToolkitError('TOOLKIT_INVALID_OPTIONS', `${path} must be ${expected}, got ${describe(got)}`);
}

/** A short, bounded description of an unexpected value for error messages (never its full text). */
export function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return `an array of ${value.length}`;
  if (typeof value === 'string')
    return value.length > 40 ? `a string of ${value.length} characters` : JSON.stringify(value);
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'function') return 'a function';
  return String(value);
}

/** A non-null, non-array object (deliberately not a type guard: options keep their declared type). */
export function isRecord(value: unknown): boolean {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
