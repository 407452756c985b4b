import {
  markError,
  subclassGuard,
  ToolArsenalError,
  type ToolArsenalErrorOptions,
} from '@toolarsenal/toolmodel';

const INSPECT = 'toolarsenal.error.inspect';

/**
 * A request the inspector refuses (`INSPECT_BAD_REQUEST`, HTTP 400), a tool or route it does not know
 * (`INSPECT_NOT_FOUND`, 404), a body over the size limit (`INSPECT_TOO_LARGE`, 413), a request from a host or
 * origin it does not serve (`INSPECT_FORBIDDEN`, 403), or bad server options (`INSPECT_BAD_OPTIONS`).
 */
export class InspectError extends ToolArsenalError {
  constructor(code: InspectErrorCode, message: string, options: ToolArsenalErrorOptions = {}) {
    super(code, message, options);
    this.name = 'InspectError';
    markError(this, INSPECT);
  }
  static override isInstance = subclassGuard<InspectError>(INSPECT);
}

export type InspectErrorCode =
  | 'INSPECT_BAD_REQUEST'
  | 'INSPECT_NOT_FOUND'
  | 'INSPECT_TOO_LARGE'
  | 'INSPECT_FORBIDDEN'
  | 'INSPECT_BAD_OPTIONS';

export function badRequest(message: string): InspectError {
  return new InspectError('INSPECT_BAD_REQUEST', message);
}
