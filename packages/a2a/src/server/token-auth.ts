import { timingSafeEqual } from 'node:crypto';
import type { A2ARequestInfo, Authenticate } from './http.js';
import type { A2APrincipal } from './principal.js';

export interface TokenAuthOptions {
  /** Bearer token → principal (give each its `exposure` level, e.g. `partner`). */
  tokens?: Readonly<Record<string, A2APrincipal>>;
  /** Principal for callers on a loopback address without a token (e.g. `{ id: 'local', exposure: 'local' }`). */
  loopback?: A2APrincipal;
}

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * A simple `authenticate`: `Authorization: Bearer <token>` looked up in `tokens` (constant-time
 * compare); an unknown token is refused (401), never served at a lower level; no token is the
 * anonymous (least trusted) level, or `loopback` for connections from this machine.
 */
export function tokenAuth(options: TokenAuthOptions): Authenticate {
  const entries = Object.entries(options.tokens ?? {}).map(([token, principal]) => ({
    token: Buffer.from(token),
    principal: Object.freeze({ ...principal }),
  }));
  const loopback = options.loopback ? Object.freeze({ ...options.loopback }) : undefined;
  return (request: A2ARequestInfo) => {
    const header = request.headers.authorization;
    if (header !== undefined) {
      const match = /^Bearer\s+(\S+)$/i.exec(Array.isArray(header) ? (header[0] ?? '') : header);
      if (!match) return null;
      const given = Buffer.from(match[1]!);
      let found: A2APrincipal | undefined;
      for (const entry of entries)
        if (entry.token.length === given.length && timingSafeEqual(entry.token, given))
          found = entry.principal;
      return found ?? null;
    }
    if (loopback && request.remoteAddress !== undefined && LOOPBACK.has(request.remoteAddress))
      return loopback;
    return undefined;
  };
}
