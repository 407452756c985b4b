import type { IncomingMessage } from 'node:http';
import { parseJsonSafely, UnsafeJsonError } from '@toolarsenal/toolmodel';
import { badRequest, InspectError } from '../errors.js';

/** JSON nesting a request may use (arguments for nested schemas need some; hostile nesting is refused). */
const BODY_JSON_LIMITS = { maxDepth: 64, maxNodes: 50_000, maxStringLength: 100_000, maxArrayLength: 10_000 };

/** Reads a JSON request body of at most `maxBytes`, refusing other content types and unsafe JSON. */
export async function readJsonBody(request: IncomingMessage, maxBytes: number): Promise<unknown> {
  const type = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  // Only JSON: an HTML form (another site's cross-origin POST) cannot send it without a preflight.
  if (type !== 'application/json')
    throw badRequest('the request body must be JSON (Content-Type: application/json)');
  const declared = Number(request.headers['content-length'] ?? NaN);
  if (Number.isFinite(declared) && declared > maxBytes) throw tooLarge(maxBytes);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > maxBytes) throw tooLarge(maxBytes);
    chunks.push(chunk as Buffer);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  if (text.trim() === '') throw badRequest('the request body is empty; send a JSON object');
  try {
    return parseJsonSafely(text, BODY_JSON_LIMITS);
  } catch (error) {
    if (UnsafeJsonError.isInstance(error))
      throw badRequest(`the request body is not acceptable JSON: ${error.message}`);
    throw error;
  }
}

function tooLarge(maxBytes: number): InspectError {
  return new InspectError('INSPECT_TOO_LARGE', `the request body is larger than ${maxBytes} bytes`);
}
