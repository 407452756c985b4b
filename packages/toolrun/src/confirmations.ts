import { randomBytes } from 'node:crypto';
import type { PendingConfirmation } from './types.js';

interface Entry<T> {
  payload: T;
  expiresAt: number;
}

/**
 * Single-use confirmation tokens. `take` removes the token before returning its payload,
 * so a token confirms (or rejects) at most one execution even under concurrent calls.
 */
export class ConfirmationStore<T> {
  private readonly pending = new Map<string, Entry<T>>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxPending: number,
  ) {}

  create(payload: T, reason: string, now: number): PendingConfirmation {
    this.sweep(now);
    const token = randomBytes(24).toString('base64url');
    const expiresAt = now + this.ttlMs;
    this.pending.set(token, { payload, expiresAt });
    if (this.pending.size > this.maxPending) this.pending.delete(this.pending.keys().next().value as string);
    return { token, expiresAt, reason };
  }

  /** Removes the token and returns its payload (`expired` when past its expiry); undefined when unknown or used. */
  take(token: string, now: number): { payload: T; expired: boolean } | undefined {
    const entry = typeof token === 'string' ? this.pending.get(token) : undefined;
    if (!entry) return undefined;
    this.pending.delete(token);
    return { payload: entry.payload, expired: now > entry.expiresAt };
  }

  get size(): number {
    return this.pending.size;
  }

  /** Drops expired tokens (insertion order = expiry order, since the ttl is fixed). */
  private sweep(now: number): void {
    for (const [token, entry] of this.pending) {
      if (entry.expiresAt >= now) break;
      this.pending.delete(token);
    }
  }
}
