import { randomUUID } from 'node:crypto';
import { type ArgumentError, createArgumentValidator, type Tool } from '@toolarsenal/toolmodel';
import type { ToolResult } from '@toolarsenal/toolrun';
import { badRequest, InspectError } from '../errors.js';
import { asObject, onlyFields, requiredString } from '../input.js';
import type { InspectCalls, InspectEvent, InspectTarget } from '../target.js';
import { readSubject } from './policy-view.js';
import type { ToolCatalog } from './tools-view.js';

export interface ValidationView {
  valid: boolean;
  errors: ArgumentError[];
}

export interface CallView {
  callId: string;
  toolId: string;
  status: ToolResult['status'];
  ok: boolean;
  result?: unknown;
  error?: { code: string; message: string; details?: unknown };
  /** Present when the call waits for a human: show `arguments`, then confirm with `token` + `argumentsHash`. */
  confirmation?: {
    token: string;
    argumentsHash: string;
    reason: string;
    arguments: unknown;
    expiresAt: number;
  };
  timings: ToolResult['timings'];
  attempt: number;
  /** Runner events of this call, `at` relative to the call's start (ms). */
  events: Array<{ name: InspectEvent['name']; atMs: number; detail: Readonly<Record<string, unknown>> }>;
}

/** Pending confirmations kept per server: token → call id, so a confirmation names nothing but its token. */
const MAX_PENDING = 1_000;

export class CallDesk {
  private readonly validator = createArgumentValidator();
  private readonly pending = new Map<string, { callId: string; tool: Tool }>();

  constructor(
    private readonly target: InspectTarget,
    private readonly catalog: ToolCatalog,
  ) {}

  /** `POST /api/validate`: `{id, arguments}` against the tool's input schema, errors by JSON pointer. */
  validate(body: unknown): ValidationView {
    const input = asObject(body, 'body');
    onlyFields(input, ['id', 'arguments'], 'validate');
    const tool = this.catalog.get(requiredString(input, 'id', 1_000));
    return this.check(tool, input.arguments);
  }

  /** `POST /api/call`: `{id, arguments, subject?}`; invalid arguments are answered without running anything. */
  async call(body: unknown): Promise<CallView> {
    const calls = this.calls();
    const input = asObject(body, 'body');
    onlyFields(input, ['id', 'arguments', 'subject'], 'call');
    const tool = this.catalog.get(requiredString(input, 'id', 1_000));
    const principal = input.subject === undefined ? undefined : readSubject(input.subject);
    const callId = `inspect-${randomUUID()}`;
    const outcome = await calls.call({
      callId,
      tool,
      arguments: input.arguments ?? {},
      ...(principal ? { principal } : {}),
    });
    return this.view(callId, tool, outcome.result, outcome.events);
  }

  /** `POST /api/confirm`: `{token, argumentsHash}` of a pending call; runs it exactly once. */
  async confirm(body: unknown): Promise<CallView> {
    const calls = this.calls();
    const input = asObject(body, 'body');
    onlyFields(input, ['token', 'argumentsHash'], 'confirm');
    const token = requiredString(input, 'token', 200);
    const hash = requiredString(input, 'argumentsHash', 200);
    const { callId, tool } = this.take(token);
    // A mismatched hash spends the token in the runner (nothing runs): the call must be made again.
    const outcome = await calls.confirm(callId, token, hash);
    return this.view(callId, tool, outcome.result, outcome.events);
  }

  /** `POST /api/reject`: `{token}`; the pending call is cancelled. */
  async reject(body: unknown): Promise<CallView> {
    const calls = this.calls();
    const input = asObject(body, 'body');
    onlyFields(input, ['token'], 'reject');
    const token = requiredString(input, 'token', 200);
    const { callId, tool } = this.take(token);
    const outcome = await calls.reject(callId, token);
    return this.view(callId, tool, outcome.result, outcome.events);
  }

  private calls(): InspectCalls {
    if (!this.target.calls) throw new InspectError('INSPECT_NOT_FOUND', 'calls are not available here');
    return this.target.calls;
  }

  private take(token: string): { callId: string; tool: Tool } {
    const entry = this.pending.get(token);
    if (!entry) throw badRequest('unknown or already used confirmation token');
    this.pending.delete(token);
    return entry;
  }

  private check(tool: Tool, args: unknown): ValidationView {
    const result = this.validator.validateInput(tool, args ?? {});
    return { valid: result.valid, errors: result.errors };
  }

  private view(callId: string, tool: Tool, result: ToolResult, events: InspectEvent[]): CallView {
    const start = result.timings.queuedAt;
    const confirmation = result.confirmation;
    if (confirmation) {
      if (this.pending.size >= MAX_PENDING) this.pending.delete(this.pending.keys().next().value as string);
      this.pending.set(confirmation.token, { callId, tool });
    }
    return {
      callId,
      toolId: tool.id,
      status: result.status,
      ok: result.ok,
      ...(result.ok ? { result: result.result } : {}),
      ...(result.error
        ? {
            error: {
              code: result.error.code,
              message: result.error.message,
              ...(result.error.details !== undefined ? { details: result.error.details } : {}),
            },
          }
        : {}),
      ...(confirmation
        ? {
            confirmation: {
              token: confirmation.token,
              argumentsHash: confirmation.argumentsHash,
              reason: confirmation.reason,
              arguments: confirmation.arguments,
              expiresAt: confirmation.expiresAt,
            },
          }
        : {}),
      timings: result.timings,
      attempt: result.attempt,
      events: events.map((e) => ({ name: e.name, atMs: Math.max(0, e.at - start), detail: e.detail })),
    };
  }
}
