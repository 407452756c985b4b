import { markError, subclassGuard, ToolArsenalError } from '@toolarsenal/toolmodel';

const NET_ERROR = 'toolarsenal.error.net';

/** Stable codes of {@link NetError}. */
export type NetErrorCode =
  | 'NET_BAD_URL'
  | 'NET_BAD_OPTION'
  | 'NET_HOST_NOT_ALLOWED'
  | 'NET_PRIVATE_ADDRESS'
  | 'NET_DNS_FAILED'
  | 'NET_TOO_MANY_REDIRECTS'
  | 'NET_REDIRECT_REFUSED'
  | 'NET_TIMEOUT'
  | 'NET_ABORTED'
  | 'NET_CONNECTION_FAILED';

/** Codes of faults that may go away when tried again (toolrun retries them for idempotent tools). */
const RETRYABLE = new Set<NetErrorCode>(['NET_DNS_FAILED', 'NET_TIMEOUT', 'NET_CONNECTION_FAILED']);

/**
 * Every refusal or failure of an outbound request. Messages never hold secrets: URLs are
 * redacted by the caller's redactor before they reach an error.
 */
export class NetError extends ToolArsenalError {
  override readonly code: NetErrorCode;
  /** Whether the same request, later, may succeed. */
  readonly retryable: boolean;
  readonly details?: Record<string, unknown>;

  constructor(
    code: NetErrorCode,
    message: string,
    options: { cause?: unknown; details?: Record<string, unknown> } = {},
  ) {
    super(code, message, options.cause === undefined ? {} : { cause: options.cause });
    this.name = 'NetError';
    this.code = code;
    this.retryable = RETRYABLE.has(code);
    if (options.details !== undefined) this.details = options.details;
    markError(this, NET_ERROR);
  }

  static override isInstance = subclassGuard<NetError>(NET_ERROR);
}

/** The NetError in an error's cause chain (undici wraps a refusal made during connect), if any. */
export function findNetError(error: unknown): NetError | undefined {
  let current: unknown = error;
  for (let i = 0; i < 5 && current; i++) {
    if (NetError.isInstance(current)) return current;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}
