import type { Agent } from 'undici';
import { undici } from './undici.js';
import { encodeBody, type RequestBody } from './body.js';
import { findNetError, NetError } from './errors.js';
import { createHostPolicy, type HostPolicy, type HostPolicyOptions } from './host-policy.js';
import { DEFAULT_MAX_RESPONSE_BYTES, type LimitedBody, readLimited } from './read-limited.js';
import { checkMaxRedirects, REDIRECT_STATUSES, redirectStep } from './redirect.js';
import { type Redactor, redactUrl, SENSITIVE_HEADERS } from './redact.js';
import { pinnedLookup, resolveChecked, type Resolver, systemResolver } from './resolve.js';

export const DEFAULT_TIMEOUT_MS = 30_000;

/** A fetch-compatible function (the global `fetch`, or a test double of the same shape). */
export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

export interface SafeClientOptions extends HostPolicyOptions {
  /** Total deadline of one request, redirects and body included (ms). Default 30,000. */
  timeoutMs?: number | undefined;
  /** Response bodies are cut at this many bytes. Default 10 MiB. */
  maxResponseBytes?: number | undefined;
  /** Redirects followed (each re-checked against the policy); 0 returns 3xx responses as they are. Default 5. */
  maxRedirects?: number | undefined;
  /** Host name resolution (default: the system resolver). Every answer is checked. */
  resolver?: Resolver | undefined;
  /**
   * Send through this fetch instead of the built-in pinned connection pool. The host is resolved and
   * checked before the call, but the fetch resolves again itself: prefer the default where DNS
   * answers are not trusted.
   */
  fetch?: FetchLike | undefined;
  /** Applied to every URL and message that leaves the client (errors). */
  redact?: Redactor | undefined;
}

export interface SafeRequest {
  url: string | URL;
  method?: string | undefined;
  headers?: Record<string, string> | undefined;
  body?: RequestBody | undefined;
  signal?: AbortSignal | undefined;
  /** Headers dropped when a redirect leaves the origin, on top of Authorization, Cookie, Proxy-Authorization. */
  sensitiveHeaders?: readonly string[] | undefined;
  /** Overrides the client's deadline for this request (ms). */
  timeoutMs?: number | undefined;
  /** Overrides the client's cap for this request. */
  maxResponseBytes?: number | undefined;
}

export interface SafeResponse {
  status: number;
  statusText: string;
  headers: Headers;
  /** The URL that answered (after redirects). */
  url: string;
  body: Uint8Array;
  /** The body went past `maxResponseBytes` and was cut there. */
  truncated: boolean;
  /** URLs redirected through, in order. */
  redirects: string[];
}

export interface SafeClient {
  request(request: SafeRequest): Promise<SafeResponse>;
  readonly policy: HostPolicy;
  /** Closes pooled connections. */
  close(): Promise<void>;
}

/**
 * An HTTP client that only reaches hosts its policy allows: the URL is checked before anything is
 * sent, every DNS answer is checked and the connection is made to exactly the checked address,
 * redirects are followed by hand and checked again, and each request has a total deadline and a
 * response size cap.
 */
