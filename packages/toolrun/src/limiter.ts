import { CallerCancelledError } from './classify-error.js';

/** Raised when a limiter's slots and queue are all taken. */
export class ConcurrencyLimitError extends Error {
  constructor(
    readonly limit: number,
    readonly queue: number,
  ) {
    super(`concurrency limit reached (${limit} running, ${queue} queued)`);
    this.name = 'ConcurrencyLimitError';
  }
}

interface Waiter {
  run: () => void;
  reject: (error: unknown) => void;
  signal: AbortSignal | undefined;
  onAbort: (() => void) | undefined;
  prev: Waiter | undefined;
  next: Waiter | undefined;
}

/**
 * A bulkhead: at most `limit` tasks run at once and up to `queueLimit` more wait, strictly first
 * in, first out. A finishing task hands its slot straight to the oldest waiter, so a newcomer can
 * never overtake the queue; a waiter whose signal aborts leaves the queue at once (its place is
 * free for others, and nobody is left waiting for a slot it would never take).
 *
 * Written here rather than taken from cockatiel 3.2, whose bulkhead stops handing out slots at a
 * cancelled waiter (stranding the rest of the queue) and re-queues dequeued work at the back.
 */
export class ConcurrencyLimiter {
  #active = 0;
  #queued = 0;
  #head: Waiter | undefined;
  #tail: Waiter | undefined;

  constructor(
    readonly limit: number,
    readonly queueLimit: number,
  ) {}

  get active(): number {
    return this.#active;
  }

  get queued(): number {
    return this.#queued;
  }

  /** Runs `fn` when a slot is free; rejects with `CallerCancelledError` if `signal` aborts first. */
  run<T>(fn: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    if (signal?.aborted) return Promise.reject(new CallerCancelledError());
    if (this.#active < this.limit) {
      this.#active++;
      return this.#start(fn);
    }
    if (this.#queued >= this.queueLimit) {
      return Promise.reject(new ConcurrencyLimitError(this.limit, this.queueLimit));
    }
    return new Promise<T>((resolve, reject) => {
      const waiter: Waiter = {
        run: () => {
          this.#start(fn).then(resolve, reject);
        },
        reject,
        signal,
        onAbort: undefined,
        prev: this.#tail,
        next: undefined,
      };
      if (signal) {
        waiter.onAbort = () => {
          this.#remove(waiter);
          reject(new CallerCancelledError());
        };
        signal.addEventListener('abort', waiter.onAbort, { once: true });
      }
      if (this.#tail) this.#tail.next = waiter;
      else this.#head = waiter;
      this.#tail = waiter;
      this.#queued++;
    });
  }

  #start<T>(fn: () => Promise<T>): Promise<T> {
    let running: Promise<T>;
    try {
      running = fn();
    } catch (error) {
      this.#release();
      return Promise.reject(error);
    }
    return running.then(
      (value) => {
        this.#release();
        return value;
      },
      (error: unknown) => {
        this.#release();
        throw error;
      },
    );
  }

  /** Hands the slot to the oldest waiter, or frees it. */
  #release(): void {
    const next = this.#head;
    if (next === undefined) {
      this.#active--;
      return;
    }
    this.#remove(next);
    next.run();
  }

  #remove(waiter: Waiter): void {
    if (waiter.signal && waiter.onAbort) waiter.signal.removeEventListener('abort', waiter.onAbort);
    waiter.onAbort = undefined;
    if (waiter.prev) waiter.prev.next = waiter.next;
    else if (this.#head === waiter) this.#head = waiter.next;
    else return; // already removed
    if (waiter.next) waiter.next.prev = waiter.prev;
    else this.#tail = waiter.prev;
    waiter.prev = undefined;
    waiter.next = undefined;
    this.#queued--;
  }
}
