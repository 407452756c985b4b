import { createMcpPool, type McpPool } from '@toolarsenal/mcp';
import type { SearchContext, SearchOptions, ToolIndexLike } from '@toolarsenal/toolindex';
import type { Principal, Tool, ToolInput } from '@toolarsenal/toolmodel';
import {
  createRunner,
  type Executor,
  type Runner,
  type RunnerOptions,
  type RunOptions,
  type ToolHandler,
  type ToolResult,
} from '@toolarsenal/toolrun';
import { type InstantiatedConfig, instantiateConfig, type Toolset, toolset } from '@toolarsenal/toolset';
import type { ArsenalConfig } from './config/load.js';
import type { SourceConfig } from './config/schema.js';
import { ArsenalError } from './errors.js';
import { createConfiguredIndex, DeferredIndex, type IndexDatabase } from './index-backend.js';
import { ArsenalEvents, type ArsenalEventListener, type ArsenalEventName } from './events.js';
import { InFlight } from './in-flight.js';
import { type HealthReport, healthOf } from './health.js';
import { createRoutingExecutor } from './routing-executor.js';
import { type ServeOptions, type Serving, serveArsenal } from './serve.js';
import { createSource } from './sources/create-source.js';
import { LocalSource, type Registration } from './sources/local-source.js';
import type { PrestartedMcpServers } from './sources/prestart.js';
import type { ArsenalSource, SourceState } from './sources/source.js';
import { syncTools } from './sync.js';

export interface ArsenalOptions {
  /** Bring your own index (e.g. with an embedder, or a database backend). Default: the config's `index`. */
  index?: ToolIndexLike;
  /**
   * For `index.backend: postgres`: the database in code (a `pg` Pool or Client, a PGlite instance) instead of
   * `index.url`. Needs `@toolarsenal/toolindex-pg`.
   */
  indexDb?: IndexDatabase;
  /** More runner options (tracing, audit, limits, validator…); the config's `runner` section is applied first. */
  runner?: Omit<RunnerOptions, 'tools' | 'executors' | 'policy'>;
  /**
   * Executes OpenAPI sources' calls instead of the default: one executor for all, or one per source
   * (a function returning undefined keeps the default for that source). By default each OpenAPI
   * source gets `createHttpExecutor` from `@toolarsenal/openapi/http` with its `baseUrl`,
   * `allowedHosts`, `auth` and `headers`.
   */
  openapiExecutor?: Executor | ((source: SourceConfig) => Executor | undefined);
  /** Sources of your own, added beside the config's. */
  sources?: readonly ArsenalSource[];
  /**
   * MCP servers already spawned for this config (`prestartMcpServers(config)`, from
   * `@toolarsenal/arsenal/config`): each source takes its own as its first connection; the rest
   * are stopped.
   */
  prestarted?: PrestartedMcpServers;
}

export interface SearchArsenalOptions {
  principal?: Principal;
  limit?: number;
  context?: SearchContext;
  mode?: SearchOptions['mode'];
}

export interface CallArsenalOptions<C = unknown> extends Omit<RunOptions<C>, 'principal'> {
  principal?: Principal;
}

/**
 * One pool of tools from many sources: sources → canonical tools → toolsets and policies → index
 * → runner, served over MCP with `serve()`. Create with `createArsenal`.
 */
export class Arsenal {
  readonly config: ArsenalConfig;
  readonly index: ToolIndexLike;
  readonly runner: Runner;
  readonly #pool: McpPool;
  readonly #sources = new Map<string, ArsenalSource>();
  readonly #off = new Map<string, () => void>();
  readonly #local = new LocalSource();
  readonly #events = new ArsenalEvents();
  readonly #inFlight = new InFlight();
  readonly #instantiated: InstantiatedConfig;
  readonly #served: Toolset;
  readonly #options: ArsenalOptions;
  #tools: readonly Tool[] = [];
  #owners = new Map<string, ArsenalSource>();
  #synced: readonly Tool[] = [];
  #closed = false;
  readonly #routed = new Set<string>();
  readonly #servings = new Set<Serving>();
  #lastStatus = new Map<string, string>();
  readonly #changeListeners = new Set<() => void>();

