import type { IncomingMessage } from 'node:http';
import { InspectError } from '../errors.js';

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '::1', '[::1]']);

export function isLoopback(host: string): boolean {
  return LOOPBACK_HOSTS.has(host) || /^127\.\d+\.\d+\.\d+$/.test(host);
}

/**
 * Bound to loopback, only requests addressed to loopback are served: another site's page resolving its own
 * name to 127.0.0.1 (DNS rebinding) sends its name in `Host` and is refused.
 */
export function checkHost(request: IncomingMessage, boundHost: string, port: number): void {
  if (!isLoopback(boundHost)) return;
  const header = request.headers.host ?? '';
  const match = /^(\[[^\]]+\]|[^:]+)(?::(\d+))?$/.exec(header);
  if (!match || !isLoopback(match[1]!.toLowerCase()) || (match[2] !== undefined && Number(match[2]) !== port))
    throw new InspectError(
      'INSPECT_FORBIDDEN',
      'this inspector only answers requests addressed to its loopback address',
    );
}

/** A POST carrying an `Origin` must come from the page itself (same host and port). */
export function checkOrigin(request: IncomingMessage): void {
  const origin = request.headers.origin;
  if (origin === undefined) return;
  let parsed: URL;
  try {
    parsed = new URL(origin);
  } catch {
    throw new InspectError('INSPECT_FORBIDDEN', 'cross-origin requests are refused');
  }
  if (parsed.host !== request.headers.host)
    throw new InspectError('INSPECT_FORBIDDEN', 'cross-origin requests are refused');
}
