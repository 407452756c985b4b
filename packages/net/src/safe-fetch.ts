import type { Agent } from 'undici';
import { undici } from './undici.js';
import { encodeBody, type RequestBody } from './body.js';
import { findNetError, NetError } from './errors.js';
import { createHostPolicy, type HostPolicy, type HostPolicyOptions } from './host-policy.js';
import { type Redactor, redactUrl, SENSITIVE_HEADERS } from './redact.js';
import { checkMaxRedirects, REDIRECT_STATUSES, redirectStep } from './redirect.js';
import { pinnedLookup, type Resolver, systemResolver } from './resolve.js';

export interface SafeFetchOptions extends HostPolicyOptions {
  /** Redirects followed when a request's `redirect` is `follow` (the default), each re-checked. Default 5. */
  maxRedirects?: number | undefined;
  /** Host name resolution (default: the system resolver). Every answer is checked. */
  resolver?: Resolver | undefined;
  /** Applied to URLs in error messages. */
  redact?: Redactor | undefined;
  /** Headers dropped when a redirect leaves the origin, on top of Authorization, Cookie, Proxy-Authorization, X-Api-Key. */
  sensitiveHeaders?: readonly string[] | undefined;
}

/**
 * A `fetch` that only reaches what its policy allows, with streaming responses left to the caller
 * (event streams, bodies read with the caller's own limits).
 */
export type SafeFetch = ((input: string | URL | Request, init?: RequestInit) => Promise<Response>) & {
  readonly policy: HostPolicy;
  /** Closes pooled connections. */
  close(): Promise<void>;
};

type Body = Uint8Array | ReadableStream<Uint8Array> | undefined;

/**
 * A drop-in `fetch` for code that takes one (SDK transports, `fetchImpl` options): each URL is
 * checked against the host policy before anything is sent, connections go through a pool whose
 * lookup resolves, checks and pins the address (no DNS rebinding), and redirects are followed by
 * hand and checked again — credentials dropped when the origin changes. `redirect: 'manual'`
 * returns the 3xx response; `redirect: 'error'` rejects with `NET_REDIRECT_REFUSED`.
 *
 * Unlike `createSafeClient`, the response body is not read here: the caller bounds it (and sets
 * deadlines through `signal`). Refusals reject with `NetError`; cancellation rejects as fetch does.
 * Responses are undici `Response` objects (the same API as the global one).
 */
export function createSafeFetch(options: SafeFetchOptions = {}): SafeFetch {
  const policy = createHostPolicy(options);
  const maxRedirects = checkMaxRedirects(options.maxRedirects);
  const resolver = options.resolver ?? systemResolver;
  const redact = options.redact ?? ((text: string) => text);
  let agent: Agent | undefined;
  const dispatcher = () =>
    (agent ??= new (undici().Agent)({ connect: { lookup: pinnedLookup(policy, resolver) } }));
  const where = (url: URL | string) => redact(redactUrl(url));
  const sensitive: ReadonlySet<string> = new Set([
    ...SENSITIVE_HEADERS,
    ...(options.sensitiveHeaders ?? []).map((h) => h.toLowerCase()),
  ]);

  const safeFetch = async (input: string | URL | Request, init: RequestInit = {}): Promise<Response> => {
    const request = input instanceof Request ? new Request(input, init) : undefined;
    let url = parseUrl(request ? request.url : input instanceof URL ? input.href : String(input), where);
    let method = (request?.method ?? init.method ?? 'GET').toUpperCase();
    let headers = Object.fromEntries(new Headers(request ? request.headers : init.headers));
    const signal = request ? request.signal : (init.signal ?? undefined);
    const mode = request ? request.redirect : (init.redirect ?? 'follow');
    let body = await readBody(request ? request.body : init.body, headers);
    for (let hops = 0; ; hops++) {
      policy.checkUrl(url);
      let response;
      try {
        response = await undici().fetch(url, {
          method,
          headers,
          body: body ?? null,
          signal: signal ?? null,
          redirect: 'manual',
          dispatcher: dispatcher(),
          ...(body instanceof ReadableStream ? { duplex: 'half' as const } : {}),
        });
      } catch (error) {
        throw findNetError(error) ?? error;
      }
      const location = response.headers.get('location');
      if (!REDIRECT_STATUSES.has(response.status) || location === null || mode === 'manual')
        return response as unknown as Response;
      await response.body?.cancel().catch(() => {});
      const next = parseUrl(location, where, url);
      if (mode === 'error')
        throw new NetError(
          'NET_REDIRECT_REFUSED',
          `${where(url)} redirected (${response.status}) to ${where(next)}; the request does not follow redirects`,
        );
      if (hops >= maxRedirects)
        throw new NetError(
          'NET_TOO_MANY_REDIRECTS',
          `more than ${maxRedirects} redirects, last to ${where(next)}`,
        );
      const step = redirectStep(response.status, method, headers, url, next, sensitive);
      if (step.dropBody) body = undefined;
      else if (body instanceof ReadableStream)
        throw new NetError(
          'NET_REDIRECT_REFUSED',
          `${where(url)} redirected (${response.status}) and a streamed body cannot be sent again`,
        );
      ({ method, headers } = step);
      url = next;
    }
  };
  return Object.assign(safeFetch, {
    policy,
    async close() {
      const current = agent;
      agent = undefined;
      await current?.close();
    },
  });
}

/** Bodies become bytes (so a 307/308 can send them again), except streams, which are passed on. */
async function readBody(body: RequestInit['body'], headers: Record<string, string>): Promise<Body> {
  if (body === null || body === undefined) return undefined;
  if (body instanceof ReadableStream) return body as ReadableStream<Uint8Array>;
  let value: RequestBody;
  if (body instanceof ArrayBuffer) value = new Uint8Array(body);
  else if (ArrayBuffer.isView(body)) value = new Uint8Array(body.buffer, body.byteOffset, body.byteLength);
  else if (
    typeof body === 'string' ||
    body instanceof URLSearchParams ||
    body instanceof FormData ||
    body instanceof Blob
  )
    value = body;
  else
    throw new NetError('NET_BAD_OPTION', 'request body must be a string, bytes, a form, a Blob or a stream');
  const encoded = await encodeBody(value);
  if (encoded?.contentType && !Object.keys(headers).some((k) => k.toLowerCase() === 'content-type'))
    headers['content-type'] = encoded.contentType;
  return encoded?.bytes;
}

function parseUrl(value: string, where: (url: string) => string, base?: URL): URL {
  try {
    return new URL(value, base);
  } catch {
    throw new NetError('NET_BAD_URL', `not an absolute URL: ${JSON.stringify(where(value).slice(0, 200))}`);
  }
}
