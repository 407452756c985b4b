/** Circuit breaker state as shown in health snapshots. `disabled` when the tool has no breaker. */
export type BreakerState = 'closed' | 'open' | 'half_open' | 'isolated' | 'disabled';

export type HealthStatus = 'healthy' | 'degraded' | 'unhealthy';

/** A point-in-time view of one tool's runtime health. */
export interface ToolHealth {
  toolName: string;
  toolId: string;
  status: HealthStatus;
  /** Executions recorded since registration (policy refusals are not executions). */
  calls: number;
  successes: number;
  failures: number;
  timeouts: number;
  /** Success share over the recent window (last `window` executions); 1 with no data. */
  successRate: number;
  latency: {
    /** Over the recent window, in ms (0 with no data). */
    p50: number;
    p95: number;
    /** Exponentially weighted moving average (alpha 0.2), in ms. */
    ewma: number;
    samples: number;
  };
  consecutiveFailures: number;
  breaker: BreakerState;
  lastSuccessAt?: number;
  lastFailureAt?: number;
  lastError?: { code: string; message: string };
}

const EWMA_ALPHA = 0.2;

/** Keeps a ring of recent outcomes and latencies per tool; snapshots compute percentiles on demand. */
export class HealthTracker {
  private readonly latencies: Float64Array;
  private readonly outcomes: Uint8Array;
  private next = 0;
  private filled = 0;
  private successesInWindow = 0;
  private calls = 0;
  private successes = 0;
  private failures = 0;
  private timeouts = 0;
  private ewma = 0;
  private consecutiveFailures = 0;
  private lastSuccessAt: number | undefined;
  private lastFailureAt: number | undefined;
  private lastError: { code: string; message: string } | undefined;
  breaker: BreakerState;
  status: HealthStatus = 'healthy';

  constructor(
    readonly toolName: string,
    readonly toolId: string,
    breakerEnabled: boolean,
    private readonly unhealthyAfter: number,
    window = 128,
  ) {
    this.latencies = new Float64Array(window);
    this.outcomes = new Uint8Array(window);
    this.breaker = breakerEnabled ? 'closed' : 'disabled';
  }

  /** Records one execution; returns true when the health status changed. */
  record(ok: boolean, latencyMs: number, at: number, error?: { code: string; message: string }): boolean {
    const i = this.next;
    if (this.filled === this.outcomes.length) this.successesInWindow -= this.outcomes[i] ?? 0;
    else this.filled++;
    this.outcomes[i] = ok ? 1 : 0;
    this.latencies[i] = latencyMs;
    this.next = (i + 1) % this.outcomes.length;
    this.calls++;
    this.ewma = this.calls === 1 ? latencyMs : this.ewma + EWMA_ALPHA * (latencyMs - this.ewma);
    if (ok) {
      this.successesInWindow++;
      this.successes++;
      this.consecutiveFailures = 0;
      this.lastSuccessAt = at;
    } else {
      this.failures++;
      if (error?.code === 'TIMEOUT') this.timeouts++;
      this.consecutiveFailures++;
      this.lastFailureAt = at;
      if (error) this.lastError = error;
    }
    return this.refresh();
  }

  /** Updates the breaker state; returns true when the health status changed. */
  setBreaker(state: BreakerState): boolean {
    this.breaker = state;
    return this.refresh();
  }

  private refresh(): boolean {
    const before = this.status;
    this.status = this.compute();
    return before !== this.status;
  }

  private compute(): HealthStatus {
    if (this.breaker === 'open' || this.breaker === 'isolated') return 'unhealthy';
    if (this.consecutiveFailures >= this.unhealthyAfter) return 'unhealthy';
    if (this.breaker === 'half_open' || this.consecutiveFailures > 0) return 'degraded';
    if (this.filled >= 10 && this.successesInWindow / this.filled < 0.9) return 'degraded';
    return 'healthy';
  }

  snapshot(): ToolHealth {
    const window = Array.from(this.latencies.subarray(0, this.filled)).sort((a, b) => a - b);
    const out: ToolHealth = {
      toolName: this.toolName,
      toolId: this.toolId,
      status: this.status,
      calls: this.calls,
      successes: this.successes,
      failures: this.failures,
      timeouts: this.timeouts,
      successRate: this.filled === 0 ? 1 : this.successesInWindow / this.filled,
      latency: {
        p50: percentile(window, 0.5),
        p95: percentile(window, 0.95),
        ewma: this.ewma,
        samples: this.filled,
      },
      consecutiveFailures: this.consecutiveFailures,
      breaker: this.breaker,
    };
    if (this.lastSuccessAt !== undefined) out.lastSuccessAt = this.lastSuccessAt;
    if (this.lastFailureAt !== undefined) out.lastFailureAt = this.lastFailureAt;
    if (this.lastError !== undefined) out.lastError = { ...this.lastError };
    return out;
  }
}

/** Nearest-rank percentile of an ascending array. */
export function percentile(sorted: ArrayLike<number>, p: number): number {
  if (sorted.length === 0) return 0;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1));
  return sorted[rank] ?? 0;
}
