import { randomUUID } from 'node:crypto';
import { type AgentCard, type Message, type Part, Role } from '@a2a-js/sdk';
import {
  type Client,
  ClientFactory,
  JsonRpcTransportFactory,
  RestTransportFactory,
} from '@a2a-js/sdk/client';
import type { Loss } from '@toolarsenal/tooladapter';
import { isPlainObject, type JsonObject, type Tool } from '@toolarsenal/toolmodel';
import type { ExecutionRequest, ToolOutput } from '@toolarsenal/toolrun';
import { A2ACardError, A2AConfigError } from '../errors.js';
import { type A2ALimits, resolveLimits } from '../limits.js';
import { dataPart, textPart } from '../shared/parts.js';
import { resumeOf } from './call-context.js';
import { type ParsedCard, parseAgentCard } from './card.js';
import { toExecutionError } from './errors-map.js';
import { type A2AExecutor, createA2AExecutor } from './executor.js';
import { cardUrlsFor, fetchCard } from './fetch-card.js';
import { boundedFetch, checkHost, hostMatcher } from './http.js';
import { toToolOutcome } from './results.js';
import { type AgentAuth, applyAuth } from './security.js';
import { type AgentToolMeta, toolsFromCard } from './skill-tools.js';
import { followTask } from './task-follow.js';

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

/** A connected remote agent: its tools, and the executor that runs them through toolrun. */
export interface A2AAgent {
  /** Routing key carried by each tool (`sourceMeta.a2aAgent.agent`). */
  readonly key: string;
  readonly name: string;
  /** The validated card, as received (frozen). */
  readonly card: Readonly<JsonObject>;
  /** One canonical tool per skill (or one for the whole agent when it lists none). */
  readonly tools: readonly Tool[];
  /** What the skill → tool conversion could not carry. */
  readonly losses: readonly Loss[];
  /** An executor serving this agent (source `a2a`); use `createA2AExecutor` for several agents. */
  readonly executor: A2AExecutor;
  /** Fetches the card again (card URL only) and rebuilds the tools; returns what changed. */
  refresh(signal?: AbortSignal): Promise<ToolChanges>;
  /** @internal Runs one call (used by the executor). */
  invoke(request: ExecutionRequest, meta: AgentToolMeta): Promise<ToolOutput>;
}

export interface ToolChanges {
  added: Tool[];
  removed: Tool[];
  changed: Tool[];
}

interface State {
  parsed: ParsedCard;
  client: Client;
  tools: readonly Tool[];
  losses: readonly Loss[];
}