  constructor(config: ArsenalConfig, options: ArsenalOptions = {}) {
    this.config = config;
    this.#options = options;
    this.#pool = createMcpPool();
    this.index =
      options.index ??
      createConfiguredIndex(config.index, {
        ...(options.indexDb !== undefined && { db: options.indexDb }),
        dir: config.dir,
        onProblem: (message) => this.#events.emit('problem', { message }),
      });
    const provider = {
      list: () => this.#tools,
      subscribe: (listener: () => void) => {
        this.#changeListeners.add(listener);
        return () => this.#changeListeners.delete(listener);
      },
    };
    this.#instantiated = instantiateConfig(config.toolsets, provider);
    const servedId = config.serve.toolset;
    this.#served = servedId !== undefined ? this.toolset(servedId) : toolset('all').from(provider).build();
    this.runner = createRunner({
      ...(config.runner.timeoutMs !== undefined && { defaults: { timeoutMs: config.runner.timeoutMs } }),
      ...(config.runner.concurrency && { concurrency: config.runner.concurrency }),
      ...(config.runner.confirmation === false && { confirmation: false as const }),
      ...options.runner,
      policy: this.#served,
    });
    this.runner.on('success', (e) => this.#events.emit('call', { ...e, status: 'success' as const }));
    this.runner.on('failure', (e) => this.#events.emit('call', e));
    this.#attach(this.#local);
    for (const entry of config.sources) if (entry.enabled !== false) this.#add(entry);
    for (const source of options.sources ?? []) this.#attach(source);
    void options.prestarted?.close(); // what no source took
    this.#refresh();
  }

  /**
   * Resolves when every source has finished its first attempt (successful or not) and a database index is open
   * with the tools stored; rejects when that index cannot be opened.
   */
  async ready(): Promise<void> {
    await Promise.all([...this.#sources.values()].map((s) => s.start()));
    if (this.index instanceof DeferredIndex) await this.index.ready();
  }

  /** Every tool of every source (before toolsets and policies). */
  tools(): readonly Tool[] {
    return this.#tools;
  }

  /** The tools `principal` may use in the served toolset. */
  list(principal?: Principal): Tool[] {
    const scope = this.#served.scope(principal ?? { id: 'anonymous' });
    return this.#served.tools().filter((t) => scope.predicate(t));
  }

  /**
   * Adds tools (with optional local handlers: `{ tool, handler }`) or a source. Returns a function
   * that removes them again.
   */
  register(input: readonly Registration[] | Registration | ArsenalSource): () => void {
    this.#assertOpen();
    if (isSource(input)) {
      this.#attach(input);
      void input.start();
      this.#refresh();
      return () => void this.#detach(input.name);
    }
    const remove = this.#local.add(Array.isArray(input) ? input : [input as Registration]);
    return remove;
  }

  /** Adds a source described like a config entry (`{ name, mcp: { command } }`…) and starts it. */
  addSource(entry: SourceConfig): ArsenalSource {
    this.#assertOpen();
    const source = this.#add(entry);
    void source.start();
    this.#refresh();
    return source;
  }

  /** Stops and removes a source; its tools leave the pool. */
  async removeSource(name: string): Promise<boolean> {
    return this.#detach(name);
  }

  /** Ranks the tools `principal` may use for a request (healthy sources first; down ones left out). */
  search(query: string, options: SearchArsenalOptions = {}) {
    const scope = this.#served.scope(options.principal ?? { id: 'anonymous' });
    return this.index.search({
      query,
      ...(options.limit !== undefined && { limit: options.limit }),
      ...(options.mode !== undefined && { mode: options.mode }),
      // A shared database index can hold tools this arsenal does not serve (another config's, stale rows).
      filters: { predicate: (tool) => this.#owners.has(tool.id) && scope.predicate(tool) },
      context: { ...options.context, health: this.healthSignal },
    });
  }

  /** Runs a tool by id (or unique name) through the runner: validation, policy, limits, confirmation. */
  call<C = unknown>(
    idOrName: string,
    args: unknown = {},
    options: CallArsenalOptions<C> = {},
  ): Promise<ToolResult> {
    const { principal, ...rest } = options;
    return this.runner.run(
      { name: this.#resolveName(idOrName), arguments: args as Record<string, unknown> },
      { ...(rest as RunOptions), ...(principal !== undefined && { principal }) },
    );
  }

  /** Runs a call that came back `pending_confirmation`, once (the runner's token). */
  confirm(token: string): Promise<ToolResult> {
    return this.runner.confirm(token);
  }

  /** A toolset from the config by id. Throws `ARSENAL_UNKNOWN_TOOLSET`. */
  toolset(id: string): Toolset {
    const set = this.#instantiated.toolsets.get(id);
    if (!set)
      throw new ArsenalError(
        'ARSENAL_UNKNOWN_TOOLSET',
        `unknown toolset ${JSON.stringify(id)} (defined: ${[...this.#instantiated.toolsets.keys()].join(', ') || 'none'})`,
      );
    return set;
  }

  /** The set `serve()` and `call()` use: `serve.toolset` from the config, else every tool. */
  get served(): Toolset {
    return this.#served;
  }

  /**
   * Serves the served toolset over MCP (`@toolarsenal/mcp`): stdio or HTTP (127.0.0.1 by default,
   * with a `/healthz` endpoint), in the config's mode unless given. Closed by `close()` too.
   */
  async serve(options: ServeOptions = {}): Promise<Serving> {
    this.#assertOpen();
    const serving = await serveArsenal(this, options);
    this.#servings.add(serving);
    return {
      ...serving,
      close: async (closeOptions) => {
        this.#servings.delete(serving);
        await serving.close(closeOptions);
      },
    };
  }

  /** Each source's state. */
  status(): SourceState[] {
    return [...this.#sources.values()].filter((s) => s !== this.#local).map((s) => s.state());
  }

  /** Overall health with per-source detail (the health endpoint's body). */
  health(): HealthReport {
    return healthOf(this.status(), this.#inFlight.size);
  }

  /** 1 when a tool's source is up, 0 while it is down (for ranking and the MCP server). */
  readonly healthSignal = (tool: Tool): number | undefined => {
    const owner = this.#owners.get(tool.id);
    if (!owner || owner === this.#local) return undefined;
    return owner.healthy() ? 1 : 0;
  };

  /** Calls being executed right now. */
  get inFlight(): number {
    return this.#inFlight.size;
  }

  on<K extends ArsenalEventName>(name: K, listener: ArsenalEventListener<K>): () => void {
    return this.#events.on(name, listener);
  }

  /**
   * Waits up to `graceMs` (default the config's `serve.shutdownGraceMs`, else 10 s) for calls
   * being executed, cancels the rest, then stops every source (child MCP servers included).
   */
  async close(options: { graceMs?: number } = {}): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    await this.drain(options.graceMs);
    await Promise.allSettled([...this.#servings].map((s) => s.close({ graceMs: 0 })));
    this.#servings.clear();
    for (const off of this.#off.values()) off();
    this.#off.clear();
    await Promise.allSettled([...this.#sources.values()].map((s) => s.close()));
    await this.#pool.close();
    await this.runner.close();
    if (this.index instanceof DeferredIndex) await this.index.close();
    this.#events.emit('closed', {});
  }

  /** Refuses new executions and waits for the running ones (cancelling them after `graceMs`). */
  drain(graceMs?: number): Promise<void> {
    return this.#inFlight.drain(graceMs ?? this.config.serve.shutdownGraceMs ?? 10_000);
  }

  /** @internal for `serve()` */
  get shuttingDown(): boolean {
    return this.#inFlight.draining;
  }

  #assertOpen(): void {
    if (this.#closed) throw new ArsenalError('ARSENAL_CLOSED', 'the arsenal is closed');
  }

  #add(entry: SourceConfig): ArsenalSource {
    if (this.#sources.has(entry.name))
      throw new ArsenalError('ARSENAL_DUPLICATE_SOURCE', `a source named "${entry.name}" already exists`);
    const openapi = this.#options.openapiExecutor;
    const source = createSource(entry, {
      pool: this.#pool,
      dir: this.config.dir,
      ...(openapi && { openapiExecutor: typeof openapi === 'function' ? openapi : () => openapi }),
      ...(this.#options.prestarted && { prestarted: this.#options.prestarted }),
    });
    this.#attach(source);
    void source.start();
    return source;
  }

  #attach(source: ArsenalSource): void {
    if (this.#sources.has(source.name))
      throw new ArsenalError('ARSENAL_DUPLICATE_SOURCE', `a source named "${source.name}" already exists`);
    this.#sources.set(source.name, source);
    this.#off.set(
      source.name,
      source.subscribe(() => this.#refresh()),
    );
  }

  async #detach(name: string): Promise<boolean> {
    const source = this.#sources.get(name);
    if (!source || source === this.#local) return false;
    this.#off.get(name)?.();
    this.#off.delete(name);
    this.#sources.delete(name);
    this.#lastStatus.delete(name);
    await source.close();
    this.#refresh();
    return true;
  }

  /** Recomputes the pool after a source changed: index, runner, toolsets, events. */
  #refresh(): void {
    if (this.#closed) return;
    const owners = new Map<string, ArsenalSource>();
    const tools: Tool[] = [];
    const duplicates: string[] = [];
    // A source that lists again (a reconnect, `tools/list_changed`) gives new objects for the same
    // tools: keep the ones already indexed and served, so the index's hits are the served tools.
    const previous = new Map(this.#synced.map((t) => [t.id, t]));
    for (const source of this.#sources.values()) {
      for (const listed of source.tools()) {
        if (owners.has(listed.id)) {
          duplicates.push(`${listed.id} (${source.name}, kept from ${owners.get(listed.id)!.name})`);
          continue;
        }
        const kept = previous.get(listed.id);
        owners.set(listed.id, source);
        tools.push(kept?.contentHash === listed.contentHash ? kept : listed);
      }
    }
    const changed = !sameTools(this.#synced, tools);
    this.#owners = owners;
    this.#tools = Object.freeze(tools);
    if (changed) {
      syncTools(
        this.index,
        this.runner,
        this.#synced,
        tools,
        (tool) => this.#handlerFor(tool),
        (kind) => {
          if (this.#routed.has(kind)) return;
          this.#routed.add(kind);
          this.runner.registerExecutor(
            createRoutingExecutor(kind, (id) => this.#owners.get(id), this.#inFlight),
          );
        },
      );
      this.#synced = this.#tools;
      for (const listener of [...this.#changeListeners]) listener();
      this.#events.emit('change', { tools: tools.length });
    }
    if (duplicates.length > 0)
      this.#events.emit('problem', { message: `duplicate tool ids skipped: ${duplicates.join('; ')}` });
    for (const source of this.#sources.values()) {
      if (source === this.#local) continue;
      const state = source.state();
      const key = `${state.status}|${state.error ?? ''}`;
      if (this.#lastStatus.get(source.name) !== key) {
        this.#lastStatus.set(source.name, key);
        this.#events.emit('status', state);
      }
    }
  }

  /** A versionless id (`namespace:name`) names the one tool with that namespace and name. */
  #resolveName(idOrName: string): string {
    if (typeof idOrName !== 'string' || idOrName.includes('@') || !idOrName.includes(':')) return idOrName;
    if (this.runner.get(idOrName)) return idOrName;
    const matches = this.#tools.filter((t) => `${t.namespace}:${t.name}` === idOrName);
    return matches.length === 1 ? matches[0]!.id : idOrName;
  }

  #handlerFor(tool: Tool): ToolHandler | undefined {
    const owner = this.#owners.get(tool.id);
    const handler = owner?.handler?.(tool.id);
    return handler ? this.#inFlight.wrapHandler(handler) : undefined;
  }
}

function isSource(value: unknown): value is ArsenalSource {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    typeof (value as ArsenalSource).start === 'function' &&
    typeof (value as ArsenalSource).tools === 'function'
  );
}

function sameTools(a: readonly Tool[], b: readonly Tool[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++)
    if (a[i]!.contentHash !== b[i]!.contentHash || a[i]!.id !== b[i]!.id) return false;
  return true;
}

export type { Registration, ToolInput };
