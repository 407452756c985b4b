import { isPlainObject } from '@toolarsenal/toolmodel';
import { A2AAuthError, A2ACardError } from '../errors.js';

/** A security scheme a card declares, reduced to what a client needs to satisfy it. */
export type SecuritySchemeInfo =
  | { kind: 'http'; scheme: string }
  | { kind: 'apiKey'; location: 'header' | 'query' | 'cookie'; name: string }
  | { kind: 'oauth2' | 'openIdConnect' | 'mtls' };

/**
 * Credentials for a remote agent. `bearer` satisfies HTTP bearer, OAuth 2 and OpenID Connect
 * schemes (you obtain the token); `apiKey` satisfies API-key schemes wherever the card puts
 * them; `basic` satisfies HTTP basic. `headers` are sent as given and satisfy the schemes named in
 * `satisfies` (for anything else, e.g. a custom header or a token from your own flow).
 */
export interface AgentAuth {
  bearer?: string;
  apiKey?: string;
  basic?: { username: string; password: string };
  headers?: Readonly<Record<string, string>>;
  satisfies?: readonly string[];
}

/** What to add to each request: headers and query parameters. */
export interface AppliedAuth {
  headers: Record<string, string>;
  query: Record<string, string>;
}

const FLOW_KEYS: Record<string, 'oauth2' | 'openIdConnect' | 'mtls'> = {
  oauth2SecurityScheme: 'oauth2',
  openIdConnectSecurityScheme: 'openIdConnect',
  mtlsSecurityScheme: 'mtls',
};

/** Reads one scheme, in the v1.0 (protobuf JSON) or the v0.3 (`type` discriminator) shape. */
export function readScheme(raw: unknown, pointer: string): SecuritySchemeInfo {
  if (!isPlainObject(raw)) throw invalid(pointer, 'a security scheme must be an object');
  const http = raw.httpAuthSecurityScheme;
  if (isPlainObject(http) || raw.type === 'http') {
    const scheme = (isPlainObject(http) ? http.scheme : raw.scheme) ?? '';
    if (typeof scheme !== 'string') throw invalid(`${pointer}/scheme`, 'HTTP auth "scheme" must be a string');
    return { kind: 'http', scheme: scheme.toLowerCase() };
  }
  const key = raw.apiKeySecurityScheme;
  if (isPlainObject(key) || raw.type === 'apiKey') {
    const location = isPlainObject(key) ? key.location : raw.in;
    const name = isPlainObject(key) ? key.name : raw.name;
    if (location !== 'header' && location !== 'query' && location !== 'cookie')
      throw invalid(pointer, 'API key "location" must be header, query or cookie');
    if (typeof name !== 'string' || name === '' || !/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name))
      throw invalid(pointer, 'API key "name" must be a valid header or parameter name');
    return { kind: 'apiKey', location, name };
  }
  for (const [field, kind] of Object.entries(FLOW_KEYS)) if (isPlainObject(raw[field])) return { kind };
  if (raw.type === 'oauth2') return { kind: 'oauth2' };
  if (raw.type === 'openIdConnect') return { kind: 'openIdConnect' };
  if (raw.type === 'mutualTLS') return { kind: 'mtls' };
  throw invalid(pointer, 'unknown security scheme type');
}

/**
 * Requirement alternatives as lists of scheme names: v1.0 `securityRequirements: [{schemes: {name:
 * {list}}}]` or v0.3 `security: [{name: [scopes]}]`. An empty list means "no authentication".
 */
export function readRequirements(card: Record<string, unknown>): string[][] {
  const v1 = card.securityRequirements;
  const v03 = card.security;
  const list = v1 ?? v03;
  if (list === undefined) return [];
  const field = v1 !== undefined ? 'securityRequirements' : 'security';
  if (!Array.isArray(list)) throw invalid(`/${field}`, `"${field}" must be an array`);
  return list.map((entry, i) => {
    const schemes = isPlainObject(entry) && isPlainObject(entry.schemes) ? entry.schemes : entry;
    if (!isPlainObject(schemes)) throw invalid(`/${field}/${i}`, 'a security requirement must be an object');
    return Object.keys(schemes);
  });
}

function canSatisfy(scheme: SecuritySchemeInfo, name: string, auth: AgentAuth): boolean {
  if (auth.satisfies?.includes(name)) return true;
  switch (scheme.kind) {
    case 'http':
      return scheme.scheme === 'basic' ? auth.basic !== undefined : auth.bearer !== undefined;
    case 'apiKey':
      return auth.apiKey !== undefined;
    case 'oauth2':
    case 'openIdConnect':
      return auth.bearer !== undefined;
    case 'mtls':
      return false;
  }
}

/**
 * Picks the first requirement alternative the credentials satisfy and returns what to send.
 * Throws `A2AAuthError` (before any call is made) when none can be satisfied.
 */
export function applyAuth(
  schemes: Readonly<Record<string, SecuritySchemeInfo>>,
  requirements: readonly (readonly string[])[],
  auth: AgentAuth = {},
): AppliedAuth {
  const out: AppliedAuth = { headers: { ...auth.headers }, query: {} };
  if (requirements.length === 0 || requirements.some((alt) => alt.length === 0)) {
    addDefaultCredentials(out, auth);
    return out;
  }
  for (const alternative of requirements) {
    const infos = alternative.map((name) => [name, schemes[name]] as const);
    if (!infos.every(([name, info]) => info !== undefined && canSatisfy(info, name, auth))) continue;
    for (const [name, info] of infos) if (!auth.satisfies?.includes(name)) addCredential(out, info!, auth);
    return out;
  }
  const described = requirements.map((alt) => alt.map((n) => describe(n, schemes[n])).join(' + '));
  throw new A2AAuthError(
    `the agent requires ${described.join(' or ')}, and the credentials given cannot satisfy it` +
      ' (pass auth: { bearer | apiKey | basic | headers + satisfies })',
    requirements,
  );
}

function addDefaultCredentials(out: AppliedAuth, auth: AgentAuth): void {
  if (auth.bearer !== undefined) out.headers.authorization = `Bearer ${auth.bearer}`;
  else if (auth.basic !== undefined) out.headers.authorization = basicHeader(auth.basic);
}

function addCredential(out: AppliedAuth, info: SecuritySchemeInfo, auth: AgentAuth): void {
  if (info.kind === 'apiKey') {
    const key = auth.apiKey!;
    if (info.location === 'header') out.headers[info.name.toLowerCase()] = key;
    else if (info.location === 'query') out.query[info.name] = key;
    else out.headers.cookie = `${info.name}=${encodeURIComponent(key)}`;
  } else if (info.kind === 'http' && info.scheme === 'basic') {
    out.headers.authorization = basicHeader(auth.basic!);
  } else out.headers.authorization = `Bearer ${auth.bearer!}`;
}

function basicHeader(basic: { username: string; password: string }): string {
  return `Basic ${Buffer.from(`${basic.username}:${basic.password}`).toString('base64')}`;
}

function describe(name: string, info: SecuritySchemeInfo | undefined): string {
  if (!info) return `"${name}" (undeclared scheme)`;
  if (info.kind === 'http') return `"${name}" (HTTP ${info.scheme || 'auth'})`;
  if (info.kind === 'apiKey') return `"${name}" (API key in ${info.location} "${info.name}")`;
  return `"${name}" (${info.kind})`;
}

function invalid(pointer: string, message: string): A2ACardError {
  return new A2ACardError('A2A_CARD_INVALID', `invalid agent card at ${pointer}: ${message}`, { pointer });
}
