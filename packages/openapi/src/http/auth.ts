import { isPlainObject } from '@toolarsenal/toolmodel';
import type { HttpSecuritySchemeMeta } from '../source-meta.js';
import { HttpCallError } from './errors.js';

/**
 * A credential for one security scheme, supplied by the caller (never read from the document):
 * - API key (`apiKey` schemes): `{apiKey}` or a plain string;
 * - HTTP bearer, or an OAuth2 / OpenID Connect token you already hold: `{token}` or a plain string;
 * - HTTP basic: `{username, password}` (or the string `user:pass`);
 * - OAuth2 client credentials / OpenID Connect: `{clientId, clientSecret, scopes?, tokenUrl?, audience?}`
 *   — the token is fetched from the scheme's token URL (or discovered from `openIdConnectUrl`),
 *   cached until it expires and fetched again once when the API answers 401.
 */
export type Credential =
  | string
  | { apiKey: string }
  | { token: string }
  | { username: string; password: string }
  | ClientCredentials;

export interface ClientCredentials {
  clientId: string;
  clientSecret: string;
  scopes?: string[];
  /** Overrides the document's token URL. */
  tokenUrl?: string;
  audience?: string;
  /** How the client authenticates to the token endpoint. Default `basic` (RFC 6749 §2.3.1). */
  clientAuth?: 'basic' | 'body';
}

/** Where one resolved credential goes on the request. */
export interface AppliedAuth {
  headers: Record<string, string>;
  query: Array<[string, string]>;
  cookies: string[];
  /** Secret values to redact (keys, tokens, passwords, encoded forms). */
  secrets: string[];
  /** Query parameter names that hold secrets. */
  secretParams: string[];
  /** Scheme names whose token came from a client-credentials flow (refreshed on 401). */
  fetchedTokens: string[];
}

/** Gets an access token for a client-credentials scheme (cached by the executor). */
export type TokenSource = (
  schemeName: string,
  scheme: HttpSecuritySchemeMeta,
  credentials: ClientCredentials,
) => Promise<string>;

const SHAPES: Array<{ required: string[]; optional: string[] }> = [
  { required: ['apiKey'], optional: [] },
  { required: ['token'], optional: [] },
  { required: ['username', 'password'], optional: [] },
  { required: ['clientId', 'clientSecret'], optional: ['scopes', 'tokenUrl', 'audience', 'clientAuth'] },
];

/**
 * Checks the executor's `auth` option up front: a record of credentials by scheme name. An
 * `undefined` entry (an unset environment variable) counts as no credential and is dropped.
 */
export function checkCredentials(value: unknown): Record<string, Credential> {
  const fail = (message: string) => new HttpCallError('OPENAPI_CALL_BAD_OPTION', message);
  if (value === undefined) return {};
  if (!isPlainObject(value)) throw fail('auth must be an object keyed by security scheme name');
  const out: Record<string, Credential> = {};
  for (const [name, credential] of Object.entries(value)) {
    if (credential === undefined) continue;
    const where = `auth.${JSON.stringify(name).slice(1, -1)}`;
    if (typeof credential === 'string') {
      out[name] = credential;
      continue;
    }
    if (!isPlainObject(credential))
      throw fail(`${where} must be a string or an object such as {apiKey}, {token}, {username, password}`);
    const keys = Object.keys(credential);
    const shape = SHAPES.find(
      (s) =>
        s.required.every((k) => keys.includes(k)) &&
        keys.every((k) => s.required.includes(k) || s.optional.includes(k)),
    );
    if (!shape)
      throw fail(
        `${where} has keys {${keys.join(', ')}}; expected {apiKey}, {token}, {username, password} or {clientId, clientSecret, scopes?, tokenUrl?, audience?, clientAuth?}`,
      );
    for (const key of keys) {
      const field = credential[key];
      if (key === 'scopes') {
        if (!Array.isArray(field) || !field.every((v) => typeof v === 'string'))
          throw fail(`${where}.scopes must be an array of strings`);
      } else if (key === 'clientAuth') {
        if (field !== 'basic' && field !== 'body')
          throw fail(`${where}.clientAuth must be "basic" or "body"`);
      } else if (typeof field !== 'string') throw fail(`${where}.${key} must be a string`);
    }
    out[name] = credential as Credential;
  }
  return out;
}

export function isClientCredentials(value: unknown): value is ClientCredentials {
  return isPlainObject(value) && typeof value.clientId === 'string' && typeof value.clientSecret === 'string';
}

