import { markError, subclassGuard, ToolArsenalError } from '@toolarsenal/toolmodel';

const EMBEDDER_ERROR = 'toolarsenal.error.embedder';

/** Stable codes of {@link EmbedderError}. */
export type EmbedderErrorCode =
  /** An option passed to an embedder factory is invalid (names the option). */
  | 'EMBEDDER_INVALID_OPTION'
  /** The input passed to `embed` is not an array of strings. */
  | 'EMBEDDER_INVALID_INPUT'
  /** The embedder returned the wrong number of vectors, a wrong length, NaN or Infinity. */
  | 'EMBEDDER_INVALID_VECTOR'
  /** The embedder threw an error of its own (kept as `cause`). */
  | 'EMBEDDER_FAILED'
  /** The caller's AbortSignal fired (or a timeout elapsed). */
  | 'EMBEDDER_ABORTED'
  /** A request to a remote endpoint took longer than its timeout. */
  | 'EMBEDDER_TIMEOUT'
  /** A remote endpoint answered with an HTTP error status. */
  | 'EMBEDDER_HTTP'
  /** A remote endpoint answered with a body that is not the expected JSON shape. */
  | 'EMBEDDER_BAD_RESPONSE'
  /** The network request failed (connection refused, reset…). */
  | 'EMBEDDER_NETWORK'
  /** A shipped asset (the static table) is missing, corrupt or of unexpected shape. */
  | 'EMBEDDER_ASSET_INVALID'
  /** An optional peer dependency (e.g. `@huggingface/transformers`) is not installed. */
  | 'EMBEDDER_PEER_MISSING'
  /** A local model could not be loaded or run. */
  | 'EMBEDDER_MODEL';

export interface EmbedderErrorOptions {
  cause?: unknown;
  /** HTTP status for `EMBEDDER_HTTP`. */
  status?: number;
}

/** Typed failure of an embedder; `code` is one of {@link EmbedderErrorCode}. */
export class EmbedderError extends ToolArsenalError {
  declare readonly code: EmbedderErrorCode;
  readonly status: number | undefined;

  constructor(code: EmbedderErrorCode, message: string, options: EmbedderErrorOptions = {}) {
    super(code, message, options.cause === undefined ? {} : { cause: options.cause });
    this.name = 'EmbedderError';
    this.status = options.status;
    markError(this, EMBEDDER_ERROR);
  }

  static override isInstance = subclassGuard<EmbedderError>(EMBEDDER_ERROR);
}

/** Throws `EMBEDDER_ABORTED` when the signal has fired; keeps the signal's reason as cause. */
export function throwIfAborted(signal: AbortSignal | undefined, what = 'Embedding'): void {
  if (signal?.aborted) {
    throw new EmbedderError('EMBEDDER_ABORTED', `${what} was aborted`, { cause: signal.reason });
  }
}
