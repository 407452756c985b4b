import { NetError } from './errors.js';

export const DEFAULT_MAX_REDIRECTS = 5;

/** Validates a `maxRedirects` option (0-20; default 5). */
export function checkMaxRedirects(value: number | undefined): number {
  const max = value ?? DEFAULT_MAX_REDIRECTS;
  if (!(Number.isInteger(max) && max >= 0 && max <= 20))
    throw new NetError('NET_BAD_OPTION', `maxRedirects must be an integer 0-20, got ${String(max)}`);
  return max;
}

/** Statuses that carry a Location to follow. */
export const REDIRECT_STATUSES: ReadonlySet<number> = new Set([301, 302, 303, 307, 308]);

export interface RedirectStep {
  method: string;
  headers: Record<string, string>;
  /** The body is dropped (303, and 301/302 after POST, become GET). */
  dropBody: boolean;
}

/**
 * What the next request of a redirect looks like (the Fetch standard's rules): 303 — and 301/302
 * after POST — become GET without a body or its content headers; credentials (`sensitive`, lower
 * case) are dropped when the origin changes. The target itself is checked by the caller.
 */
export function redirectStep(
  status: number,
  method: string,
  headers: Record<string, string>,
  from: URL,
  to: URL,
  sensitive: ReadonlySet<string>,
): RedirectStep {
  let next = headers;
  let nextMethod = method;
  let dropBody = false;
  if (status === 303 || ((status === 301 || status === 302) && method === 'POST')) {
    if (method !== 'HEAD') nextMethod = 'GET';
    dropBody = true;
    next = withoutHeaders(next, ['content-type', 'content-length']);
  }
  if (to.origin !== from.origin) next = withoutHeaders(next, sensitive);
  return { method: nextMethod, headers: next, dropBody };
}

function withoutHeaders(headers: Record<string, string>, names: Iterable<string>): Record<string, string> {
  const drop = new Set([...names].map((n) => n.toLowerCase()));
  return Object.fromEntries(Object.entries(headers).filter(([k]) => !drop.has(k.toLowerCase())));
}
