import type { JsonObject, Tool } from '@toolarsenal/toolmodel';
import type { A2APrincipal } from './principal.js';

/** A call waiting for the caller's yes/no: exactly what was validated, so exactly that runs. */
export interface PendingCall {
  /** Who may answer: `<level>|<principal id>`. */
  owner: string;
  taskId: string;
  contextId: string;
  tool: Tool;
  args: JsonObject;
  principal: A2APrincipal;
  question: string;
  /** The runner's confirmation token, when the runner asked; absent when the policy asked. */
  token?: string;
  /** The runner's hash of the arguments it showed: confirming binds to exactly these. */
  argumentsHash?: string;
  expiresAt: number;
}

/** Pending confirmations by task id, bounded (oldest dropped) and expiring. */
export class PendingCalls {
  private readonly byTask = new Map<string, PendingCall>();
  /** Answers in flight, by the answering message id (taken from `byTask` before the SDK runs). */
  private readonly claims = new Map<string, PendingCall>();

  constructor(
    private readonly ttlMs: number,
    private readonly max: number,
  ) {}

  add(call: Omit<PendingCall, 'expiresAt'>, now = Date.now()): PendingCall {
    for (const [id, p] of this.byTask) if (p.expiresAt < now) this.byTask.delete(id);
    const entry = { ...call, expiresAt: now + this.ttlMs };
    this.byTask.set(call.taskId, entry);
    if (this.byTask.size > this.max) this.byTask.delete(this.byTask.keys().next().value as string);
    return entry;
  }

  peek(taskId: string): PendingCall | undefined {
    return this.byTask.get(taskId);
  }

  /** Moves the pending call to the answering message, so two answers cannot both run it. */
  claim(taskId: string, messageId: string): PendingCall | undefined {
    const entry = this.byTask.get(taskId);
    if (!entry) return undefined;
    this.byTask.delete(taskId);
    this.claims.set(messageId, entry);
    return entry;
  }

  /** Gives a claim back (the SDK refused the message before our executor saw it). */
  release(messageId: string): void {
    const entry = this.claims.get(messageId);
    if (!entry) return;
    this.claims.delete(messageId);
    this.byTask.set(entry.taskId, entry);
  }

  takeClaim(messageId: string): PendingCall | undefined {
    const entry = this.claims.get(messageId);
    this.claims.delete(messageId);
    return entry;
  }

  /** Puts an unanswered call back (the answer was neither yes nor no). */
  restore(entry: PendingCall): void {
    this.byTask.set(entry.taskId, entry);
  }

  remove(taskId: string): PendingCall | undefined {
    const entry = this.byTask.get(taskId);
    this.byTask.delete(taskId);
    return entry;
  }
}
