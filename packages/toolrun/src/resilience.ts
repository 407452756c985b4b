import {
  type CircuitBreakerPolicy,
  CircuitState,
  ConsecutiveBreaker,
  circuitBreaker,
  ExponentialBackoff,
  handleWhen,
  type IBackoffFactory,
  type IRetryBackoffContext,
  noJitterGenerator,
  retry,
} from 'cockatiel';
import { CallerCancelledError, countsAsToolFailure, isRetryableError } from './classify-error.js';
import { type AttemptScope, runWithDeadline } from './deadline.js';
import { ToolRegistrationError } from './errors.js';
import { ConcurrencyLimiter } from './limiter.js';

/** Retry settings. Retries happen only for retryable failures of tools that are safe to repeat. */
export interface RetryConfig {
  /** Total attempts including the first. Default 3. */
  maxAttempts?: number;
  /** First backoff delay (ms); later delays grow exponentially with decorrelated jitter. Default 100. */
  initialDelayMs?: number;
  /** Longest backoff delay (ms). Default 2,000. */
  maxDelayMs?: number;
  /**
   * Decorrelated jitter (default true) spreads retries of many callers; false waits exactly
   * `initialDelayMs × 2^(n-1)` (capped at `maxDelayMs`) before retry n.
   */
  jitter?: boolean;
}

/** Circuit breaker settings (consecutive-failure breaker). */
export interface BreakerConfig {
  /** Consecutive failures that open the circuit. Default 5. */
  threshold?: number;
  /** How long the circuit stays open before one half-open probe is let through (ms). Default 30,000. */
  cooldownMs?: number;
}

/** A bulkhead: at most `limit` calls run at once, `queue` more wait in FIFO order, the rest are refused. */
export interface ConcurrencyLimit {
  limit: number;
  /** Default 0 (no waiting). */
  queue?: number;
}

export const DEFAULT_TIMEOUT_MS = 30_000;
export const DEFAULT_RETRY: Required<RetryConfig> = Object.freeze({
  maxAttempts: 3,
  initialDelayMs: 100,
  maxDelayMs: 2_000,
  jitter: true,
});
export const DEFAULT_BREAKER: Required<BreakerConfig> = Object.freeze({ threshold: 5, cooldownMs: 30_000 });

/** The per-tool policy stack, built once at registration; only enabled layers exist. */
export interface ToolPipeline {
  /**
   * Runs `fn` through the stack. `fn` gets the attempt's signal (aborted at the deadline or on
   * caller cancellation) and the 0-based attempt index; `scope` carries the caller's signal.
   */
  execute<T>(
    fn: (signal: () => AbortSignal, attempt: number) => PromiseLike<T> | T,
    scope: AttemptScope,
  ): Promise<T>;
  readonly breaker?: CircuitBreakerPolicy;
  readonly timeoutMs: number;
  readonly cooldownMs: number;
}

export interface PipelineConfig {
  timeoutMs: number;
  retry?: Required<RetryConfig>;
  breaker?: Required<BreakerConfig>;
  toolBulkhead?: ConcurrencyLimiter;
  globalBulkhead?: ConcurrencyLimiter;
}

/**
 * Order, outside in: tool bulkhead → global bulkhead → retry → circuit breaker → deadline.
 * The tool bulkhead sits outside the global one so a call waiting for its tool's slot does
 * not hold a global slot; each attempt passes the breaker and gets its own deadline.
 */