export function createSafeClient(options: SafeClientOptions = {}): SafeClient {
  const policy = createHostPolicy(options);
  const timeoutMs = positive('timeoutMs', options.timeoutMs, DEFAULT_TIMEOUT_MS);
  const maxBytes = positive('maxResponseBytes', options.maxResponseBytes, DEFAULT_MAX_RESPONSE_BYTES);
  const maxRedirects = checkMaxRedirects(options.maxRedirects);
  const resolver = options.resolver ?? systemResolver;
  const redact = options.redact ?? ((text: string) => text);
  const custom = options.fetch;
  let agent: Agent | undefined;
  const pool = () =>
    (agent ??= new (undici().Agent)({ connect: { lookup: pinnedLookup(policy, resolver) } }));

  async function send(
    url: URL,
    method: string,
    headers: Record<string, string>,
    body: Uint8Array | undefined,
    signal: AbortSignal,
    cap: number,
  ) {
    if (custom) {
      if (!isLiteral(url.hostname)) await resolveChecked(url.hostname, policy, resolver);
      const init: RequestInit = { method, headers, redirect: 'manual', signal };
      if (body !== undefined) init.body = body;
      const response = await custom(url.toString(), init);
      const stream = response.body;
      const read: LimitedBody = stream
        ? await readLimited(
            stream as unknown as AsyncIterable<Uint8Array>,
            cap,
            () => void stream.cancel().catch(() => {}),
          )
        : { bytes: new Uint8Array(0), truncated: false, received: 0 };
      return { status: response.status, statusText: response.statusText, headers: response.headers, read };
    }
    const response = await pool().request({
      origin: url.origin,
      path: `${url.pathname}${url.search}`,
      method: method as 'GET',
      headers,
      body: body === undefined ? null : body,
      signal,
    });
    const read = await readLimited(response.body, cap, () => response.body.destroy());
    return { status: response.statusCode, statusText: '', headers: toHeaders(response.headers), read };
  }

  return {
    policy,
    async close() {
      const current = agent;
      agent = undefined;
      await current?.close();
    },
    async request(request) {
      const deadline = positive('timeoutMs', request.timeoutMs, timeoutMs);
      const cap = positive('maxResponseBytes', request.maxResponseBytes, maxBytes);
      const timer = AbortSignal.timeout(Math.ceil(deadline));
      const signal = request.signal ? AbortSignal.any([request.signal, timer]) : timer;
      let url = parseUrl(request.url, redact);
      let method = (request.method ?? 'GET').toUpperCase();
      let headers = { ...request.headers };
      const encoded = await encodeBody(request.body);
      let body = encoded?.bytes;
      if (encoded?.contentType && !hasHeader(headers, 'content-type'))
        headers['content-type'] = encoded.contentType;
      const sensitive = new Set([
        ...SENSITIVE_HEADERS,
        ...(request.sensitiveHeaders ?? []).map((h) => h.toLowerCase()),
      ]);
      const redirects: string[] = [];
      try {
        for (;;) {
          policy.checkUrl(url);
          const answer = await send(url, method, headers, body, signal, cap);
          const location = answer.headers.get('location');
          if (!REDIRECT_STATUSES.has(answer.status) || location === null || maxRedirects === 0) {
            return {
              status: answer.status,
              statusText: answer.statusText,
              headers: answer.headers,
              url: url.toString(),
              body: answer.read.bytes,
              truncated: answer.read.truncated,
              redirects,
            };
          }
          if (redirects.length >= maxRedirects)
            throw new NetError(
              'NET_TOO_MANY_REDIRECTS',
              `more than ${maxRedirects} redirects, last to ${redact(redactUrl(location))}`,
            );
          const next = parseUrl(new URL(location, url).toString(), redact);
          redirects.push(redact(redactUrl(next)));
          const step = redirectStep(answer.status, method, headers, url, next, sensitive);
          ({ method, headers } = step);
          if (step.dropBody) body = undefined;
          url = next;
        }
      } catch (error) {
        throw asNetError(error, signal, request.signal, deadline, url, redact);
      }
    },
  };
}

function asNetError(
  error: unknown,
  signal: AbortSignal,
  caller: AbortSignal | undefined,
  deadline: number,
  url: URL,
  redact: Redactor,
): NetError {
  if (NetError.isInstance(error)) return error;
  const inner = findNetError(error);
  if (inner) return inner;
  const where = redact(redactUrl(url));
  if (caller?.aborted)
    return new NetError('NET_ABORTED', `request to ${where} was cancelled`, { cause: caller.reason });
  if (signal.aborted)
    return new NetError('NET_TIMEOUT', `request to ${where} did not finish within ${deadline} ms`);
  const code = errorCode(error);
  const message = error instanceof Error ? redact(error.message) : 'unknown error';
  return new NetError(
    'NET_CONNECTION_FAILED',
    `request to ${where} failed: ${message}${code ? ` (${code})` : ''}`,
    { details: code ? { code } : {} },
  );
}

function errorCode(error: unknown): string | undefined {
  const own = (error as { code?: unknown })?.code;
  if (typeof own === 'string') return own;
  const cause = (error as { cause?: { code?: unknown } })?.cause?.code;
  return typeof cause === 'string' ? cause : undefined;
}

function parseUrl(value: string | URL, redact: Redactor): URL {
  try {
    return new URL(String(value));
  } catch {
    throw new NetError(
      'NET_BAD_URL',
      `not an absolute URL: ${JSON.stringify(redact(String(value)).slice(0, 200))}`,
    );
  }
}

function isLiteral(hostname: string): boolean {
  return hostname.startsWith('[') || /^\d{1,3}(\.\d{1,3}){3}$/.test(hostname);
}

function hasHeader(headers: Record<string, string>, name: string): boolean {
  return Object.keys(headers).some((k) => k.toLowerCase() === name);
}

function toHeaders(raw: Record<string, string | string[] | undefined>): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(raw)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else headers.append(name, value);
  }
  return headers;
}

function positive(name: string, value: number | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (!(typeof value === 'number' && Number.isFinite(value) && value > 0 && value <= 2_147_483_647))
    throw new NetError(
      'NET_BAD_OPTION',
      `${name} must be a positive number of at most 2^31-1, got ${String(value)}`,
    );
  return value;
}
