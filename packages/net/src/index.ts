// Public API of @toolarsenal/net: export each name explicitly (no `export *` from internals).
export { type AddressClass, classifyAddress, isIpLiteral } from './address.js';
export { type EncodedBody, encodeBody, type RequestBody } from './body.js';
export { NetError, type NetErrorCode } from './errors.js';
export {
  createHostPolicy,
  type HostPolicy,
  type HostPolicyOptions,
  MAX_ALLOWED_HOSTS,
  normaliseHost,
} from './host-policy.js';
export { DEFAULT_MAX_RESPONSE_BYTES, truncationMarker } from './read-limited.js';
export {
  combineRedactors,
  createRedactor,
  REDACTED,
  type Redactor,
  redactHeaders,
  redactUrl,
  SENSITIVE_HEADERS,
} from './redact.js';
export { pinnedLookup, resolveChecked, type Resolver, systemResolver } from './resolve.js';
export { DEFAULT_MAX_REDIRECTS } from './redirect.js';
export { createSafeFetch, type SafeFetch, type SafeFetchOptions } from './safe-fetch.js';
export {
  createSafeClient,
  DEFAULT_TIMEOUT_MS,
  type FetchLike,
  type SafeClient,
  type SafeClientOptions,
  type SafeRequest,
  type SafeResponse,
} from './safe-client.js';
