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
}

/** One bucket per key (principal id), oldest key evicted past `maxKeys` so memory stays bounded. */
export class KeyedBuckets {
  private readonly buckets = new Map<string, TokenBucket>();

  constructor(
    private readonly spec: RateLimitSpec,
    private readonly maxKeys = 10_000,
  ) {
    checkSpec(spec);
  }

  get(key: string, now: number): TokenBucket {
    let bucket = this.buckets.get(key);
    if (!bucket) {
      bucket = new TokenBucket(this.spec, now);
      this.buckets.set(key, bucket);
      if (this.buckets.size > this.maxKeys) this.buckets.delete(this.buckets.keys().next().value as string);
    }
    return bucket;
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
