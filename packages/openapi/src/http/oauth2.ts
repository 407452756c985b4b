import type { SafeRequest, SafeResponse } from '@toolarsenal/net';
import { isPlainObject } from '@toolarsenal/toolmodel';
import type { HttpSecuritySchemeMeta } from '../source-meta.js';
import type { ClientCredentials } from './auth.js';
import { HttpCallError } from './errors.js';

/** Tokens are refreshed this long before they expire. */
const EXPIRY_MARGIN_MS = 30_000;
/** Lifetime assumed when the token response has no `expires_in`. */
const DEFAULT_LIFETIME_MS = 300_000;

interface CachedToken {
  token: string;
  expiresAt: number;
}

type Send = (request: SafeRequest) => Promise<SafeResponse>;

export interface TokenCache {
  /** A token for the scheme (cached), fetched through `send` (the calling tool's safe client). */
  source(
    name: string,
    scheme: HttpSecuritySchemeMeta,
    credentials: ClientCredentials,
    send: Send,
  ): Promise<string>;
  /** Forgets a scheme's token (after a 401) so the next call fetches a new one. */
  invalidate(schemeName: string): void;
}

/**
 * OAuth2 client-credentials tokens (RFC 6749 §4.4), fetched through the executor's safe client,
 * cached until shortly before `expires_in`, shared by concurrent calls. For OpenID Connect schemes
 * the token endpoint comes from the discovery document (`openIdConnectUrl`), fetched once.
 */
export function createTokenCache(now: () => number = Date.now): TokenCache {
  const tokens = new Map<string, CachedToken>();
  const pending = new Map<string, Promise<CachedToken>>();
  const endpoints = new Map<string, Promise<string>>();

  async function discover(url: string, send: Send): Promise<string> {
    let found = endpoints.get(url);
    if (!found) {
      found = (async () => {
        const response = await send({ url, headers: { accept: 'application/json' } });
        const doc = parseJson(response, 'OpenID Connect discovery');
        if (!isPlainObject(doc) || typeof doc.token_endpoint !== 'string')
          throw new HttpCallError(
            'OPENAPI_CALL_AUTH_FAILED',
            `OpenID Connect discovery at ${url} has no token_endpoint`,
          );
        return doc.token_endpoint;
      })();
      endpoints.set(url, found);
      found.catch(() => endpoints.delete(url));
    }
    return found;
  }

  async function fetchToken(
    scheme: HttpSecuritySchemeMeta,
    c: ClientCredentials,
    send: Send,
  ): Promise<CachedToken> {
    const tokenUrl =
      c.tokenUrl ??
      scheme.tokenUrl ??
      (scheme.openIdConnectUrl ? await discover(scheme.openIdConnectUrl, send) : undefined);
    if (!tokenUrl)
      throw new HttpCallError(
        'OPENAPI_CALL_AUTH_FAILED',
        'the scheme has no client-credentials token URL; give auth.<scheme>.tokenUrl',
      );
    const form = new URLSearchParams({ grant_type: 'client_credentials' });
    if (c.scopes && c.scopes.length > 0) form.set('scope', c.scopes.join(' '));
    if (c.audience) form.set('audience', c.audience);
    const headers: Record<string, string> = {
      accept: 'application/json',
      'content-type': 'application/x-www-form-urlencoded',
    };
    if (c.clientAuth === 'body') {
      form.set('client_id', c.clientId);
      form.set('client_secret', c.clientSecret);
    } else {
      const pair = `${encodeURIComponent(c.clientId)}:${encodeURIComponent(c.clientSecret)}`;
      headers.authorization = `Basic ${Buffer.from(pair).toString('base64')}`;
    }
    const started = now();
    const response = await send({ url: tokenUrl, method: 'POST', headers, body: form.toString() });
    if (response.status < 200 || response.status >= 300) {
      throw new HttpCallError('OPENAPI_CALL_AUTH_FAILED', `token endpoint answered ${response.status}`, {
        retryable: response.status >= 500 || response.status === 429,
        status: response.status,
      });
    }
    const body = parseJson(response, 'token response');
    if (!isPlainObject(body) || typeof body.access_token !== 'string' || body.access_token === '')
      throw new HttpCallError('OPENAPI_CALL_AUTH_FAILED', 'token response has no access_token');
    const lifetime =
      typeof body.expires_in === 'number' && Number.isFinite(body.expires_in) && body.expires_in > 0
        ? body.expires_in * 1000
        : DEFAULT_LIFETIME_MS;
    return { token: body.access_token, expiresAt: started + lifetime };
  }

  const keyOf = (name: string, c: ClientCredentials) =>
    JSON.stringify([name, c.clientId, c.tokenUrl ?? '', [...(c.scopes ?? [])].sort(), c.audience ?? '']);

  return {
    async source(name, scheme, credentials, send) {
      const key = keyOf(name, credentials);
      const cached = tokens.get(key);
      if (cached && cached.expiresAt - EXPIRY_MARGIN_MS > now()) return cached.token;
      let inflight = pending.get(key);
      if (!inflight) {
        inflight = fetchToken(scheme, credentials, send).finally(() => pending.delete(key));
        pending.set(key, inflight);
      }
      const fresh = await inflight;
      tokens.set(key, fresh);
      return fresh.token;
    },
    invalidate(name) {
      const prefix = JSON.stringify([name]).slice(0, -1);
      for (const key of tokens.keys()) if (key.startsWith(`${prefix},`)) tokens.delete(key);
    },
  };
}

function parseJson(response: SafeResponse, what: string): unknown {
  try {
    return JSON.parse(new TextDecoder().decode(response.body));
  } catch {
    throw new HttpCallError('OPENAPI_CALL_AUTH_FAILED', `${what} is not JSON (status ${response.status})`);
  }
}
