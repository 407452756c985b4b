import type { NormalizedPrincipal, RateLimitObligation, Tool } from '@toolarsenal/toolmodel';
import { rateLimitedError } from './call-state.js';
import type { ToolRunError } from './errors.js';
import type { KeyedBuckets, TokenBucket } from './token-bucket.js';
import type { ToolEntry } from './tool-entry.js';

/** The runner's keyed bucket stores. */
export interface RateLimitStores {
  /** `principalRateLimit`: one bucket per principal id, across tools. */
  principals?: KeyedBuckets | undefined;
  /** Rate-limit obligations of policy decisions, one bucket per (scope, who, limit). */
  obligations: KeyedBuckets;
}

/**
 * Takes a token from every bucket that applies to the call: the tool's own, the principal's,
 * and the policy decision's rate-limit obligation. Returns the `rate_limited` error when one is
 * empty, refunding the tokens already taken so a refusal costs nothing.
 */
export function takeRateTokens(
  entry: ToolEntry<unknown>,
  stores: RateLimitStores,
  principal: NormalizedPrincipal,
  now: number,
  obligation: RateLimitObligation | undefined,
): ToolRunError | undefined {
  // Hot path: no allocation unless a limit refuses (then the tokens already taken are refunded).
  const toolBucket = entry.bucket;
  if (toolBucket) {
    const wait = toolBucket.take(now);
    if (wait > 0) return rateLimitedError(`Tool "${entry.tool.name}" is rate limited`, wait, 'tool');
  }
  let principalBucket: TokenBucket | undefined;
  if (stores.principals) {
    const who = principal.id ?? '';
    principalBucket = stores.principals.get(who, now);
    if (principalBucket === undefined) return refund(tooManyKeys('principal'), toolBucket);
    const wait = principalBucket.take(now);
    if (wait > 0)
      return refund(rateLimitedError(`Caller "${who}" is rate limited`, wait, 'principal'), toolBucket);
  }
  if (obligation) {
    const bucket = stores.obligations.get(obligationKey(obligation, entry.tool, principal), now, obligation);
    if (bucket === undefined) return refund(tooManyKeys('policy'), toolBucket, principalBucket);
    const wait = bucket.take(now);
    if (wait > 0)
      return refund(
        rateLimitedError('The access policy limits these calls', wait, 'policy'),
        toolBucket,
        principalBucket,
      );
  }
  return undefined;
}

function refund(error: ToolRunError, ...buckets: Array<TokenBucket | undefined>): ToolRunError {
  for (const bucket of buckets) bucket?.refund();
  return error;
}

/** Calls with the same key share one budget: same scope (rule or tool), same caller group, same limit. */
function obligationKey(o: RateLimitObligation, tool: Tool, principal: NormalizedPrincipal): string {
  const per = o.per ?? 'principal';
  const who = per === 'global' ? '' : per === 'tenant' ? (principal.tenant ?? '') : (principal.id ?? '');
  return `${o.scope ?? `tool:${tool.id}`}\u0000${per}\u0000${who}\u0000${o.requests}/${o.intervalMs}`;
}

function tooManyKeys(scope: 'principal' | 'policy'): ToolRunError {
  return rateLimitedError('Too many callers are rate limited at once', 1_000, scope);
}
