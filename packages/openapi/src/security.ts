import { isPlainObject } from '@toolarsenal/toolmodel';
import type { SpecKind } from './load-document.js';
import type { HttpSecuritySchemeMeta } from './source-meta.js';

export interface OperationSecurity {
  security?: Array<Record<string, string[]>>;
  securitySchemes?: Record<string, HttpSecuritySchemeMeta>;
  /** Scopes needed when there is exactly one way to authenticate. */
  requiredScopes: string[];
}

/** Security requirements of an operation (its own, else the document's) and the schemes they name. */
export function operationSecurity(
  operation: Record<string, unknown>,
  api: Record<string, unknown>,
  kind: SpecKind,
  deref: (value: unknown) => unknown = (value) => value,
): OperationSecurity {
  const source = operation.security !== undefined ? operation.security : api.security;
  if (!Array.isArray(source)) return { requiredScopes: [] };
  const security: Array<Record<string, string[]>> = [];
  for (const requirement of source) {
    if (!isPlainObject(requirement)) continue;
    const clean: Record<string, string[]> = {};
    for (const [name, scopes] of Object.entries(requirement)) {
      clean[name] = Array.isArray(scopes) ? scopes.filter((s): s is string => typeof s === 'string') : [];
    }
    security.push(clean);
  }
  const definitions =
    kind === 'swagger-2.0'
      ? api.securityDefinitions
      : isPlainObject(api.components)
        ? api.components.securitySchemes
        : undefined;
  const securitySchemes: Record<string, HttpSecuritySchemeMeta> = {};
  for (const requirement of security) {
    for (const name of Object.keys(requirement)) {
      const def =
        isPlainObject(definitions) && Object.hasOwn(definitions, name) ? deref(definitions[name]) : undefined;
      if (isPlainObject(def)) securitySchemes[name] = schemeMeta(def);
    }
  }
  const only = security.length === 1 ? Object.entries(security[0]!) : [];
  const requiredScopes = only.length === 1 ? only[0]![1] : [];
  const out: OperationSecurity = { requiredScopes, security };
  if (Object.keys(securitySchemes).length > 0) out.securitySchemes = securitySchemes;
  return out;
}

/**
 * The type, where the credential goes, and the URLs a client-credentials or OpenID Connect flow
 * fetches tokens from; other flows and any value are left out.
 */
function schemeMeta(def: Record<string, unknown>): HttpSecuritySchemeMeta {
  const str = (v: unknown) => (typeof v === 'string' && v ? v : undefined);
  if (def.type === 'basic') return { type: 'http', scheme: 'basic' };
  const meta: HttpSecuritySchemeMeta = { type: str(def.type) ?? 'unknown' };
  const flows = isPlainObject(def.flows) ? def.flows : undefined;
  const clientCredentials =
    flows && isPlainObject(flows.clientCredentials) ? flows.clientCredentials : undefined;
  const tokenUrl = clientCredentials
    ? str(clientCredentials.tokenUrl)
    : def.flow === 'application'
      ? str(def.tokenUrl)
      : undefined;
  if (tokenUrl) meta.tokenUrl = tokenUrl;
  const discovery = str(def.openIdConnectUrl);
  if (discovery) meta.openIdConnectUrl = discovery;
  const scheme = str(def.scheme);
  const location = str(def.in);
  const name = str(def.name);
  const bearerFormat = str(def.bearerFormat);
  if (scheme) meta.scheme = scheme.toLowerCase();
  if (location) meta.in = location;
  if (name) meta.name = name;
  if (bearerFormat) meta.bearerFormat = bearerFormat;
  return meta;
}
