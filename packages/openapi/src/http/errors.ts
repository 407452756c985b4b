import { markError, subclassGuard } from '@toolarsenal/toolmodel';
import { ToolExecutionError } from '@toolarsenal/toolrun';

const HTTP_CALL = 'toolarsenal.error.openapi-http-call';

/** Stable codes of {@link HttpCallError}. */
export type HttpCallErrorCode =
  /** The tool has no usable `sourceMeta.openapi` (not imported by importOpenApi, or damaged). */
  | 'OPENAPI_CALL_BAD_TOOL'
  /** An argument cannot be put on the wire as declared (named by its JSON pointer). */
  | 'OPENAPI_CALL_BAD_ARGUMENT'
  /** No base URL: the document has no absolute server and none was given. */
  | 'OPENAPI_CALL_NO_BASE_URL'
  /** No credentials for any of the operation's security requirements. */
  | 'OPENAPI_CALL_NO_CREDENTIALS'
  /** An OAuth2 / OpenID Connect token could not be obtained. */
  | 'OPENAPI_CALL_AUTH_FAILED'
  /** The API answered with a 4xx/5xx status. */
  | 'OPENAPI_CALL_HTTP_STATUS'
  /** Executor options are invalid. */
  | 'OPENAPI_CALL_BAD_OPTION';

/**
 * A failed OpenAPI call (a toolrun `ToolExecutionError`, so its code, details and retryability
 * reach the `ToolResult`). `retryable` and `retryAfterMs` tell toolrun's retry what to do (408,
 * 425, 429, 500, 502, 503, 504 are retryable; other 4xx are not). Messages never hold secrets.
 */
export class HttpCallError extends ToolExecutionError {
  override readonly code: HttpCallErrorCode;
  readonly retryAfterMs?: number;
  /** HTTP status for `OPENAPI_CALL_HTTP_STATUS`. */
  readonly status?: number;

  constructor(
    code: HttpCallErrorCode,
    message: string,
    options: {
      retryable?: boolean;
      retryAfterMs?: number;
      status?: number;
      details?: Record<string, unknown>;
      cause?: unknown;
    } = {},
  ) {
    super(message, {
      code,
      retryable: options.retryable ?? false,
      ...(options.details === undefined ? {} : { details: options.details }),
      ...(options.cause === undefined ? {} : { cause: options.cause }),
    });
    this.name = 'HttpCallError';
    this.code = code;
    if (options.retryAfterMs !== undefined) this.retryAfterMs = options.retryAfterMs;
    if (options.status !== undefined) this.status = options.status;
    markError(this, HTTP_CALL);
  }

  static override isInstance = subclassGuard<HttpCallError>(HTTP_CALL);
}