/** Every secret string inside a credential (for redaction before anything is sent). */
export function credentialSecrets(credential: Credential): string[] {
  if (typeof credential === 'string') return [credential, Buffer.from(credential).toString('base64')];
  if ('apiKey' in credential) return [credential.apiKey];
  if ('token' in credential) return [credential.token];
  if ('password' in credential)
    return [
      credential.password,
      Buffer.from(`${credential.username}:${credential.password}`).toString('base64'),
    ];
  if (isClientCredentials(credential))
    return [
      credential.clientSecret,
      Buffer.from(
        `${encodeURIComponent(credential.clientId)}:${encodeURIComponent(credential.clientSecret)}`,
      ).toString('base64'),
    ];
  return [];
}

/**
 * Picks the first security alternative whose every scheme has a credential and applies it.
 * An empty alternative (`{}`) means the operation may be called without credentials.
 * `placeholderTokens` (dry runs) puts a marker where a fetched token would go instead of fetching.
 */
export async function applyAuth(
  security: Array<Record<string, string[]>> | undefined,
  schemes: Record<string, HttpSecuritySchemeMeta> | undefined,
  credentials: Record<string, Credential>,
  tokens: TokenSource | undefined,
  toolName: string,
): Promise<AppliedAuth> {
  const applied: AppliedAuth = {
    headers: {},
    query: [],
    cookies: [],
    secrets: [],
    secretParams: [],
    fetchedTokens: [],
  };
  if (!security || security.length === 0) return applied;
  const usable = security.find((requirement) =>
    Object.keys(requirement).every(
      (name) => Object.hasOwn(credentials, name) && schemes?.[name] !== undefined,
    ),
  );
  if (!usable) {
    const wanted = security.map((r) => Object.keys(r).join(' + ') || '(none)').join(' or ');
    throw new HttpCallError(
      'OPENAPI_CALL_NO_CREDENTIALS',
      `tool "${toolName}" needs credentials for ${wanted}; give them as auth: {<scheme name>: credential}`,
      { details: { schemes: security.map((r) => Object.keys(r)) } },
    );
  }
  for (const [name, scopes] of Object.entries(usable)) {
    const scheme = schemes![name]!;
    const credential = credentials[name]!;
    applied.secrets.push(...credentialSecrets(credential));
    await applyOne(applied, name, scheme, credential, scopes, tokens);
  }
  return applied;
}

async function applyOne(
  applied: AppliedAuth,
  name: string,
  scheme: HttpSecuritySchemeMeta,
  credential: Credential,
  scopes: string[],
  tokens: TokenSource | undefined,
): Promise<void> {
  const bad = (why: string) => new HttpCallError('OPENAPI_CALL_NO_CREDENTIALS', `auth.${name}: ${why}`);
  if (scheme.type === 'apiKey') {
    const key =
      typeof credential === 'string' ? credential : 'apiKey' in credential ? credential.apiKey : undefined;
    if (typeof key !== 'string' || !scheme.name)
      throw bad('an API key scheme needs {apiKey} (and the document must name the parameter)');
    if (scheme.in === 'query') {
      applied.query.push([scheme.name, key]);
      applied.secretParams.push(scheme.name);
    } else if (scheme.in === 'cookie') applied.cookies.push(`${scheme.name}=${encodeURIComponent(key)}`);
    else applied.headers[scheme.name.toLowerCase()] = key;
    return;
  }
  if (scheme.type === 'http' && scheme.scheme === 'basic') {
    let pair: string | undefined;
    if (typeof credential === 'string') pair = credential;
    else if ('password' in credential) pair = `${credential.username}:${credential.password}`;
    if (pair === undefined) throw bad('HTTP basic needs {username, password}');
    const encoded = Buffer.from(pair).toString('base64');
    applied.secrets.push(encoded);
    applied.headers.authorization = `Basic ${encoded}`;
    return;
  }
  const bearerLike =
    (scheme.type === 'http' && scheme.scheme === 'bearer') ||
    scheme.type === 'oauth2' ||
    scheme.type === 'openIdConnect';
  if (!bearerLike)
    throw bad(`scheme type "${scheme.type}${scheme.scheme ? ` ${scheme.scheme}` : ''}" is not supported`);
  let token: string | undefined;
  if (typeof credential === 'string') token = credential;
  else if ('token' in credential) token = credential.token;
  else if (isClientCredentials(credential) && scheme.type !== 'http') {
    if (!tokens) throw bad('client credentials need a token source');
    token = await tokens(name, scheme, { ...credential, scopes: credential.scopes ?? scopes });
    applied.fetchedTokens.push(name);
  }
  if (token === undefined)
    throw bad('a bearer scheme needs {token} (OAuth2 also accepts {clientId, clientSecret})');
  applied.secrets.push(token);
  applied.headers.authorization = `Bearer ${token}`;
}
