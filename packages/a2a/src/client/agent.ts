import type { Loss } from '@toolarsenal/tooladapter';
import { isPlainObject, type JsonObject, type Tool } from '@toolarsenal/toolmodel';
import type { ExecutionRequest, ToolOutput } from '@toolarsenal/toolrun';
import { type AgentState, buildAgentState } from './agent-state.js';
import { checkOptions, type ConnectAgentOptions, resolveSettings } from './connect-options.js';
import { toExecutionError } from './errors-map.js';
import { type A2AExecutor, createA2AExecutor } from './executor.js';
import { cardUrlsFor, fetchCard } from './fetch-card.js';
import { hostMatcher, safeFetchFor } from './http.js';
import { buildMessage } from './message.js';
import { toToolOutcome } from './results.js';
import type { AgentToolMeta } from './skill-tools.js';
import { followTask } from './task-follow.js';

export type { ConnectAgentOptions } from './connect-options.js';

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

/**
 * Fetches and validates an agent card and turns its skills into canonical tools. Throws
 * `A2ACardError` for an unreachable, oversized or malformed card (or one pointing at a host not
 * allowed), and `A2AAuthError` when the card's declared security cannot be satisfied with `auth`.
 */
export async function connectAgent(options: ConnectAgentOptions): Promise<A2AAgent> {
  checkOptions(options);
  const settings = resolveSettings(options);
  const { limits } = settings;
  const cardUrl = options.cardUrl;
  // Validates the URL first (a typed card error), then allows its host by default.
  const hosts = options.allowedHosts ?? [new URL(cardUrlsFor(cardUrl!)[0]!).host];
  const allowed = hostMatcher(hosts);
  // Without a fetch of the caller's, every request (card, calls, event streams) goes through
  // @toolarsenal/net: hosts checked after DNS resolution, private addresses only via exact entries,
  // connections pinned to the checked address, redirects re-checked.
  const fetchImpl = options.fetch ?? safeFetchFor(hosts);
  const cardHeaders: Record<string, string> = { ...options.auth?.headers };
  if (options.auth?.bearer !== undefined) cardHeaders.authorization = `Bearer ${options.auth.bearer}`;

  const load = async (signal?: AbortSignal): Promise<{ raw: unknown; url?: string }> => {
    if (cardUrl === undefined) return { raw: options.card };
    return fetchCard(cardUrl, { fetch: fetchImpl, headers: cardHeaders, limits, signal });
  };

  const ctx = { limits, allowed, fetchImpl, options };
  const build = (raw: unknown, url: string | undefined, key: string) => buildAgentState(raw, url, key, ctx);

  const first = await load(options.signal);
  // The routing key each tool carries: the card's URL, or its name for a card given inline.
  const key =
    first.url ??
    `card:${isPlainObject(first.raw) && typeof first.raw.name === 'string' ? first.raw.name.slice(0, 256) : '?'}`;
  let state: AgentState = await build(first.raw, first.url, key);

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
          streaming: settings.streaming && current.parsed.streaming,
          message,
          signal: request.signal,
          pollIntervalMs: settings.pollIntervalMs,
          maxPollIntervalMs: settings.maxPollIntervalMs,
          cancelGraceMs: settings.cancelGraceMs,
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

function diffTools(before: readonly Tool[], after: readonly Tool[]): ToolChanges {
  const old = new Map(before.map((t) => [t.id, t]));
  const now = new Map(after.map((t) => [t.id, t]));
  return {
    added: after.filter((t) => !old.has(t.id)),
    removed: before.filter((t) => !now.has(t.id)),
    changed: after.filter((t) => old.has(t.id) && old.get(t.id)!.contentHash !== t.contentHash),
  };
}
