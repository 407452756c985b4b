import {
  type CallToolResult,
  Client,
  type ElicitRequestParams,
  type ElicitResult,
  type Tool as McpTool,
  type Transport,
} from '@modelcontextprotocol/client';
import { explainInvalidNamespace, type JsonObject, type Tool } from '@toolarsenal/toolmodel';
import type { Executor } from '@toolarsenal/toolrun';
import { McpError } from '../errors.js';
import { Backoff, type ReconnectOptions } from './backoff.js';
import { mapCallError, unavailable } from './call-errors.js';
import { createConnectionExecutor } from './executor.js';
import { type ImportProblem, importMcpTools } from './import-tools.js';
import { settleResponsesInOrder } from './message-order.js';
import type { McpTransport } from './transport.js';

export type McpConnectionStatus = 'connecting' | 'ready' | 'reconnecting' | 'closed';

/** The protocol era to speak: `auto` negotiates (2026-07-28 when the server has it, else 2025-11-25). */
export type McpEra = 'auto' | 'legacy' | 'modern';

export interface ConnectMcpOptions {
  /** Names the server; the default namespace of its tools (`[A-Za-z0-9][A-Za-z0-9_-]*`, dots between parts). */
  name: string;
  transport: McpTransport;
  /** Namespace of the imported tools. Default `name`; `false` keeps the namespaces a ToolArsenal server sends. */
  namespace?: string | false;
  /** Default `auto`. */
  era?: McpEra;
  /** Limit for connecting plus the first `tools/list` (ms). Default 30,000. */
  connectTimeoutMs?: number;
  /** Reconnect with exponential backoff when the connection drops (default on), or `false`. */
  reconnect?: ReconnectOptions | false;
  /** How this client introduces itself. Default `{ name: 'toolarsenal', version: '0.0.0' }`. */
  clientInfo?: { name: string; version: string };
  /**
   * Answers a server's request for user input (2025 elicitation, 2026 `input_required` rounds).
   * Without it the client does not declare the elicitation capability.
   */
  onElicit?: (request: ElicitRequestParams) => ElicitResult | Promise<ElicitResult>;
}

export interface McpCallOptions {
  signal?: AbortSignal;
  /** Request timeout in ms (the runner passes what is left of its deadline). Default 60,000. */
  timeoutMs?: number;
  onProgress?: (progress: { progress: number; total?: number; message?: string }) => void;
}

type Listener = () => void;

/**
 * One MCP server used as a tool source and executor. Keeps its tool list current
 * (`notifications/tools/list_changed`, and `ttlMs` on the 2026-07-28 era), reconnects with
 * backoff when the process dies or the endpoint drops, and keeps its tools listed while down:
 * `healthy` turns false and calls fail fast with `MCP_SERVER_UNAVAILABLE`.
 * Create with `connectMcp` (waits for the first connection) or `createMcpPool().add`.
 */
export class McpConnection {
  readonly name: string;
  readonly namespace: string | false;
  readonly transport: McpTransport;
  /** Runs this server's tools in a toolrun `Runner` (source `mcp`). */
  readonly executor: Executor;
  #status: McpConnectionStatus = 'connecting';
  #client: Client | undefined;
  #tools: readonly Tool[] = Object.freeze([]);
  #problems: readonly ImportProblem[] = Object.freeze([]);
  #lastError: Error | undefined;
  #generation = 0;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #ttlTimer: ReturnType<typeof setTimeout> | undefined;
  readonly #backoff: Backoff | undefined;
  readonly #options: ConnectMcpOptions;
  readonly #changeListeners = new Set<Listener>();
  readonly #statusListeners = new Set<(status: McpConnectionStatus) => void>();
  #firstAttempt: Promise<void> | undefined;

  constructor(options: ConnectMcpOptions) {
    validate(options);
    this.#options = options;
    this.name = options.name;
    this.namespace = options.namespace === undefined ? options.name : options.namespace;
    this.transport = options.transport;
    this.#backoff = options.reconnect === false ? undefined : new Backoff(options.reconnect ?? {});
    this.executor = createConnectionExecutor((name) => (name === this.name ? this : undefined));
  }

