import { type Redactor, type SafeResponse, truncationMarker } from '@toolarsenal/net';
import { toolOutput, type ToolOutput } from '@toolarsenal/toolrun';
import { HttpCallError } from './errors.js';

/** Statuses worth trying again later (the tool must also be safe to repeat for toolrun to retry). */
const RETRYABLE_STATUSES = new Set([408, 425, 429, 500, 502, 503, 504]);
/** Longest Retry-After honoured (ms); longer waits are reported, not slept through. */
const MAX_RETRY_AFTER_MS = 120_000;
const SNIPPET = 500;

const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;.*)?$/i;
const TEXT_TYPE =
  /^(?:text\/|application\/(?:xml|[\w.+-]+\+xml|javascript|x-www-form-urlencoded|yaml|x-yaml)\b)/i;

/**
 * Turns a response into the tool's output: JSON parsed, text kept, binary as a resource block
 * with its type and size; a body cut at the cap carries a marker (text) or `truncated: true`.
 * Statuses of 300 and above throw `HttpCallError` (retryable for 408/425/429/500/502/503/504, with
 * `retryAfterMs` from Retry-After).
 */
export function readResponse(
  response: SafeResponse,
  maxBytes: number,
  redact: Redactor,
  now: () => number = Date.now,
): unknown {
  const type = response.headers.get('content-type') ?? '';
  if (response.status >= 300) throw statusError(response, type, redact, now);
  if (response.body.byteLength === 0) return null;
  if (JSON_TYPE.test(type) && !response.truncated) {
    const text = new TextDecoder().decode(response.body);
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  if (JSON_TYPE.test(type) || TEXT_TYPE.test(type) || type === '') {
    const text = new TextDecoder().decode(response.body);
    return response.truncated ? `${text}${truncationMarker(maxBytes)}` : text;
  }
  return binaryOutput(response, type);
}

function binaryOutput(response: SafeResponse, type: string): ToolOutput {
  const mimeType = type.split(';')[0]!.trim() || 'application/octet-stream';
  const value: Record<string, unknown> = { type: 'binary', mimeType, size: response.body.byteLength };
  if (response.truncated) value.truncated = true;
  const blob = Buffer.from(response.body).toString('base64');
  return toolOutput(value, [{ type: 'resource', resource: { uri: response.url, blob, mimeType } }]);
}

function statusError(
  response: SafeResponse,
  type: string,
  redact: Redactor,
  now: () => number,
): HttpCallError {
  const { status } = response;
  const retryable = RETRYABLE_STATUSES.has(status);
  const retryAfterMs = retryable ? parseRetryAfter(response.headers.get('retry-after'), now) : undefined;
  let snippet = '';
  if (response.body.byteLength > 0 && (JSON_TYPE.test(type) || TEXT_TYPE.test(type) || type === '')) {
    const text = redact(new TextDecoder().decode(response.body.subarray(0, SNIPPET * 4)));
    snippet = text.length > SNIPPET ? `${text.slice(0, SNIPPET)}…` : text;
  }
  const what =
    status >= 400
      ? `the API answered ${status}`
      : `the API redirected (${status}) and the redirect was not followed`;
  const options: ConstructorParameters<typeof HttpCallError>[2] = {
    retryable,
    status,
    details: { status, ...(snippet ? { body: snippet } : {}) },
  };
  if (retryAfterMs !== undefined) options.retryAfterMs = retryAfterMs;
  return new HttpCallError('OPENAPI_CALL_HTTP_STATUS', snippet ? `${what}: ${snippet}` : what, options);
}

/** Retry-After as delay-seconds or an HTTP date, in ms (bounded); undefined when absent or unreadable. */
export function parseRetryAfter(value: string | null, now: () => number = Date.now): number | undefined {
  if (value === null) return undefined;
  const trimmed = value.trim();
  let ms: number;
  if (/^\d+$/.test(trimmed)) ms = Number(trimmed) * 1000;
  else {
    const at = Date.parse(trimmed);
    if (Number.isNaN(at)) return undefined;
    ms = at - now();
  }
  return Math.min(Math.max(ms, 0), MAX_RETRY_AFTER_MS);
}
