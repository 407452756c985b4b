import type { Span } from '@opentelemetry/api';
import type { JsonObject, NormalizedPrincipal, Tool } from '@toolarsenal/toolmodel';
import { CircuitState } from 'cockatiel';
import { buildResult, type CallState, clock } from './call-state.js';
import {
  CallerCancelledError,
  circuitOpenError,
  classifyError,
  InvalidOutputError,
} from './classify-error.js';
import { type AttemptScope, isThenable } from './deadline.js';
import { ToolRunError } from './errors.js';
import type { ExecutionRequest, ExecutionUpdate, Executor } from './executor.js';
import type { RunObserver } from './observer.js';
import type { RunOptions } from './runner-options.js';
import type { ToolEntry } from './tool-entry.js';
import { ToolOutput } from './tool-output.js';
import { withSpan } from './tracing.js';
import type { ToolResult } from './types.js';

const noopReport = (): void => {};

export interface ExecuteDeps<C> {
  executors: ReadonlyMap<string, Executor<C>>;
  observer: RunObserver;
}

/**
 * Runs an admitted call through the tool's resilience pipeline (bulkheads, retry, breaker,
 * timeout) and the executor, and turns the outcome into a result. Never throws.
 */
export async function executeCall<C>(
  entry: ToolEntry<C>,
  args: JsonObject,
  state: CallState,
  principal: NormalizedPrincipal,
  options: RunOptions<C>,
  span: Span | undefined,
  deps: ExecuteDeps<C>,
): Promise<ToolResult> {
  const { tool, pipeline } = entry;
  // Fast refusal while the circuit is open: no queueing behind a bulkhead just to be refused.
  if (pipeline.breaker && pipeline.breaker.state === CircuitState.Open) {
    const left = entry.openedAt + pipeline.cooldownMs - Date.now();
    if (left > 0) return buildResult(state, tool, circuitOpenError(tool.name, left), span);
  }
  const executor = entry.handler ? undefined : deps.executors.get(tool.source);
  if (!entry.handler && !executor) {
    const error = new ToolRunError(
      'failure',
      'EXECUTOR_NOT_FOUND',
      `No executor is registered for tool source "${tool.source}" (tool "${tool.name}").`,
    );
    return buildResult(state, tool, error, span);
  }

  const { signal, onUpdate, context } = options;
  if (options.timeoutMs !== undefined) {
    const ms = options.timeoutMs;
    if (!(typeof ms === 'number' && ms > 0 && ms <= 2_147_483_647)) {
      const error = new ToolRunError(
        'failure',
        'INVALID_OPTIONS',
        `timeoutMs must be in (0, 2^31-1], got ${String(ms)}`,
      );
      return buildResult(state, tool, error, span);
    }
    state.timeoutMs = ms;
  }
  const timeoutMs = state.timeoutMs ?? pipeline.timeoutMs;
  // Reports reach the caller only while their attempt is live: never after it timed out or was
  // cancelled, never after `run()` settled.
  const reportFor = onUpdate
    ? (attempt: number) => (update: ExecutionUpdate) => {
        if (state.liveAttempt !== attempt) return;
        try {
          onUpdate(update, { callId: state.callId, toolName: tool.name });
        } catch {
          // A failing progress listener must not fail the call.
        }
      }
    : undefined;
  const observer = deps.observer;
  const emitRetries = observer.events.has('retry');
  const attemptFn = (attemptSignal: () => AbortSignal, index: number): unknown => {
    const attempt = index + 1;
    const t = clock();
    if (attempt > 1 && emitRetries) observer.emitRetry(entry as ToolEntry<unknown>, state, attempt, t);
    state.attempt = attempt;
    state.liveAttempt = attempt;
    if (state.startedAt === 0) state.startedAt = t;
    const request = new Request<C>(
      tool,
      args,
      attemptSignal,
      state.callId,
      attempt,
      t + timeoutMs,
      principal,
      context as C,
      reportFor ? reportFor(attempt) : noopReport,
    );
    const out = entry.handler ? entry.handler(args, request) : (executor as Executor<C>).execute(request);
    if (!entry.validateOutput) return out;
    return isThenable(out) ? out.then((v) => checkOutput(entry, v)) : checkOutput(entry, out);
  };
  state.signal = signal;
  const start = () => pipeline.execute(attemptFn, state);
  const running = span ? withSpan(span, start) : start();
  try {
    const value = await (signal ? untilAborted(running, signal, state) : running);
    state.liveAttempt = 0;
    const result = buildResult(state, tool, undefined, span);
    if (value instanceof ToolOutput) {
      result.result = value.value;
      if (value.content) result.content = value.content;
    } else result.result = value;
    observer.recordHealth(entry as ToolEntry<unknown>, result);
    return result;
  } catch (error) {
    state.liveAttempt = 0;
    const typed = classifyError(error, {
      toolName: tool.name,
      timeoutMs,
      breakerCooldownMs: Math.max(0, entry.openedAt + pipeline.cooldownMs - Date.now()),
    });
    const result = buildResult(state, tool, typed, span);
    // Only the tool's own outcomes count for health; refusals and caller cancellations do not.
    if (typed.status === 'failure' || typed.status === 'timeout') {
      observer.recordHealth(entry as ToolEntry<unknown>, result);
    }
    return result;
  }
}

/** The request handed to executors; a class so the lazy `signal` getter lives on the prototype. */
class Request<C> implements ExecutionRequest<C> {
  readonly arguments: JsonObject;

  constructor(
    readonly tool: Tool,
    args: JsonObject,
    private readonly signalOf: () => AbortSignal,
    readonly callId: string,
    readonly attempt: number,
    readonly deadline: number,
    readonly principal: NormalizedPrincipal,
    readonly context: C,
    readonly report: (update: ExecutionUpdate) => void,
  ) {
    this.arguments = args;
  }

  get signal(): AbortSignal {
    return this.signalOf();
  }
}

function checkOutput<C>(entry: ToolEntry<C>, value: unknown): unknown {
  const v = entry.validators.validateOutput(value instanceof ToolOutput ? value.value : value);
  if (v.valid) return value;
  const lines = v.errors.slice(0, 10).map((e) => `- ${e.pointer || '(output)'}: ${e.message}`);
  throw new InvalidOutputError(
    `Tool "${entry.tool.name}" returned output that does not match its outputSchema:\n${lines.join('\n')}`,
    v.errors.map((e) => ({ pointer: e.pointer, message: e.message })),
  );
}

/**
 * Settles with `running`, or rejects with a cancellation as soon as `signal` aborts (also
 * stopping the running attempt), so a caller waiting in a queue or a backoff is released at once.
 */
function untilAborted<T>(running: Promise<T>, signal: AbortSignal, scope: AttemptScope): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => {
      scope.abortAttempt?.();
      reject(new CallerCancelledError());
    };
    if (signal.aborted) onAbort();
    else signal.addEventListener('abort', onAbort, { once: true });
    running.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}
