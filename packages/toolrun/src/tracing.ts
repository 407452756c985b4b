import { randomFillSync } from 'node:crypto';
import type { Attributes, Context, Span, Tracer } from '@opentelemetry/api';
import { otelApi } from './otel.js';
import type { ToolResult } from './types.js';

// Values of the API's `SpanKind.INTERNAL`, `SpanStatusCode.OK` / `ERROR` (stable since 1.0), so
// spans can be made with a tracer passed in even where the API module itself is not installed.
const SPAN_KIND_INTERNAL = 0;
const STATUS_OK = 1;
const STATUS_ERROR = 2;
const INVALID_TRACE_ID = '00000000000000000000000000000000';

/**
 * OpenTelemetry settings. Only `@opentelemetry/api` (an optional peer dependency) is used: bring
 * your own SDK/exporter. Without the API installed no span is made.
 */
export interface TracingOptions {
  /** Default true. When false no span is created at all. */
  enabled?: boolean;
  /** Default: the global provider's `@toolarsenal/toolrun` tracer (a no-op until one is registered). */
  tracer?: Tracer;
  /** Record `gen_ai.tool.call.arguments` (may contain personal data). Default false. */
  recordArguments?: boolean;
  /** Record `gen_ai.tool.call.result`. Default false. */
  recordResults?: boolean;
  /**
   * Use the error message as the span status message. Default false: messages can quote the
   * caller's arguments (JSON syntax errors, unexpected keys) or the tool's data, so the status says
   * only `CODE: status` (e.g. `INVALID_ARGUMENTS: invalid_arguments`).
   */
  recordErrorMessages?: boolean;
  /** Longest recorded argument/result/description attribute, in characters. Default 4,096. */
  maxAttributeLength?: number;
}

export interface SpanStart {
  toolName: string;
  callId: string;
  description?: string;
  toolType?: string;
  parent?: Context;
}

/** Opens the per-call span named `execute_tool {tool name}` with gen_ai semantic-convention attributes. */
export function startToolSpan(tracer: Tracer, s: SpanStart, maxLength: number): Span {
  const attributes: Attributes = {
    'gen_ai.operation.name': 'execute_tool',
    'gen_ai.tool.name': s.toolName,
    'gen_ai.tool.call.id': s.callId,
  };
  if (s.description) attributes['gen_ai.tool.description'] = truncate(s.description, maxLength);
  if (s.toolType) attributes['gen_ai.tool.type'] = s.toolType;
  return tracer.startSpan(
    `execute_tool ${s.toolName}`,
    { kind: SPAN_KIND_INTERNAL, attributes },
    s.parent ?? otelApi()?.context.active(),
  );
}

/** Closes the span with the result's status, `error.type` and (opt-in) payloads. */
export function endToolSpan(span: Span, result: ToolResult, options: TracingOptions, args?: unknown): void {
  if (span.isRecording()) {
    const max = options.maxAttributeLength ?? 4_096;
    span.setAttribute('toolarsenal.tool.status', result.status);
    span.setAttribute('toolarsenal.tool.attempt', result.attempt);
    if (result.toolId) span.setAttribute('toolarsenal.tool.id', result.toolId);
    if (options.recordArguments && args !== undefined) {
      span.setAttribute('gen_ai.tool.call.arguments', truncate(safeStringify(args), max));
    }
    if (options.recordResults && result.status === 'success') {
      span.setAttribute('gen_ai.tool.call.result', truncate(safeStringify(result.result), max));
    }
    if (result.error && result.status !== 'pending_confirmation') {
      span.setAttribute('error.type', result.error.code);
      const message = options.recordErrorMessages
        ? result.error.message
        : `${result.error.code}: ${result.status}`;
      span.setStatus({ code: STATUS_ERROR, message });
    } else if (result.status === 'success') {
      span.setStatus({ code: STATUS_OK });
    }
  }
  span.end();
}

/** Trace/span ids for the result: the span's own when it records, otherwise generated (keeping a parent trace id). */
export function spanIds(span: Span | undefined): { traceId: string; spanId: string } {
  if (span) {
    const sc = span.spanContext();
    // The no-op tracer hands out the invalid context; skip the regex validation for it.
    if (sc.traceId !== INVALID_TRACE_ID && otelApi()?.isSpanContextValid(sc)) {
      return span.isRecording()
        ? { traceId: sc.traceId, spanId: sc.spanId }
        : { traceId: sc.traceId, spanId: localIds().spanId };
    }
  }
  return localIds();
}

/** Runs `fn` with `span` as the active span so executors' own spans become its children. */
export function withSpan<T>(span: Span, fn: () => T): T {
  const otel = otelApi();
  if (!span.isRecording() || otel === undefined) return fn();
  return otel.context.with(otel.trace.setSpan(otel.context.active(), span), fn);
}

const pool = Buffer.allocUnsafe(4_096);
let poolOffset = pool.length;

/** Random hex id of `bytes` bytes, drawn from a pooled buffer refilled with crypto randomness. */
export function randomHex(bytes: number): string {
  if (poolOffset + bytes > pool.length) {
    randomFillSync(pool);
    poolOffset = 0;
  }
  const out = pool.toString('hex', poolOffset, poolOffset + bytes);
  poolOffset += bytes;
  return out;
}

// Ids for results whose span does not record: a random per-process prefix plus a counter is
// unique, cheap, and never confused with a real (sampled) OpenTelemetry id.
const tracePrefix = randomHex(8);
const spanPrefix = randomHex(4);
let sequence = 0;

/** A process-unique call id for calls that came without one. */
export function newCallId(): string {
  sequence = (sequence + 1) % 0x100000000;
  return `call_${spanPrefix}${sequence.toString(16).padStart(8, '0')}`;
}

function localIds(): { traceId: string; spanId: string } {
  sequence = (sequence + 1) % 0x100000000;
  const n = sequence.toString(16).padStart(8, '0');
  return { traceId: `${tracePrefix}${spanPrefix}${n}`, spanId: `${spanPrefix}${n}` };
}

function truncate(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max)}…[truncated]`;
}

function safeStringify(value: unknown): string {
  try {
    return JSON.stringify(value) ?? 'undefined';
  } catch {
    return '[unserializable]';
  }
}
