import { TaskCancelledError } from 'cockatiel';
import { CallerCancelledError } from './classify-error.js';

/** Per-call state the attempt runner shares with the caller-side cancellation. */
export interface AttemptScope {
  /** The caller's signal, if any. */
  readonly signal?: AbortSignal | undefined;
  /** Set while an attempt runs: stops it at once (used when the caller aborts). */
  abortAttempt: (() => void) | undefined;
  /** The error of the latest failed attempt. */
  lastError: unknown;
  /** Per-call deadline override (ms); undefined uses the tool's timeout. */
  timeoutMs: number | undefined;
  /** The attempt whose reports still reach the caller (0 once it settled or the call finished). */
  liveAttempt: number;
}

/**
 * Runs one attempt with a hard deadline: at `timeoutMs` the attempt's signal is aborted and
 * the returned promise rejects with cockatiel's `TaskCancelledError`, even if the handler
 * ignores its signal.
 *
 * Why not cockatiel's `TimeoutPolicy`: it adds and removes two or three `AbortSignal`
 * listeners per call, and Node's EventTarget makes each pair cost far more than the rest
 * of the runner (see bench/overhead.ts). This runner adds none: it aborts the attempt's
 * controller directly, and only arms a timer when the handler returns a promise
 * (a synchronous handler cannot be interrupted anyway).
 */
export function runWithDeadline<T>(
  fn: (signal: () => AbortSignal) => PromiseLike<T> | T,
  timeoutMs: number,
  scope: AttemptScope,
): Promise<T> {
  if (scope.signal?.aborted) return fail(scope, new CallerCancelledError());
  // The controller is created on first use: many local handlers never look at their signal.
  let controller: AbortController | undefined;
  let stopped: Error | undefined;
  const signal = (): AbortSignal => {
    if (!controller) {
      controller = new AbortController();
      if (stopped) controller.abort(stopped);
    }
    return controller.signal;
  };
  let out: PromiseLike<T> | T;
  let thenable: boolean;
  try {
    out = fn(signal);
    thenable = isThenable(out);
  } catch (error) {
    return fail(scope, error);
  }
  if (!thenable) return Promise.resolve(out);
  const pending = out as PromiseLike<T>;
  return new Promise<T>((resolve, reject) => {
    let settled = false;
    const settle = (): boolean => {
      if (settled) return false;
      settled = true;
      clearTimeout(timer);
      scope.abortAttempt = undefined;
      scope.liveAttempt = 0;
      return true;
    };
    const stop = (reason: Error) => {
      if (!settle()) return;
      stopped = reason;
      controller?.abort(reason);
      scope.lastError = reason;
      reject(reason);
    };
    const timer = setTimeout(
      () => stop(new TaskCancelledError(`Operation timed out after ${timeoutMs}ms`)),
      timeoutMs,
    );
    scope.abortAttempt = () => stop(new CallerCancelledError());
    const failed = (error: unknown) => {
      if (!settle()) return;
      scope.lastError = error;
      reject(error);
    };
    try {
      pending.then((value) => {
        if (settle()) resolve(value);
      }, failed);
    } catch (error) {
      // A hostile thenable whose `then` throws: fail now and clear the deadline timer.
      failed(error);
    }
  });
}

function fail<T>(scope: AttemptScope, error: unknown): Promise<T> {
  scope.lastError = error;
  return Promise.reject(error);
}

/** True for promise-likes. May throw (a hostile `then` getter): callers treat that as the attempt's failure. */
export function isThenable<T>(value: PromiseLike<T> | T): value is PromiseLike<T> {
  return (
    value !== null &&
    (typeof value === 'object' || typeof value === 'function') &&
    typeof (value as { then?: unknown }).then === 'function'
  );
}