  get status(): McpConnectionStatus {
    return this.#status;
  }

  /** True while connected; a down server's tools stay listed but are unhealthy. */
  get healthy(): boolean {
    return this.#status === 'ready';
  }

  /** Why the last connection attempt or the connection itself failed. */
  get lastError(): Error | undefined {
    return this.#lastError;
  }

  /** The era negotiated by the current connection. */
  get era(): 'legacy' | 'modern' | undefined {
    return this.#client?.getProtocolEra();
  }

  /** The SDK client of the current connection (for resources, prompts…), when connected. */
  get client(): Client | undefined {
    return this.#status === 'ready' ? this.#client : undefined;
  }

  /** The server's tools as canonical tools (kept while the server is down). */
  tools(): readonly Tool[] {
    return this.#tools;
  }

  /** `ToolProvider.list` for toolsets and indexes. */
  list(): readonly Tool[] {
    return this.#tools;
  }

  /** Listed tools that could not be imported (bad names, invalid schemas…). */
  get problems(): readonly ImportProblem[] {
    return this.#problems;
  }

  /** Called after the tool list changed; returns the unsubscribe function. */
  subscribe(listener: Listener): () => void {
    this.#changeListeners.add(listener);
    return () => this.#changeListeners.delete(listener);
  }

  /** Called on every status change; returns the unsubscribe function. */
  onStatus(listener: (status: McpConnectionStatus) => void): () => void {
    this.#statusListeners.add(listener);
    return () => this.#statusListeners.delete(listener);
  }

  /**
   * Starts connecting. Resolves after the first attempt, whatever its outcome: on failure the
   * connection keeps retrying with backoff (unless `reconnect: false`) and `lastError` says why.
   */
  start(): Promise<void> {
    this.#firstAttempt ??= this.#attempt();
    return this.#firstAttempt;
  }

