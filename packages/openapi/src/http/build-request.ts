import { isPlainObject, type JsonObject, type JsonValue, type Tool } from '@toolarsenal/toolmodel';
import { DEFAULT_PARAMETER_STYLES, type ParameterLocation } from '@toolarsenal/tooladapter';
import type { HttpParameterMeta, HttpSourceMeta } from '../source-meta.js';
import { type AppliedAuth } from './auth.js';
import { encodeBody } from './encode-body.js';
import { HttpCallError } from './errors.js';
import { encodeStrict } from './percent-encode.js';
import {
  type Serialisation,
  serialiseCookie,
  serialiseHeader,
  serialisePath,
  serialiseQuery,
} from './serialize.js';

/** One HTTP request, exactly as it will be sent. */
export interface PreparedRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string | Uint8Array | FormData;
  /** Values to mask wherever the request is shown or mentioned. */
  secrets: string[];
  /** Query parameters holding secrets. */
  secretParams: string[];
}

/** Header names a call may not set through a parameter (the transport owns them). */
const FORBIDDEN_HEADERS = new Set([
  'host',
  'content-length',
  'transfer-encoding',
  'connection',
  'upgrade',
  'te',
  'trailer',
  'keep-alive',
]);
/**
 * Header values are sent as written (OpenAPI does not percent-encode them), so they must be
 * visible ASCII, space or tab: a line break would inject another header, and other characters
 * have no agreed encoding.
 */
function badHeaderCharacter(value: string): string | undefined {
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c === 0x09) continue;
    if (c < 0x20 || c === 0x7f) return 'line breaks and control characters';
    if (c > 0x7e) return 'characters outside ASCII';
  }
  return undefined;
}

function serialisation(meta: HttpParameterMeta | undefined, location: ParameterLocation): Serialisation {
  const style = meta?.style ?? DEFAULT_PARAMETER_STYLES[location];
  return {
    style,
    explode: meta?.explode ?? style === 'form',
    allowReserved: meta?.allowReserved,
    contentType: meta?.contentType,
  };
}

/** Builds the request for validated arguments (the input layout: `{path, query, header, cookie, body}`). */
export function buildRequest(
  tool: Tool,
  meta: HttpSourceMeta,
  args: JsonObject,
  baseUrl: string,
  auth: AppliedAuth,
  extraHeaders: Record<string, string>,
): PreparedRequest {
  const group = (location: ParameterLocation): Record<string, JsonValue> => {
    const value = args[location];
    if (value === undefined) return {};
    if (!isPlainObject(value))
      throw new HttpCallError('OPENAPI_CALL_BAD_ARGUMENT', `/${location} must be an object`);
    return value as Record<string, JsonValue>;
  };
  const path = fillPath(meta, group('path'));
  const query: string[] = [];
  for (const [name, value] of Object.entries(group('query'))) {
    if (value === undefined) continue;
    query.push(...serialiseQuery(name, value, serialisation(meta.parameters.query?.[name], 'query')));
  }
  for (const [name, value] of auth.query) query.push(`${encodeStrict(name)}=${encodeStrict(value)}`);
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(extraHeaders)) headers[name.toLowerCase()] = value;
  for (const [name, value] of Object.entries(group('header'))) {
    if (value === undefined) continue;
    const lower = name.toLowerCase();
    if (FORBIDDEN_HEADERS.has(lower))
      throw new HttpCallError(
        'OPENAPI_CALL_BAD_ARGUMENT',
        `/header/${name}: this header is set by the client`,
      );
    headers[lower] = headerValue(
      `/header/${name}`,
      serialiseHeader(value, serialisation(meta.parameters.header?.[name], 'header')),
    );
  }
  const cookies: string[] = [];
  for (const [name, value] of Object.entries(group('cookie'))) {
    if (value === undefined) continue;
    cookies.push(...serialiseCookie(name, value, serialisation(meta.parameters.cookie?.[name], 'cookie')));
  }
  cookies.push(...auth.cookies);
  if (cookies.length > 0) headers.cookie = headerValue('/cookie', cookies.join('; '));
  Object.assign(headers, auth.headers);
  const prepared: PreparedRequest = {
    method: meta.method.toUpperCase(),
    url: `${baseUrl}${path}${query.length > 0 ? `?${query.join('&')}` : ''}`,
    headers,
    secrets: auth.secrets,
    secretParams: auth.secretParams,
  };
  if (args.body !== undefined && meta.body) {
    const encoded = encodeBody(args.body, meta.body);
    prepared.body = encoded.body;
    if (encoded.contentType) headers['content-type'] = encoded.contentType;
  } else if (args.body !== undefined) {
    throw new HttpCallError('OPENAPI_CALL_BAD_ARGUMENT', `/body: tool "${tool.name}" takes no body`);
  }
  if (headers.accept === undefined) headers.accept = 'application/json, */*;q=0.8';
  return prepared;
}

function fillPath(meta: HttpSourceMeta, values: Record<string, JsonValue>): string {
  return meta.path.replace(/\{([^}]+)\}/g, (_match, name: string) => {
    const value = values[name];
    if (value === undefined || value === null)
      throw new HttpCallError('OPENAPI_CALL_BAD_ARGUMENT', `/path/${name} is required`);
    const text = serialisePath(name, value, serialisation(meta.parameters.path?.[name], 'path'));
    // A whole segment of "." or ".." would be resolved away by URL parsing (and %2E%2E too).
    if (/^(?:\.|%2e){1,2}$/i.test(text))
      throw new HttpCallError(
        'OPENAPI_CALL_BAD_ARGUMENT',
        `/path/${name}: "${text}" is not allowed as a path segment`,
      );
    if (text === '') throw new HttpCallError('OPENAPI_CALL_BAD_ARGUMENT', `/path/${name} must not be empty`);
    return text;
  });
}

function headerValue(pointer: string, value: string): string {
  const bad = badHeaderCharacter(value);
  if (bad)
    throw new HttpCallError('OPENAPI_CALL_BAD_ARGUMENT', `${pointer}: ${bad} cannot be sent in a header`);
  return value;
}
