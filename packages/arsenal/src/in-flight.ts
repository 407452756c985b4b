import { ToolExecutionError, type ToolHandler } from '@toolarsenal/toolrun';

/** Time given to the last results to reach the transport after the executions ended (ms). */
const SETTLE_MS = 100;

/**
 * Counts executions under way so shutdown can let them finish: `drain(graceMs)` refuses new
 * executions (`SHUTTING_DOWN`, retryable), waits for the running ones, and cancels what is still
 * running at the deadline (their signal aborts and the caller gets `SHUTDOWN_CANCELLED`).
 */
export class InFlight {
  #count = 0;
  #draining = false;
  readonly #shutdown = new AbortController();
  #idle: (() => void) | undefined;

  get size(): number {
    return this.#count;
  }

  get draining(): boolean {
    return this.#draining;
  }

  /** Runs `work` counted, with a signal that also aborts at the end of the grace period. */
  async run<T>(signal: AbortSignal, work: (signal: AbortSignal) => Promise<T> | T): Promise<T> {
    if (this.#draining)
      throw new ToolExecutionError('The server is shutting down; the call has not run. Try again shortly.', {
        code: 'SHUTTING_DOWN',
        retryable: true,
      });
    this.#count++;
    const combined = AbortSignal.any([signal, this.#shutdown.signal]);
    let onAbort: (() => void) | undefined;
    const cancelled = new Promise<never>((_, reject) => {
      onAbort = () =>
        reject(
          new ToolExecutionError('The server shut down before the call finished.', {
            code: 'SHUTDOWN_CANCELLED',
          }),
        );
      this.#shutdown.signal.addEventListener('abort', onAbort, { once: true });
    });
    cancelled.catch(() => undefined);
    try {
      return await Promise.race([Promise.resolve().then(() => work(combined)), cancelled]);
    } finally {
      this.#shutdown.signal.removeEventListener('abort', onAbort!);
      this.#count--;
      if (this.#count === 0) this.#idle?.();
    }
  }

  wrapHandler<C>(handler: ToolHandler<C>): ToolHandler<C> {
    return (args, request) => this.run(request.signal, (signal) => handler(args, { ...request, signal }));
  }

  async drain(graceMs: number): Promise<void> {
    this.#draining = true;
    if (this.#count > 0) {
      let timer: ReturnType<typeof setTimeout> | undefined;
      await Promise.race([
        new Promise<void>((resolve) => {
          this.#idle = resolve;
        }),
        new Promise<void>((resolve) => {
          timer = setTimeout(resolve, graceMs);
        }),
      ]);
      clearTimeout(timer);
      // The last results still travel back through the server (formatting, the transport's write).
      await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    }
    this.#shutdown.abort();
  }
}
