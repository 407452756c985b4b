import type { ServerResponse } from 'node:http';
import { ToolArsenalError } from '@toolarsenal/toolmodel';
import { InspectError } from '../errors.js';

/** Headers on every response: nothing loads from elsewhere, nothing frames the page, nothing is sniffed. */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy':
    "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
  'cache-control': 'no-store',
};

export function send(response: ServerResponse, status: number, type: string, body: string | Buffer): void {
  response.writeHead(status, {
    ...SECURITY_HEADERS,
    'content-type': type,
    'content-length': Buffer.byteLength(body),
  });
  response.end(body);
}

export function sendJson(response: ServerResponse, status: number, text: string): void {
  send(response, status, 'application/json; charset=utf-8', text);
}

const STATUS: Record<string, number> = {
  INSPECT_BAD_REQUEST: 400,
  INSPECT_NOT_FOUND: 404,
  INSPECT_FORBIDDEN: 403,
  INSPECT_TOO_LARGE: 413,
  INSPECT_METHOD_NOT_ALLOWED: 405,
};

/** Library errors caused by what the page sent: the message says what to fix, so it is shown as a 400. */
const CLIENT_CODES = new Set([
  'TOOLINDEX_INVALID_QUERY',
  'UNSAFE_JSON',
  'INVALID_PRINCIPAL',
  'TOOLSET_BAD_PRINCIPAL',
  'TOOLSET_UNKNOWN_EXPOSURE',
  'CONFIRMATION_UNKNOWN',
  'CONFIRMATION_EXPIRED',
  'CONFIRMATION_MISMATCH',
  'CONVERSION_FAILED',
  'UNKNOWN_DIALECT',
]);

/** Maps an error to a status and a body; unexpected errors say nothing about internals. */
export function errorBody(error: unknown): {
  status: number;
  body: { error: { code: string; message: string } };
} {
  if (InspectError.isInstance(error))
    return {
      status: STATUS[error.code] ?? 400,
      body: { error: { code: error.code, message: error.message } },
    };
  if (ToolArsenalError.isInstance(error) && CLIENT_CODES.has(error.code))
    return { status: 400, body: { error: { code: error.code, message: error.message } } };
  return {
    status: 500,
    body: { error: { code: 'INSPECT_INTERNAL', message: 'internal error (see the server log)' } },
  };
}
