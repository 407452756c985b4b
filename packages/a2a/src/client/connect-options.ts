import { isPlainObject } from '@toolarsenal/toolmodel';
import { A2AConfigError } from '../errors.js';
import { type A2ALimits, resolveLimits } from '../limits.js';
import type { AgentAuth } from './security.js';

export interface ConnectAgentOptions {
  /** The card's URL, or the agent's origin (then `/.well-known/agent-card.json`, falling back to `agent.json`). */
  cardUrl?: string;
  /** A card you already have (untrusted JSON, validated like a fetched one). Needs `allowedHosts`. */
  card?: unknown;
  /** Credentials; checked against the card's declared security before anything is called. */
  auth?: AgentAuth;
  /** Tool namespace. Default: from the agent's name. */
  namespace?: string;
  /**
   * Hosts the agent may be called on (globs over `host` or `hostname`). Default: the card URL's
   * host, so a card cannot send your calls (and credentials) elsewhere.
   */
  allowedHosts?: readonly string[];
  /** Use the agent's event stream when its card offers one. Default true. */
  streaming?: boolean;
  /** First poll interval (ms) when following a task without a stream. Default 20; grows ×1.5 to `maxPollIntervalMs`. */
  pollIntervalMs?: number;
  /** Default 5,000. */
  maxPollIntervalMs?: number;
  /** After an abort, how long to wait for the task id so the task can be cancelled (ms). Default 5,000. */
  cancelGraceMs?: number;
  limits?: Partial<A2ALimits>;
  fetch?: typeof fetch;
  signal?: AbortSignal;
}

export function checkOptions(options: ConnectAgentOptions): void {
  if (!isPlainObject(options)) throw new A2AConfigError('connectAgent needs an options object');
  const hasUrl = options.cardUrl !== undefined;
  if (hasUrl === (options.card !== undefined))
    throw new A2AConfigError('connectAgent needs exactly one of cardUrl and card');
  if (hasUrl && typeof options.cardUrl !== 'string') throw new A2AConfigError('cardUrl must be a string');
  if (!hasUrl && options.allowedHosts === undefined)
    throw new A2AConfigError('a card given inline needs allowedHosts: the hosts its interfaces may call');
  if (
    options.allowedHosts !== undefined &&
    (!Array.isArray(options.allowedHosts) || options.allowedHosts.length === 0)
  )
    throw new A2AConfigError('allowedHosts must be a non-empty array of host patterns');
  const auth = options.auth;
  if (auth === undefined) return;
  if (!isPlainObject(auth)) throw new A2AConfigError('auth must be an object');
  for (const key of ['bearer', 'apiKey'] as const)
    if (auth[key] !== undefined && (typeof auth[key] !== 'string' || /[\r\n]/.test(auth[key])))
      throw new A2AConfigError(`auth.${key} must be a string without line breaks`);
  if (
    auth.basic !== undefined &&
    (!isPlainObject(auth.basic) ||
      typeof auth.basic.username !== 'string' ||
      typeof auth.basic.password !== 'string' ||
      auth.basic.username.includes(':'))
  )
    throw new A2AConfigError('auth.basic must be { username, password } (strings; no ":" in the username)');
  if (auth.headers !== undefined) {
    if (!isPlainObject(auth.headers)) throw new A2AConfigError('auth.headers must be an object of strings');
    for (const [name, value] of Object.entries(auth.headers))
      if (typeof value !== 'string' || /[\r\n]/.test(value) || !/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name))
        throw new A2AConfigError(`auth.headers["${name.slice(0, 100)}"] is not a valid header`);
  }
  if (
    auth.satisfies !== undefined &&
    (!Array.isArray(auth.satisfies) || !auth.satisfies.every((s) => typeof s === 'string'))
  )
    throw new A2AConfigError('auth.satisfies must be an array of scheme names');
}

function positive(value: number | undefined, fallback: number, name: string): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0)
    throw new A2AConfigError(`${name} must be a positive number`);
  return value;
}

/** The validated timing and size settings of a connection. */
export interface Settings {
  limits: A2ALimits;
  pollIntervalMs: number;
  maxPollIntervalMs: number;
  cancelGraceMs: number;
  streaming: boolean;
}

export function resolveSettings(options: ConnectAgentOptions): Settings {
  let limits: A2ALimits;
  try {
    limits = resolveLimits(options.limits);
  } catch (error) {
    throw new A2AConfigError((error as Error).message, { cause: error });
  }
  const pollIntervalMs = positive(options.pollIntervalMs, 20, 'pollIntervalMs');
  return {
    limits,
    pollIntervalMs,
    maxPollIntervalMs: Math.max(
      pollIntervalMs,
      positive(options.maxPollIntervalMs, 5_000, 'maxPollIntervalMs'),
    ),
    cancelGraceMs: positive(options.cancelGraceMs, 5_000, 'cancelGraceMs'),
    streaming: options.streaming ?? true,
  };
}
