import { markError, subclassGuard, ToolArsenalError } from '@toolarsenal/toolmodel';

const CARD = 'toolarsenal.error.a2a-card';

/** Why an agent card could not be used. */
export type A2ACardErrorCode =
  /** The card URL could not be fetched (network error, non-2xx status, timeout). */
  | 'A2A_CARD_UNREACHABLE'
  /** The response or the card is larger than the configured limit. */
  | 'A2A_CARD_TOO_LARGE'
  /** Not JSON, unsafe JSON (prototype-pollution keys, too deep), or not an agent card. */
  | 'A2A_CARD_INVALID'
  /** The card points at a host the caller did not allow. */
  | 'A2A_HOST_NOT_ALLOWED';

/** A malformed, unreachable or oversized agent card. `pointer` locates the field (JSON pointer). */
export class A2ACardError extends ToolArsenalError {
  readonly pointer: string;
  constructor(code: A2ACardErrorCode, message: string, options: { pointer?: string; cause?: unknown } = {}) {
    super(code, message, options.cause === undefined ? {} : { cause: options.cause });
    this.name = 'A2ACardError';
    this.pointer = options.pointer ?? '';
    markError(this, CARD);
  }

  static override isInstance = subclassGuard<A2ACardError>(CARD);
}

const AUTH = 'toolarsenal.error.a2a-auth';

/** The card declares security the caller's credentials cannot satisfy (checked before any call). */
export class A2AAuthError extends ToolArsenalError {
  /** The alternatives the card accepts, each a list of scheme names that must all be satisfied. */
  readonly required: readonly (readonly string[])[];
  constructor(message: string, required: readonly (readonly string[])[]) {
    super('A2A_AUTH_UNSATISFIED', message);
    this.name = 'A2AAuthError';
    this.required = required;
    markError(this, AUTH);
  }

  static override isInstance = subclassGuard<A2AAuthError>(AUTH);
}

const CONFIG = 'toolarsenal.error.a2a-config';

/** Invalid options passed to `connectAgent`, `createA2AExecutor` or `createA2AServer` (programmer errors). */
export class A2AConfigError extends ToolArsenalError {
  constructor(message: string, options: { cause?: unknown } = {}) {
    super('A2A_CONFIG', message, options);
    this.name = 'A2AConfigError';
    markError(this, CONFIG);
  }

  static override isInstance = subclassGuard<A2AConfigError>(CONFIG);
}
