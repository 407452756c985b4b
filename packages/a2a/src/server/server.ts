import { createServer, type IncomingMessage, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AGENT_CARD_PATH, AgentCard } from '@a2a-js/sdk';
import { buildCard } from './card.js';
import { LegacyJsonRpcTransportHandler } from '@a2a-js/sdk/compat/v0_3/server';
import { DefaultRequestHandler, InMemoryTaskStore, JsonRpcTransportHandler } from '@a2a-js/sdk/server';
import { isPlainObject, type JsonObject } from '@toolarsenal/toolmodel';
import type { Runner } from '@toolarsenal/toolrun';
import { createExposure, type Exposure, type Toolset } from '@toolarsenal/toolset';
import { A2AConfigError } from '../errors.js';
import { type A2ALimits, resolveLimits } from '../limits.js';
import { ToolsetAgentExecutor } from './agent-executor.js';
import { guardHandler } from './guarded-handler.js';
import { type Authenticate, createListener, type LevelTransport } from './http.js';
import { PendingCalls } from './pending.js';
import type { A2APrincipal } from './principal.js';
import { createSkillResolver } from './skill-resolver.js';
import type { SkillGroup } from './skills.js';
import { hostMatcher } from '../client/http.js';

/** What the card says about the agent (skills, interfaces and capabilities are filled in). */
export interface A2AServerCard {
  name: string;
  description: string;
  version?: string;
  provider?: { organization: string; url: string };
  documentationUrl?: string;
  iconUrl?: string;
  /**
   * Public base URL of the server (the card's interface URL is `url` + `rpcPath`). Default: the
   * address `listen` bound, or the request's `Host` when the listener is mounted elsewhere.
   */
  url?: string;
  /** Declared security, as A2A v1.0 card JSON (e.g. `{bearer: {httpAuthSecurityScheme: {scheme: 'Bearer'}}}`). */
  securitySchemes?: Record<string, unknown>;
  securityRequirements?: unknown[];
}

export interface A2AServerOptions {
  /** The tools served (when `exposure` is given too, a tool must be in both). */
  toolset?: Toolset;
  /** The runner that executes calls (its policies, limits and executors apply). Tools it does not know are not served. */
  runner: Runner;
  card: A2AServerCard;
  /**
   * Levels: an `Exposure` from `@toolarsenal/toolset`'s `createExposure`, or the per-level sets
   * `{ public, partner, local }` (cumulative: partner sees public's tools too). Default: one
   * level, `public`, serving `toolset`.
   */
  exposure?: Exposure | Readonly<Record<string, Toolset>>;
  /**
   * Who is calling (and so the level served). Default: everyone is anonymous at the least trusted
   * level. See `tokenAuth` for bearer tokens per level and loopback-only local access.
   */
  authenticate?: Authenticate;
  /** Serve these groups as one skill each (`{tool, arguments}` input); other tools get a skill each. */
  groups?: readonly SkillGroup[];
  /** JSON-RPC endpoint path. Default `/a2a`. */
  rpcPath?: string;
  /** Accepted `Host` headers (globs). Default: loopback names when `listen` binds loopback, else any. */
  allowedHosts?: readonly string[];
  /** How long a confirmation question stays answerable (ms). Default 300,000. */
  confirmationTtlMs?: number;
  limits?: Partial<Pick<A2ALimits, 'maxRequestBytes'>>;
}

export interface A2AServer {
  /** The node:http listener; mount it in your own server, or use `listen`. */
  readonly handler: RequestListener;
  /** The card a principal gets (skills of its level), as JSON. */
  cardFor(principal?: A2APrincipal): JsonObject;
  /** Starts an HTTP server (default 127.0.0.1, a free port). */
  listen(options?: { port?: number; host?: string }): Promise<{ url: string; server: Server }>;
  /** Cancels running calls and closes the server `listen` started. */
  close(): Promise<void>;
}

const LOOPBACK_HOSTS = ['localhost', 'localhost:*', '127.0.0.1', '127.0.0.1:*', '[::1]', '[::1]:*'];

function toExposure(options: A2AServerOptions): Exposure {
  const { exposure, toolset } = options;
  if (exposure === undefined) {
    if (!toolset) throw new A2AConfigError('createA2AServer needs a toolset or an exposure');
    return createExposure({ public: toolset });
  }
  if (typeof (exposure as Exposure).evaluate === 'function') return exposure as Exposure;
  if (!isPlainObject(exposure))
    throw new A2AConfigError('exposure must be an Exposure or { level: Toolset }');
  try {
    return createExposure(exposure as Record<string, Toolset>);
  } catch (error) {
    throw new A2AConfigError(`exposure: ${(error as Error).message}`, { cause: error });
  }
}

