import { createSafeFetch, NetError } from '@toolarsenal/net';
import { compileGlobs, type GlobMatcher } from '@toolarsenal/toolmodel';
import { A2ACardError, A2AConfigError } from '../errors.js';
import { BodyTooLargeError, limitStream, readLimited } from '../shared/read-body.js';
import type { AppliedAuth } from './security.js';

/** Hosts a client may call: glob patterns over `host` (`name:port`) or `hostname`. */
export function hostMatcher(patterns: readonly string[]): GlobMatcher {
  try {
    const match = compileGlobs(patterns, { caseInsensitive: true });
    return match;
  } catch (error) {
    throw new A2AConfigError(`allowedHosts: ${(error as Error).message}`, { cause: error });
  }
}

/** The default fetch: @toolarsenal/net's safe fetch over the allowed hosts. */
export function safeFetchFor(hosts: readonly string[]): typeof fetch {
  try {
    return createSafeFetch({ allowedHosts: hosts }) as unknown as typeof fetch;
  } catch (error) {
    if (NetError.isInstance(error))
      throw new A2AConfigError(`allowedHosts: ${error.message}`, { cause: error });
    throw error;
  }
}

/** A request @toolarsenal/net refused: a host outside the policy or a private address. */
export function netRefusal(error: unknown): NetError | undefined {
  return NetError.isInstance(error) &&
    (error.code === 'NET_HOST_NOT_ALLOWED' ||
      error.code === 'NET_PRIVATE_ADDRESS' ||
      error.code === 'NET_REDIRECT_REFUSED')
    ? error
    : undefined;
}

export function checkHost(url: string, allowed: GlobMatcher): void {
  const parsed = new URL(url);
  if (allowed(parsed.host) || allowed(parsed.hostname)) return;
  throw new A2ACardError(
    'A2A_HOST_NOT_ALLOWED',
    `the agent card points at ${parsed.host}, which is not in allowedHosts (add it to call this agent)`,
  );
}

export interface BoundedFetchOptions {
  fetch: typeof fetch;
  auth: AppliedAuth;
  allowed: GlobMatcher;
  maxResponseBytes: number;
}

/**
 * The `fetch` handed to the SDK's transports: adds the credentials, refuses hosts outside
 * `allowedHosts` (so a card cannot send calls elsewhere), and bounds every response — JSON bodies
 * are read with a byte limit, event streams error once they pass four times that.
 */
export function boundedFetch(options: BoundedFetchOptions): typeof fetch {
  const { auth, allowed, maxResponseBytes } = options;
  return async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    checkHost(url.href, allowed);
    for (const [key, value] of Object.entries(auth.query)) url.searchParams.set(key, value);
    const headers = new Headers(init?.headers);
    for (const [key, value] of Object.entries(auth.headers)) headers.set(key, value);
    const response = await options.fetch(url, { ...init, headers, redirect: 'error' });
    const type = response.headers.get('content-type') ?? '';
    if (type.startsWith('text/event-stream') && response.body) {
      const body = limitStream(response.body, maxResponseBytes * 4, 'the agent event stream');
      return new Response(body, { status: response.status, headers: response.headers });
    }
    const bytes = await readLimited(response.body, maxResponseBytes, 'the agent response');
    return new Response(bytes.byteLength === 0 && nullBody(response.status) ? null : bytes, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  };
}

function nullBody(status: number): boolean {
  return status === 204 || status === 205 || status === 304;
}

export function isBodyTooLarge(error: unknown): boolean {
  for (let e: unknown = error, i = 0; e instanceof Error && i < 5; e = e.cause, i++)
    if (e instanceof BodyTooLargeError || /exceeded the maximum allowed size/.test(e.message)) return true;
  return false;
}