  /** Reads the tool list again (all pages). */
  async refresh(): Promise<void> {
    const client = this.#client;
    if (!client || this.#status !== 'ready') throw unavailable(this.name, `is ${this.#status}`);
    await this.#loadTools(client, this.#generation, 'refresh');
  }

  /**
   * Calls a tool by its wire name and returns the raw MCP result. Throws a typed toolrun
   * `ToolRunError` for protocol and transport failures (an `isError` result is returned as is).
   */
  async callTool(name: string, args: JsonObject, options: McpCallOptions = {}): Promise<CallToolResult> {
    const client = this.#client;
    if (!client || this.#status !== 'ready') throw unavailable(this.name, `is ${this.#status}`);
    try {
      return (await client.callTool(
        { name, arguments: args },
        {
          ...(options.signal ? { signal: options.signal } : {}),
          timeout: Math.max(1, Math.min(options.timeoutMs ?? 60_000, 2_147_483_647)),
          ...(options.onProgress
            ? {
                onprogress: (p: { progress: number; total?: number; message?: string }) =>
                  options.onProgress?.({
                    progress: p.progress,
                    ...(p.total !== undefined ? { total: p.total } : {}),
                    ...(p.message !== undefined ? { message: p.message } : {}),
                  }),
              }
            : {}),
        },
      )) as CallToolResult;
    } catch (error) {
      throw mapCallError(error, this.name, name);
    }
  }

  /** Disconnects (stopping a stdio server) and stops reconnecting. Idempotent. */
  async close(): Promise<void> {
    if (this.#status === 'closed') return;
    this.#generation++;
    clearTimeout(this.#timer);
    clearTimeout(this.#ttlTimer);
    this.#setStatus('closed');
    const client = this.#client;
    this.#client = undefined;
    await client?.close().catch(() => undefined);
  }

  async #attempt(): Promise<void> {
    const generation = ++this.#generation;
    let client: Client | undefined;
    try {
      client = await this.#connect(generation);
      if (generation !== this.#generation) {
        await client.close().catch(() => undefined);
        return;
      }
      this.#client = client;
      await this.#loadTools(client, generation, 'connect');
      if (generation !== this.#generation) return;
      this.#lastError = undefined;
      this.#backoff?.reset();
      this.#setStatus('ready');
    } catch (error) {
      if (generation !== this.#generation) return;
      this.#lastError = error as Error;
      if (client) {
        if (this.#client === client) this.#client = undefined;
        await client.close().catch(() => undefined);
      }
      this.#scheduleReconnect();
    }
  }

  async #connect(generation: number): Promise<Client> {
    const options = this.#options;
    const timeout = options.connectTimeoutMs ?? 30_000;
    const attempt = async (transport: Transport) => {
      // A handshake that fails closes its client; that close is this attempt's error, not a
      // dropped connection to reconnect (which would race the fallback transport).
      let connected = false;
      const client = this.#newClient(generation, () => connected);
      try {
        await client.connect(transport, { timeout });
        settleResponsesInOrder(transport);
        connected = true;
        return client;
      } catch (error) {
        await client.close().catch(() => undefined);
        throw error;
      }
    };
    try {
      return await attempt(await this.transport.create());
    } catch (error) {
      if (!this.transport.fallback || generation !== this.#generation) throw connectError(this, error);
      try {
        return await attempt(await this.transport.fallback());
      } catch {
        throw connectError(this, error);
      }
    }
  }

  #newClient(generation: number, connected: () => boolean): Client {
    const options = this.#options;
    const era = options.era ?? 'auto';
    const client = new Client(options.clientInfo ?? { name: 'toolarsenal', version: '0.0.0' }, {
      capabilities: options.onElicit ? { elicitation: { form: {} } } : {},
      ...(era === 'legacy'
        ? {}
        : {
            versionNegotiation:
              era === 'modern'
                ? { mode: { pin: '2026-07-28' } }
                : {
                    mode: 'auto' as const,
                    probe: { timeoutMs: Math.min(options.connectTimeoutMs ?? 30_000, 10_000) },
                  },
          }),
      listMaxPages: 1_000,
      listChanged: {
        tools: {
          autoRefresh: true,
          debounceMs: 100,
          onChanged: (error, tools) => {
            if (generation !== this.#generation || error || !tools) return;
            this.#applyTools(tools, undefined, generation);
          },
        },
      },
    });
    if (options.onElicit) {
      const onElicit = options.onElicit;
      client.setRequestHandler('elicitation/create', async (request) => onElicit(request.params));
    }
    client.onclose = () => {
      if (!connected() || generation !== this.#generation || this.#status === 'closed') return;
      this.#lastError = new McpError('MCP_CONNECT_FAILED', `MCP server "${this.name}" closed the connection`);
      this.#client = undefined;
      this.#scheduleReconnect();
    };
    return client;
  }

  async #loadTools(client: Client, generation: number, why: 'connect' | 'refresh' | 'ttl'): Promise<void> {
    const result = await client.listTools(undefined, why === 'connect' ? {} : { cacheMode: 'refresh' });
    if (!Array.isArray(result?.tools)) {
      throw new McpError(
        'MCP_PROTOCOL_ERROR',
        `MCP server "${this.name}" answered tools/list without a tools array`,
      );
    }
    const ttl = (result as { ttlMs?: unknown }).ttlMs;
    this.#applyTools(result.tools, typeof ttl === 'number' ? ttl : undefined, generation);
  }

  #applyTools(listed: readonly McpTool[], ttlMs: number | undefined, generation: number): void {
    if (generation !== this.#generation) return;
    const { tools, problems } = importMcpTools(listed, { server: this.name, namespace: this.namespace });
    this.#problems = Object.freeze(problems);
    const changed =
      tools.length !== this.#tools.length ||
      tools.some((t, i) => t.contentHash !== this.#tools[i]?.contentHash);
    this.#tools = Object.freeze(tools);
    this.#scheduleTtlRefresh(ttlMs, generation);
    if (changed) this.#emitChange();
  }

  /** 2026-07-28 lists carry `ttlMs`: read the list again when it goes stale (at most once a second). */
  #scheduleTtlRefresh(ttlMs: number | undefined, generation: number): void {
    clearTimeout(this.#ttlTimer);
    this.#ttlTimer = undefined;
    if (ttlMs === undefined || !(ttlMs > 0)) return;
    this.#ttlTimer = setTimeout(
      () => {
        const client = this.#client;
        if (!client || generation !== this.#generation) return;
        this.#loadTools(client, generation, 'ttl').catch(() => undefined);
      },
      Math.min(Math.max(ttlMs, 1_000), 86_400_000),
    );
    this.#ttlTimer.unref?.();
  }

  #scheduleReconnect(): void {
    clearTimeout(this.#ttlTimer);
    const delay = this.#backoff?.next();
    if (delay === undefined) {
      this.#generation++;
      this.#setStatus('closed');
      return;
    }
    this.#setStatus('reconnecting');
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      if (this.#status === 'reconnecting') void this.#attempt();
    }, delay);
    this.#timer.unref?.();
  }

  #setStatus(status: McpConnectionStatus): void {
    if (this.#status === status) return;
    this.#status = status;
    for (const listener of [...this.#statusListeners]) safely(() => listener(status));
    // Health is part of what an index reads about these tools.
    this.#emitChange();
  }

  #emitChange(): void {
    for (const listener of [...this.#changeListeners]) safely(listener);
  }
}

/** Connects to one MCP server and reads its tools; throws `McpError` when the first attempt fails. */
export async function connectMcp(options: ConnectMcpOptions): Promise<McpConnection> {
  const connection = new McpConnection({ ...options, reconnect: options.reconnect ?? {} });
  await connection.start();
  if (connection.status !== 'ready') {
    const error = connection.lastError;
    await connection.close();
    throw McpError.isInstance(error)
      ? error
      : new McpError('MCP_CONNECT_FAILED', `could not connect to MCP server "${options.name}"`, {
          cause: error,
        });
  }
  return connection;
}

function validate(options: ConnectMcpOptions): void {
  if (typeof options !== 'object' || options === null)
    throw new McpError('MCP_INVALID_OPTIONS', 'connectMcp: options must be an object');
  const reason =
    typeof options.name === 'string' ? explainInvalidNamespace(options.name) : 'must be a string';
  if (reason)
    throw new McpError('MCP_INVALID_OPTIONS', `connectMcp: name ${JSON.stringify(options.name)}: ${reason}`);
  if (options.namespace !== undefined && options.namespace !== false) {
    const why =
      typeof options.namespace === 'string'
        ? explainInvalidNamespace(options.namespace)
        : 'must be a string or false';
    if (why) throw new McpError('MCP_INVALID_OPTIONS', `connectMcp: namespace: ${why}`);
  }
  if (typeof options.transport?.create !== 'function')
    throw new McpError(
      'MCP_INVALID_OPTIONS',
      'connectMcp: transport must come from http(), stdio() or customTransport()',
    );
  if (options.era !== undefined && !['auto', 'legacy', 'modern'].includes(options.era))
    throw new McpError('MCP_INVALID_OPTIONS', `connectMcp: era must be auto, legacy or modern`);
}

function connectError(connection: McpConnection, error: unknown): McpError {
  const message = error instanceof Error ? error.message : String(error);
  return new McpError(
    'MCP_CONNECT_FAILED',
    `could not connect to MCP server "${connection.name}" (${connection.transport.kind} ${connection.transport.label}): ${message.slice(0, 300)}`,
    { cause: error },
  );
}

function safely(fn: () => void): void {
  try {
    fn();
  } catch {
    // A failing listener must not break the connection.
  }
}