function checkOptions(options: A2AServerOptions): void {
  if (!isPlainObject(options)) throw new A2AConfigError('createA2AServer needs an options object');
  if (!options.runner || typeof options.runner.run !== 'function')
    throw new A2AConfigError('runner must be a toolrun Runner');
  const card = options.card;
  if (
    !isPlainObject(card) ||
    typeof card.name !== 'string' ||
    card.name.trim() === '' ||
    typeof card.description !== 'string'
  )
    throw new A2AConfigError('card needs a name and a description');
  if (
    options.rpcPath !== undefined &&
    (typeof options.rpcPath !== 'string' || !options.rpcPath.startsWith('/'))
  )
    throw new A2AConfigError('rpcPath must start with "/"');
  if (options.authenticate !== undefined && typeof options.authenticate !== 'function')
    throw new A2AConfigError('authenticate must be a function');
}

/**
 * Serves a toolset as an A2A agent: one card per exposure level (only the skills allowed there),
 * JSON-RPC `SendMessage` / `SendStreamingMessage` / `GetTask` / `CancelTask` (and their v0.3 names
 * `message/send`, `message/stream`, `tasks/get`, `tasks/cancel`), calls run through the runner with
 * the exposure and policy decision applied. Calls to a skill above the caller's level are refused
 * exactly like calls to a skill that does not exist.
 */
export function createA2AServer(options: A2AServerOptions): A2AServer {
  checkOptions(options);
  const exposure = toExposure(options);
  const { runner, toolset } = options;
  const rpcPath = options.rpcPath ?? '/a2a';
  let limits: A2ALimits;
  try {
    limits = resolveLimits(options.limits);
  } catch (error) {
    throw new A2AConfigError((error as Error).message, { cause: error });
  }
  const skillsFor = createSkillResolver(exposure, runner, toolset, options.groups ?? []);
  const pending = new PendingCalls(options.confirmationTtlMs ?? 300_000, 1_000);
  let boundUrl: string | undefined;
  let server: Server | undefined;
  let allowed = options.allowedHosts ? hostMatcher(options.allowedHosts) : undefined;

  const executor = new ToolsetAgentExecutor({ runner, exposure, skillsFor, pending });
  const baseOf = (req?: IncomingMessage): string =>
    options.card.url ?? boundUrl ?? `http://${req?.headers.host ?? '127.0.0.1'}`;
  const cardFor = (principal: A2APrincipal = {}, req?: IncomingMessage): JsonObject => {
    const skills = skillsFor(principal);
    const schemas: Record<string, unknown> = {};
    for (const s of skills) schemas[s.id] = s.schema;
    const json = AgentCard.toJSON(buildCard(options.card, schemas, baseOf(req), rpcPath)) as JsonObject;
    // Skills as the codec wrote them: protobuf JSON would drop the required-but-empty `tags`.
    json.skills = skills.map((s) => s.skill);
    return json;
  };

  const transports = new Map<string, LevelTransport>();
  const transport = (level: string): LevelTransport => {
    let t = transports.get(level);
    if (!t) {
      // One task store per level: a task created at one level is invisible from the others.
      const card = buildCard(options.card, {}, baseOf(), rpcPath);
      const inner = new DefaultRequestHandler(card, new InMemoryTaskStore(), executor);
      const handler = guardHandler(inner, pending, exposure);
      t = {
        v1: new JsonRpcTransportHandler(handler),
        legacy: new LegacyJsonRpcTransportHandler(handler),
        card,
      };
      transports.set(level, t);
    }
    return t;
  };

  const handler = createListener({
    rpcPath,
    cardPaths: [`/${AGENT_CARD_PATH}`, '/.well-known/agent.json'],
    maxRequestBytes: limits.maxRequestBytes,
    get allowedHosts() {
      return allowed;
    },
    authenticate: options.authenticate ?? (() => undefined),
    levelOf: (principal) => {
      const level = exposure.levelOf(principal);
      return exposure.levels.includes(level) ? level : undefined;
    },
    transport,
    cardJson: (principal, _level, req) => cardFor(principal, req),
  });

  return {
    handler,
    cardFor: (principal) => cardFor(principal ?? {}),
    async listen(listenOptions = {}) {
      if (server) throw new A2AConfigError('this A2A server is already listening');
      const host = listenOptions.host ?? '127.0.0.1';
      const s = createServer(handler);
      await new Promise<void>((resolve, reject) => {
        s.once('error', reject);
        s.listen(listenOptions.port ?? 0, host, () => resolve());
      });
      server = s;
      const { port } = s.address() as AddressInfo;
      const shown = host.includes(':') ? `[${host}]` : host;
      boundUrl = `http://${shown}:${port}`;
      if (!allowed && (host === '127.0.0.1' || host === 'localhost' || host === '::1'))
        allowed = hostMatcher(LOOPBACK_HOSTS);
      return { url: boundUrl, server: s };
    },
    async close() {
      executor.abortAll();
      const s = server;
      server = undefined;
      if (!s) return;
      await new Promise<void>((resolve) => {
        s.close(() => resolve());
        s.closeAllConnections();
      });
    },
  };
}
