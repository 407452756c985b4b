/** Size and time bounds for everything that comes from a remote agent or caller. */
export interface A2ALimits {
  /** Largest agent card accepted, in bytes. Default 1 MiB. */
  maxCardBytes: number;
  /** Most skills read from one card. Default 1,000. */
  maxSkills: number;
  /** Largest JSON response (send, get, cancel) accepted from an agent, in bytes. Default 32 MiB. */
  maxResponseBytes: number;
  /** Largest request body the server accepts, in bytes. Default 8 MiB. */
  maxRequestBytes: number;
  /** Deadline for fetching a card, in ms. Default 10,000. */
  cardTimeoutMs: number;
}

export const DEFAULT_A2A_LIMITS: Readonly<A2ALimits> = Object.freeze({
  maxCardBytes: 1024 * 1024,
  maxSkills: 1_000,
  maxResponseBytes: 32 * 1024 * 1024,
  maxRequestBytes: 8 * 1024 * 1024,
  cardTimeoutMs: 10_000,
});

/** JSON limits for cards and messages (depth first: hostile nesting fails fast). */
export const CARD_JSON_LIMITS = Object.freeze({ maxDepth: 32, maxArrayLength: 10_000 });

export function resolveLimits(partial: Partial<A2ALimits> | undefined): A2ALimits {
  const out = { ...DEFAULT_A2A_LIMITS, ...partial };
  for (const [key, value] of Object.entries(out)) {
    if (typeof value !== 'number' || !Number.isInteger(value) || value <= 0)
      throw new TypeError(`limits.${key} must be a positive integer, got ${String(value)}`);
  }
  return out;
}
