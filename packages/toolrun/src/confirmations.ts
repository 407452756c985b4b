import { createHash, randomBytes } from 'node:crypto';
import {
  type AccessDecision,
  canonicalJson,
  type JsonObject,
  type NormalizedPrincipal,
} from '@toolarsenal/toolmodel';
import { newState } from './call-state.js';
import { ConfirmationError } from './errors.js';
import type { RunObserver } from './observer.js';
import type { ToolEntry } from './tool-entry.js';
import type { PendingConfirmation } from './types.js';

/** A call held for confirmation: everything needed to run it later, exactly as validated. */
export interface Pending<C> {
  entry: ToolEntry<C>;
  /** Frozen: what was validated and shown is what runs. */
  args: JsonObject;
  argumentsHash: string;
  callId: string;
  principal: NormalizedPrincipal;
  /** The access decision that admitted the call; its rate limit and audit apply when confirmed. */
  decision: AccessDecision;
  context?: C;
}

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

  create(
    payload: T,
    reason: string,
    now: number,
    shown: { arguments: JsonObject; argumentsHash: string },
  ): PendingConfirmation {
    this.sweep(now);
    const token = randomBytes(24).toString('base64url');
    const expiresAt = now + this.ttlMs;
    this.pending.set(token, { payload, expiresAt });
    if (this.pending.size > this.maxPending) this.pending.delete(this.pending.keys().next().value as string);
    return { token, expiresAt, reason, arguments: shown.arguments, argumentsHash: shown.argumentsHash };
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

/** SHA-256 (hex) of the arguments' canonical JSON: what a confirmation is bound to. */
export function hashArguments(args: JsonObject): string {
  return createHash('sha256').update(canonicalJson(args)).digest('hex');
}

/**
 * Consumes a token for `runner.confirm` / `runner.reject`, auditing rejections and refusals
 * (the runner audits a confirmation itself, as the policy may require it). Throws
 * `ConfirmationError` for unknown or used tokens, for expired ones when confirming, and when
 * `expectedHash` (the hash the human approved) is not the pending call's.
 */
export function takePending<C>(
  store: ConfirmationStore<Pending<C>>,
  observer: RunObserver,
  token: string,
  decision: 'confirmed' | 'rejected',
  expectedHash?: string,
): Pending<C> {
  const now = Date.now();
  const taken = store.take(token, now);
  if (!taken) {
    throw new ConfirmationError(
      'CONFIRMATION_UNKNOWN',
      'unknown confirmation token (never issued, already used or rejected, or evicted)',
    );
  }
  const p = taken.payload;
  const state = newState(p.callId, p.entry.tool.name, now);
  const entry = p.entry as ToolEntry<unknown>;
  if (taken.expired && decision === 'confirmed') {
    observer.audit('expired', undefined, state, entry, p.principal, p.args);
    throw new ConfirmationError('CONFIRMATION_EXPIRED', `confirmation for "${state.toolName}" expired`);
  }
  if (
    decision === 'confirmed' &&
    ((expectedHash !== undefined && expectedHash !== p.argumentsHash) ||
      hashArguments(p.args) !== p.argumentsHash)
  ) {
    observer.audit('rejected', 'CONFIRMATION_MISMATCH', state, entry, p.principal, p.args);
    throw new ConfirmationError(
      'CONFIRMATION_MISMATCH',
      `the approved arguments are not those of the pending call to "${state.toolName}"; the token is spent`,
    );
  }
  if (decision === 'rejected') observer.audit(decision, undefined, state, entry, p.principal, p.args);
  return p;
}
