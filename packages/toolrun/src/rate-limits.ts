import { rateLimitedError } from './call-state.js';
import type { ToolRunError } from './errors.js';
import type { KeyedBuckets } from './token-bucket.js';
import type { ToolEntry } from './tool-entry.js';
import type { Principal } from './types.js';

/**
 * Takes a token from the tool's bucket and the principal's bucket; returns the `rate_limited`
 * error when either is empty (refunding the tool token so one refusal does not cost twice).
 */
export function takeRateTokens(
  entry: ToolEntry<unknown>,
  principalBuckets: KeyedBuckets | undefined,
  principal: Principal,
  now: number,
): ToolRunError | undefined {
  if (entry.bucket) {
    const wait = entry.bucket.take(now);
    if (wait > 0) return rateLimitedError(`Tool "${entry.tool.name}" is rate limited`, wait, 'tool');
  }
  if (principalBuckets) {
    const wait = principalBuckets.get(principal.id, now).take(now);
    if (wait > 0) {
      entry.bucket?.refund();
      return rateLimitedError(`Caller "${principal.id}" is rate limited`, wait, 'principal');
    }
  }
  return undefined;
}