function checkOptions(options: ConnectAgentOptions): void {
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

/**
 * Fetches and validates an agent card and turns its skills into canonical tools. Throws
 * `A2ACardError` for an unreachable, oversized or malformed card (or one pointing at a host not
 * allowed), and `A2AAuthError` when the card's declared security cannot be satisfied with `auth`.
 */
export async function connectAgent(options: ConnectAgentOptions): Promise<A2AAgent> {
  checkOptions(options);
  let limits: A2ALimits;
  try {
    limits = resolveLimits(options.limits);
  } catch (error) {
    throw new A2AConfigError((error as Error).message, { cause: error });
  }
  const fetchImpl = options.fetch ?? globalThis.fetch;
  const pollIntervalMs = positive(options.pollIntervalMs, 20, 'pollIntervalMs');
  const maxPollIntervalMs = Math.max(
    pollIntervalMs,
    positive(options.maxPollIntervalMs, 5_000, 'maxPollIntervalMs'),
  );
  const cancelGraceMs = positive(options.cancelGraceMs, 5_000, 'cancelGraceMs');
  const cardUrl = options.cardUrl;
  // Validates the URL first (a typed card error), then allows its host by default.
  const allowed = hostMatcher(options.allowedHosts ?? [new URL(cardUrlsFor(cardUrl!)[0]!).host]);
  const cardHeaders: Record<string, string> = { ...options.auth?.headers };
  if (options.auth?.bearer !== undefined) cardHeaders.authorization = `Bearer ${options.auth.bearer}`;

  const load = async (signal?: AbortSignal): Promise<{ raw: unknown; url?: string }> => {
    if (cardUrl === undefined) return { raw: options.card };
    return fetchCard(cardUrl, { fetch: fetchImpl, headers: cardHeaders, limits, signal });
  };

  const build = async (raw: unknown, url: string | undefined, key: string): Promise<State> => {
    const parsed = parseAgentCard(raw, limits);
    const applied = applyAuth(parsed.securitySchemes, parsed.requirements, options.auth);
    const usable = parsed.sdkCard.supportedInterfaces.filter((i) => {
      try {
        checkHost(i.url, allowed);
        return true;
      } catch {
        return false;
      }
    });
    if (usable.length === 0) checkHost(parsed.interfaces[0]!.url, allowed); // throws A2A_HOST_NOT_ALLOWED naming the host
    const sdkCard: AgentCard = { ...parsed.sdkCard, supportedInterfaces: usable };
    const fetchForSdk = boundedFetch({
      fetch: fetchImpl,
      auth: applied,
      allowed,
      maxResponseBytes: limits.maxResponseBytes,
    });
    const factory = new ClientFactory({
      transports: [
        new JsonRpcTransportFactory({ fetchImpl: fetchForSdk, legacyCompat: { enabled: true } }),
        new RestTransportFactory({ fetchImpl: fetchForSdk, legacyCompat: { enabled: true } }),
      ],
      clientConfig: { polling: true },
      cardResolver: {
        resolve: () => Promise.reject(new Error('cards are fetched by connectAgent')),
        normalizeAgentCard: (card) => card as AgentCard,
      },
    });
    let client: Client;
    try {
      client = await factory.createFromAgentCard(sdkCard);
    } catch (error) {
      throw new A2ACardError(
        'A2A_CARD_INVALID',
        `the A2A SDK cannot use the card: ${(error as Error).message}`,
        { cause: error },
      );
    }
    const { tools, losses } = toolsFromCard(parsed, {
      agent: key,
      ...(options.namespace !== undefined ? { namespace: options.namespace } : {}),
      ...(url !== undefined ? { sourceUri: url } : {}),
    });
    return { parsed, client, tools: Object.freeze(tools), losses: Object.freeze(losses) };
  };

  const first = await load(options.signal);
  const provisionalKey =
    first.url ??
    `card:${isPlainObject(first.raw) && typeof first.raw.name === 'string' ? first.raw.name.slice(0, 256) : '?'}`;
  let state = await build(first.raw, first.url, provisionalKey);
  const key = provisionalKey;
  const streamingAllowed = options.streaming ?? true;

  const agent: A2AAgent = {
    key,
    get name() {
      return state.parsed.name;
    },
    get card() {
      return state.parsed.raw;
    },
    get tools() {
      return state.tools;
    },
    get losses() {
      return state.losses;
    },
    executor: undefined as unknown as A2AExecutor,
    async refresh(signal) {
      if (cardUrl === undefined) return { added: [], removed: [], changed: [] };
      const next = await load(signal);
      const before = state.tools;
      state = await build(next.raw, next.url, key);
      return diffTools(before, state.tools);
    },
    async invoke(request, meta) {
      const current = state;
      const structured = meta.structured === true;
      const message = buildMessage(request, meta, structured);
      try {
        const outcome = await followTask({
          client: current.client,
          streaming: streamingAllowed && current.parsed.streaming,
          message,
          signal: request.signal,
          pollIntervalMs,
          maxPollIntervalMs,
          cancelGraceMs,
          onState: (s, task) =>
            request.report({ type: 'log', level: 'info', message: `A2A task ${task.id}: state ${s}` }),
        });
        return toToolOutcome(outcome, structured, current.parsed.name);
      } catch (error) {
        throw toExecutionError(error, current.parsed.name);
      }
    },
  };
  (agent as { executor: A2AExecutor }).executor = createA2AExecutor({ agents: [agent] });
  return agent;
}

function buildMessage(request: ExecutionRequest, meta: AgentToolMeta, structured: boolean): Message {
  const args = request.arguments;
  const parts: Part[] = [];
  if (structured) parts.push(dataPart(args));
  else {
    if (typeof args.message === 'string') parts.push(textPart(args.message));
    if (isPlainObject(args.data)) parts.push(dataPart(args.data));
  }
  const resume = resumeOf(request.context);
  const metadata: Record<string, unknown> = {};
  if (meta.skill !== undefined) metadata.skillId = meta.skill;
  if (meta.hash !== undefined) metadata.skillHash = meta.hash;
  return {
    messageId: randomUUID(),
    contextId: resume?.contextId ?? '',
    taskId: resume?.taskId ?? '',
    role: Role.ROLE_USER,
    parts,
    metadata: Object.keys(metadata).length > 0 ? metadata : undefined,
    extensions: [],
    referenceTaskIds: [],
  };
}

function diffTools(before: readonly Tool[], after: readonly Tool[]): ToolChanges {
  const old = new Map(before.map((t) => [t.id, t]));
  const now = new Map(after.map((t) => [t.id, t]));
  return {
    added: after.filter((t) => !old.has(t.id)),
    removed: before.filter((t) => !now.has(t.id)),
    changed: after.filter((t) => old.has(t.id) && old.get(t.id)!.contentHash !== t.contentHash),
  };
}
