import type { BreakerState, HealthStatus, ToolHealth } from './health.js';
import type { PendingConfirmation, ToolResultStatus } from './types.js';

/** Structured runtime events, for logs and metrics. Listeners must not throw (errors are swallowed). */
export interface RunnerEvents {
  /** A call entered the runner. */
  start: { callId: string; toolName: string; at: number };
  success: {
    callId: string;
    toolName: string;
    toolId: string;
    attempt: number;
    latencyMs: number;
    at: number;
  };
  /** Any outcome other than success or pending confirmation. */
  failure: {
    callId: string;
    toolName: string;
    toolId?: string;
    status: ToolResultStatus;
    code: string;
    message: string;
    retryable: boolean;
    attempt: number;
    latencyMs: number;
    at: number;
  };
  /** A call is waiting for `runner.confirm`. */
  confirmation: {
    callId: string;
    toolName: string;
    toolId: string;
    confirmation: PendingConfirmation;
    at: number;
  };
  /** An attempt is about to be retried after a retryable failure. */
  retry: {
    callId: string;
    toolName: string;
    toolId: string;
    attempt: number;
    error: { code: string; message: string };
    at: number;
  };
  breaker: { toolName: string; toolId: string; from: BreakerState; to: BreakerState; at: number };
  /** A tool's health status changed (for down-ranking unhealthy tools). */
  health: {
    toolName: string;
    toolId: string;
    from: HealthStatus;
    to: HealthStatus;
    health: ToolHealth;
    at: number;
  };
}

export type RunnerEventName = keyof RunnerEvents;
export type RunnerEventListener<K extends RunnerEventName> = (event: RunnerEvents[K]) => void;

/** Minimal typed emitter; `has` lets the hot path skip building events nobody listens to. */
export class EventHub {
  private readonly listeners: { [K in RunnerEventName]?: RunnerEventListener<K>[] } = {};

  on<K extends RunnerEventName>(name: K, listener: RunnerEventListener<K>): () => void {
    let list = this.listeners[name] as RunnerEventListener<K>[] | undefined;
    if (!list) {
      list = [];
      (this.listeners as Record<string, unknown>)[name] = list;
    }
    list.push(listener);
    return () => {
      const i = list.indexOf(listener);
      if (i >= 0) list.splice(i, 1);
    };
  }

  has(name: RunnerEventName): boolean {
    const list = this.listeners[name];
    return list !== undefined && list.length > 0;
  }

  emit<K extends RunnerEventName>(name: K, event: RunnerEvents[K]): void {
    const list = this.listeners[name] as RunnerEventListener<K>[] | undefined;
    if (!list) return;
    for (const listener of [...list]) {
      try {
        listener(event);
      } catch {
        // A broken listener must not change the outcome of a tool call.
      }
    }
  }
}