export function buildPipeline(config: PipelineConfig): ToolPipeline {
  checkPositive('timeoutMs', config.timeoutMs);
  if (config.timeoutMs > 2_147_483_647) throw new ToolRegistrationError('timeoutMs must be at most 2^31-1');
  const timeoutMs = config.timeoutMs;
  // Composed by hand rather than with cockatiel's `wrap`, which copies a context object per
  // layer per call; the policies themselves are cockatiel's. `index` is the retry attempt.
  let chain: Chain = (run, _signal, index) => run(index);
  let breaker: CircuitBreakerPolicy | undefined;
  if (config.breaker) {
    checkPositive('breaker.threshold', config.breaker.threshold);
    checkPositive('breaker.cooldownMs', config.breaker.cooldownMs);
    // A caller cancelling the half-open probe proves nothing about the tool: cockatiel would
    // count the unhandled error as a success and close the circuit, so there it counts as a
    // failure (the circuit stays open until the next probe). Elsewhere cancellations never count.
    const policy: CircuitBreakerPolicy = circuitBreaker(
      handleWhen(
        (error) =>
          countsAsToolFailure(error) ||
          (error instanceof CallerCancelledError && policy.state === CircuitState.HalfOpen),
      ),
      {
        halfOpenAfter: config.breaker.cooldownMs,
        breaker: new ConsecutiveBreaker(config.breaker.threshold),
      },
    );
    const next = chain;
    chain = (run, signal, index) => policy.execute(() => next(run, signal, index), signal);
    breaker = policy;
  }
  if (config.retry && config.retry.maxAttempts > 1) {
    checkPositive('retry.initialDelayMs', config.retry.initialDelayMs);
    checkPositive('retry.maxDelayMs', config.retry.maxDelayMs);
    const policy = retry(handleWhen(isRetryableError), {
      maxAttempts: config.retry.maxAttempts - 1,
      backoff: honourRetryAfter(
        new ExponentialBackoff({
          initialDelay: config.retry.initialDelayMs,
          maxDelay: config.retry.maxDelayMs,
          ...(config.retry.jitter === false ? { generator: noJitterGenerator } : {}),
        }),
      ),
    });
    const next = chain;
    chain = (run, signal) => policy.execute(({ attempt }) => next(run, signal, attempt), signal);
  }
  for (const limiter of [config.globalBulkhead, config.toolBulkhead]) {
    if (!limiter) continue;
    const next = chain;
    chain = (run, signal, index) => limiter.run(() => next(run, signal, index), signal);
  }

  const composed = chain;
  return {
    breaker,
    timeoutMs,
    cooldownMs: config.breaker?.cooldownMs ?? 0,
    execute<T>(fn: (signal: () => AbortSignal, attempt: number) => PromiseLike<T> | T, scope: AttemptScope) {
      const ms = scope.timeoutMs ?? timeoutMs;
      return composed(
        (index) => runWithDeadline((signal) => fn(signal, index), ms, scope),
        scope.signal,
        0,
      ) as Promise<T>;
    },
  };
}

/** Longest server-requested wait (an error's `retryAfterMs`, e.g. from HTTP Retry-After) honoured before a retry. */
export const MAX_RETRY_AFTER_MS = 60_000;

type BackoffContext = IRetryBackoffContext<unknown>;

/**
 * Waits at least as long as the failed attempt asked (`retryAfterMs` on the error, as HTTP 429/503
 * Retry-After gives it), bounded by MAX_RETRY_AFTER_MS; otherwise the inner backoff decides.
 */
function honourRetryAfter(inner: IBackoffFactory<BackoffContext>): IBackoffFactory<BackoffContext> {
  return {
    next(context) {
      const step = inner.next(context);
      const error =
        'error' in context.result ? (context.result.error as { retryAfterMs?: unknown }) : undefined;
      const hint = error?.retryAfterMs;
      const asked =
        typeof hint === 'number' && Number.isFinite(hint) && hint > 0
          ? Math.min(hint, MAX_RETRY_AFTER_MS)
          : 0;
      return { duration: Math.max(step.duration, asked), next: honourRetryAfter(step).next };
    },
  };
}

type Chain = (
  run: (index: number) => Promise<unknown>,
  signal: AbortSignal | undefined,
  index: number,
) => Promise<unknown>;

/** Creates a bulkhead after checking the numbers. */
export function createBulkhead(limit: ConcurrencyLimit, what: string): ConcurrencyLimiter {
  checkPositive(`${what}.limit`, limit.limit);
  const queue = limit.queue ?? 0;
  if (!(Number.isInteger(queue) && queue >= 0)) {
    throw new ToolRegistrationError(`${what}.queue must be an integer >= 0, got ${queue}`);
  }
  if (!Number.isInteger(limit.limit)) {
    throw new ToolRegistrationError(`${what}.limit must be an integer, got ${limit.limit}`);
  }
  return new ConcurrencyLimiter(limit.limit, queue);
}

function checkPositive(what: string, value: number): void {
  if (!(typeof value === 'number' && Number.isFinite(value) && value > 0)) {
    throw new ToolRegistrationError(`${what} must be a positive number, got ${String(value)}`);
  }
}
