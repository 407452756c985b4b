import type { Context, Span, Tracer } from '@opentelemetry/api';
import type { AuditLevel, JsonObject, NormalizedPrincipal } from '@toolarsenal/toolmodel';
import { CircuitState } from 'cockatiel';
import type { CallState } from './call-state.js';
import { EventHub } from './events.js';
import type { BreakerState, HealthStatus } from './health.js';
import type { AuditRecord } from './runner-options.js';
import type { ToolEntry } from './tool-entry.js';
import { otelApi, PACKAGE_VERSION } from './otel.js';
import { endToolSpan, startToolSpan, type TracingOptions } from './tracing.js';
import type { ToolResult } from './types.js';

const BREAKER_STATES: Record<CircuitState, BreakerState> = {
  [CircuitState.Closed]: 'closed',
  [CircuitState.Open]: 'open',
  [CircuitState.HalfOpen]: 'half_open',
  [CircuitState.Isolated]: 'isolated',
};

export interface ObserverOptions {
  audit?: (record: AuditRecord) => void;
  auditArguments?: boolean;
  tracing?: TracingOptions;
}

/** Spans, structured events, audit records and health bookkeeping for the runner. */
export class RunObserver {
  readonly events = new EventHub();
  private tracerFound?: { tracer: Tracer | undefined };
  private readonly tracing: TracingOptions;

  constructor(private readonly options: ObserverOptions) {
    this.tracing = options.tracing ?? {};
  }

  /** The tracer, looked up at the first call (the global OpenTelemetry API loads only then). */
  private get tracer(): Tracer | undefined {
    this.tracerFound ??= {
      tracer:
        this.tracing.enabled === false
          ? undefined
          : (this.tracing.tracer ?? otelApi()?.trace.getTracer('@toolarsenal/toolrun', PACKAGE_VERSION)),
    };
    return this.tracerFound.tracer;
  }

  startSpan(
    state: CallState,
    entry: ToolEntry<unknown> | undefined,
    parent: Context | undefined,
  ): Span | undefined {
    if (!this.tracer) return undefined;
    return startToolSpan(
      this.tracer,
      {
        toolName: state.toolName,
        callId: state.callId,
        ...(entry ? { description: entry.tool.description, toolType: entry.toolType } : {}),
        ...(parent ? { parent } : {}),
      },
      this.tracing.maxAttributeLength ?? 4_096,
    );
  }

  /** Ends the span and emits the outcome event; returns the result for chaining. */
  finish(result: ToolResult, span: Span | undefined, args: JsonObject | undefined): ToolResult {
    if (span) endToolSpan(span, result, this.tracing, args);
    const at = result.timings.completedAt;
    const events = this.events;
    if (result.ok) {
      if (events.has('success')) {
        events.emit('success', {
          callId: result.callId,
          toolName: result.toolName,
          toolId: result.toolId ?? '',
          attempt: result.attempt,
          latencyMs: result.timings.latencyMs,
          at,
        });
      }
    } else if (result.confirmation) {
      events.emit('confirmation', {
        callId: result.callId,
        toolName: result.toolName,
        toolId: result.toolId ?? '',
        confirmation: result.confirmation,
        at,
      });
    } else if (result.error && events.has('failure')) {
      events.emit('failure', {
        callId: result.callId,
        toolName: result.toolName,
        ...(result.toolId ? { toolId: result.toolId } : {}),
        status: result.status,
        code: result.error.code,
        message: result.error.message,
        retryable: result.error.retryable,
        attempt: result.attempt,
        latencyMs: result.timings.latencyMs,
        at,
      });
    }
    return result;
  }

  /** True when an audit sink is configured (a policy's audit obligation needs one). */
  get audits(): boolean {
    return this.options.audit !== undefined;
  }

  /**
   * Sends one audit record; returns whether the sink took it. A sink's failure changes nothing
   * unless the policy required the audit (`obligation`), in which case the caller refuses the call.
   */
  audit(
    decision: AuditRecord['decision'],
    reason: string | undefined,
    state: CallState,
    entry: ToolEntry<unknown> | undefined,
    principal: NormalizedPrincipal | undefined,
    args: JsonObject | undefined,
    obligation?: { rule?: string | undefined; level: AuditLevel | false },
  ): boolean {
    const hook = this.options.audit;
    if (!hook) return false;
    const record: AuditRecord = {
      decision,
      callId: state.callId,
      toolName: state.toolName,
      at: Date.now(),
    };
    if (principal?.id !== undefined) record.principalId = principal.id;
    if (reason !== undefined) record.reason = reason;
    if (entry) record.toolId = entry.tool.id;
    if (obligation?.rule !== undefined) record.rule = obligation.rule;
    if (obligation?.level) record.audit = obligation.level;
    if ((this.options.auditArguments || obligation?.level === 'full') && args !== undefined)
      record.arguments = args;
    try {
      hook(record);
      return true;
    } catch {
      // Audit sinks should report their own failures; only a required audit refuses the call.
      return false;
    }
  }

  /** Records an execution outcome in the tool's health and emits `health` on a status change. */
  recordHealth(entry: ToolEntry<unknown>, result: ToolResult): void {
    const before = entry.health.status;
    const error = result.error ? { code: result.error.code, message: result.error.message } : undefined;
    if (entry.health.record(result.ok, result.timings.latencyMs, result.timings.completedAt, error)) {
      this.emitHealth(entry, before, result.timings.completedAt);
    }
  }

  emitRetry(entry: ToolEntry<unknown>, state: CallState, attempt: number, at: number): void {
    const e = state.lastError;
    const error =
      e instanceof Error
        ? { code: (e as { code?: string }).code ?? e.name, message: e.message }
        : { code: 'UNKNOWN', message: String(e) };
    this.events.emit('retry', {
      callId: state.callId,
      toolName: entry.tool.name,
      toolId: entry.tool.id,
      attempt,
      error,
      at,
    });
  }

  /** Mirrors the breaker's state into health and emits `breaker` (and `health`) events. */
  watchBreaker(entry: ToolEntry<unknown>): void {
    const breaker = entry.pipeline.breaker;
    if (!breaker) return;
    breaker.onStateChange((state) => {
      const at = Date.now();
      if (state === CircuitState.Open) entry.openedAt = at;
      const from = entry.health.breaker;
      const to = BREAKER_STATES[state];
      const before = entry.health.status;
      const changed = entry.health.setBreaker(to);
      this.events.emit('breaker', { toolName: entry.tool.name, toolId: entry.tool.id, from, to, at });
      if (changed) this.emitHealth(entry, before, at);
    });
  }

  private emitHealth(entry: ToolEntry<unknown>, from: HealthStatus, at: number): void {
    if (!this.events.has('health')) return;
    const health = entry.health.snapshot();
    this.events.emit('health', {
      toolName: entry.tool.name,
      toolId: entry.tool.id,
      from,
      to: health.status,
      health,
      at,
    });
  }
}
