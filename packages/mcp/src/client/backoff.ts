import { McpError } from '../errors.js';

export interface ReconnectOptions {
  /** First delay before reconnecting (ms). Default 500. */
  initialDelayMs?: number;
  /** Longest delay between attempts (ms). Default 30,000. */
  maxDelayMs?: number;
  /** Attempts before giving up (the connection then closes). Default unlimited. */
  maxAttempts?: number;
}

/** Exponential backoff with full jitter between `initialDelayMs` and the doubled ceiling. */
export class Backoff {
  readonly #initial: number;
  readonly #max: number;
  readonly #maxAttempts: number;
  #attempt = 0;

  constructor(
    options: ReconnectOptions,
    private readonly random: () => number = Math.random,
  ) {
    this.#initial = positive(options.initialDelayMs, 500, 'initialDelayMs');
    this.#max = positive(options.maxDelayMs, 30_000, 'maxDelayMs');
    this.#maxAttempts =
      options.maxAttempts === undefined
        ? Number.POSITIVE_INFINITY
        : positive(options.maxAttempts, 0, 'maxAttempts');
  }

  /** The next delay in ms, or undefined when attempts are used up. */
  next(): number | undefined {
    if (this.#attempt >= this.#maxAttempts) return undefined;
    const ceiling = Math.min(this.#max, this.#initial * 2 ** Math.min(this.#attempt, 30));
    this.#attempt++;
    return Math.round(this.#initial / 2 + this.random() * (ceiling - this.#initial / 2));
  }

  reset(): void {
    this.#attempt = 0;
  }
}

function positive(value: number | undefined, fallback: number, field: string): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0 || value > 2_147_483_647)
    throw new McpError('MCP_INVALID_OPTIONS', `reconnect.${field} must be a number between 0 and 2^31-1`);
  return value;
}
