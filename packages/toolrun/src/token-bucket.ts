import type { RateLimitSpec } from '@toolarsenal/toolmodel';
import { ToolRegistrationError } from './errors.js';

/**
 * Classic token bucket: holds up to `requests` tokens (the burst) and refills at
 * `requests / intervalMs`. Lazy refill on each take, so an idle bucket costs nothing.
 */
export class TokenBucket {
  readonly capacity: number;
  private readonly refillPerMs: number;
  private tokens: number;
  private last: number;

  constructor(spec: RateLimitSpec, now: number) {
    checkSpec(spec);
    this.capacity = spec.requests;
    this.refillPerMs = spec.requests / spec.intervalMs;
    this.tokens = spec.requests;
    this.last = now;
  }

  /** Takes a token: returns 0 on success, else the milliseconds until one is available. */
  take(now: number): number {
    if (now > this.last) {
      this.tokens = Math.min(this.capacity, this.tokens + (now - this.last) * this.refillPerMs);
      this.last = now;
    }
    if (this.tokens >= 1) {
      this.tokens -= 1;
      return 0;
    }
    return Math.ceil((1 - this.tokens) / this.refillPerMs);
  }

  /** Gives back a token taken by a call that was then refused elsewhere. */
  refund(): void {
    this.tokens = Math.min(this.capacity, this.tokens + 1);
  }

  /** Tokens available right now (fractional). */
  available(now: number): number {
    return Math.min(this.capacity, this.tokens + Math.max(0, now - this.last) * this.refillPerMs);
  }

  /** When the bucket will be full again if nobody takes from it (ms, same clock as `take`). */
  fullAt(): number {
    return this.last + (this.capacity - this.tokens) / this.refillPerMs;
  }
}

/**
 * One bucket per key (principal id, tenant…), with memory bounded by `maxKeys`. Only buckets that
 * are full again (idle long enough to have refilled) are evicted: dropping one is the same as
 * starting it afresh, so eviction can never hand a rate-limited caller a new budget. When every
 * tracked key is still limited, a new key gets no bucket (`undefined`) and its call is refused
 * until some bucket refills — memory stays bounded and limits hold.
 */
export class KeyedBuckets {
  private readonly buckets = new Map<string, TokenBucket>();
  /** No bucket can be full before this time (ms), so sweeping earlier frees nothing. */
  private nextSweepAt = 0;

  constructor(
    private readonly spec: RateLimitSpec | undefined,
    private readonly maxKeys = 10_000,
  ) {
    if (spec !== undefined) checkSpec(spec);
    if (!(Number.isInteger(maxKeys) && maxKeys >= 1)) {
      throw new ToolRegistrationError(
        `the number of rate-limit keys must be an integer >= 1, got ${maxKeys}`,
      );
    }
  }

  get size(): number {
    return this.buckets.size;
  }

  /** The key's bucket (created with `spec`, default the store's); undefined when no room is left. */
  get(key: string, now: number, spec: RateLimitSpec | undefined = this.spec): TokenBucket | undefined {
    let bucket = this.buckets.get(key);
    if (bucket) return bucket;
    if (spec === undefined) throw new ToolRegistrationError('a rate limit needs requests and intervalMs');
    if (this.buckets.size >= this.maxKeys && !this.sweep(now)) return undefined;
    bucket = new TokenBucket(spec, now);
    this.buckets.set(key, bucket);
    return bucket;
  }

  /** Drops the buckets that have refilled; true when room was made. */
  private sweep(now: number): boolean {
    if (now < this.nextSweepAt) return false;
    let soonest = Number.POSITIVE_INFINITY;
    for (const [key, bucket] of this.buckets) {
      const fullAt = bucket.fullAt();
      if (fullAt <= now) this.buckets.delete(key);
      else if (fullAt < soonest) soonest = fullAt;
    }
    this.nextSweepAt = soonest;
    return this.buckets.size < this.maxKeys;
  }
}

function checkSpec(spec: RateLimitSpec): void {
  if (!(Number.isFinite(spec.requests) && spec.requests >= 1)) {
    throw new ToolRegistrationError(`rate limit "requests" must be a number >= 1, got ${spec.requests}`);
  }
  if (!(Number.isFinite(spec.intervalMs) && spec.intervalMs > 0)) {
    throw new ToolRegistrationError(`rate limit "intervalMs" must be > 0, got ${spec.intervalMs}`);
  }
}
