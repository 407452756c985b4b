import type { FetchLike, Transport } from '@modelcontextprotocol/client';
import { http, type McpConnection, type McpPool, type McpTransport } from '@toolarsenal/mcp';
import { stdio } from '@toolarsenal/mcp/stdio';
import type { Tool } from '@toolarsenal/toolmodel';
import type { Executor } from '@toolarsenal/toolrun';
import type { SourceConfig } from '../config/schema.js';
import { type ArsenalSource, Listeners, type SourceState, type SourceStatus } from './source.js';
import { type McpConfig, stdioOptions } from './stdio-options.js';

/**
 * The transport for an `mcp:` source: a child process (`command`) or a URL. URL servers are
 * reached through `@toolarsenal/net` (see `mcpFetch`).
 */
export function mcpTransport(config: McpConfig, dir: string, fetch?: FetchLike, name?: string): McpTransport {
  if (config.url !== undefined)
    return http(config.url, {
      ...(config.headers && { headers: config.headers }),
      ...(fetch && { fetch }),
    });
  return stdio(stdioOptions(config, dir, name));
}

/**
 * `transport`, whose first `create()` hands out `first` (a server started early). `discard`
 * stops `first` when no connection took it.
 */
function startingWith(
  transport: McpTransport,
  first: Transport | undefined,
): { transport: McpTransport; discard(): Promise<void> } {
  if (!first) return { transport, discard: async () => undefined };
  let pending: Transport | undefined = first;
  return {
    transport: {
      ...transport,
      create: () => {
        const taken = pending;
        pending = undefined;
        return taken ?? transport.create();
      },
    },
    discard: async () => {
      const left = pending;
      pending = undefined;
      await left?.close();
    },
  };
}

/**
 * An MCP server in the arsenal's pool (`@toolarsenal/mcp`): the pool starts it, retries it with
 * backoff while it fails to start, keeps its tools listed while it is down and reconnects.
 */
export class McpSource implements ArsenalSource {
  readonly kind = 'mcp';
  readonly name: string;
  readonly namespace: string;
  readonly executor: Executor;
  readonly #connection: McpConnection;
  readonly #pool: McpPool;
  readonly #listeners = new Listeners();
  readonly #fetch: SourceFetch | undefined;
  readonly #off: (() => void)[] = [];
  readonly #discardPrestarted: () => Promise<void>;
  #everReady = false;
  #failures = 0;

  /** `prestarted`: this server's process, spawned early by `prestartMcpServers`, used for the first connection. */
  constructor(pool: McpPool, config: SourceConfig, dir: string, prestarted?: Transport) {
    this.name = config.name;
    this.namespace = config.namespace ?? config.name;
    this.#pool = pool;
    this.#fetch =
      config.mcp!.url === undefined ? undefined : mcpFetch(config.mcp!.url, config.mcp!.allowedHosts);
    const transport = startingWith(mcpTransport(config.mcp!, dir, this.#fetch, config.name), prestarted);
    this.#discardPrestarted = transport.discard;
    this.#connection = pool.add({
      name: config.name,
      namespace: this.namespace,
      transport: transport.transport,
      ...(config.mcp!.era && { era: config.mcp!.era }),
      ...(config.mcp!.connectTimeoutMs && { connectTimeoutMs: config.mcp!.connectTimeoutMs }),
      ...(config.retry && { reconnect: config.retry }),
    });
    this.executor = pool.executor;
    this.#off.push(
      this.#connection.subscribe(() => this.#listeners.emit()),
      this.#connection.onStatus((status) => {
        if (status === 'ready') {
          this.#everReady = true;
          this.#failures = 0;
        } else if (status === 'reconnecting') this.#failures++;
        this.#listeners.emit();
      }),
    );
  }

  start(): Promise<void> {
    return this.#connection.start();
  }

  tools(): readonly Tool[] {
    return this.#connection.tools();
  }

  healthy(): boolean {
    return this.#connection.healthy;
  }

  state(): SourceState {
    const error = this.#connection.lastError?.message;
    return {
      name: this.name,
      kind: this.kind,
      namespace: this.namespace,
      status: this.#status(),
      tools: this.#connection.tools().length,
      failures: this.#failures,
      ...(error !== undefined && !this.#connection.healthy && { error }),
    };
  }

  #status(): SourceStatus {
    switch (this.#connection.status) {
      case 'ready':
        return 'ready';
      case 'connecting':
        return 'starting';
      case 'reconnecting':
        return this.#everReady ? 'unhealthy' : 'retrying';
      default:
        return this.#everReady || this.#failures === 0 ? 'closed' : 'failed';
    }
  }

  subscribe(listener: () => void): () => void {
    return this.#listeners.add(listener);
  }

  async close(): Promise<void> {
    for (const off of this.#off) off();
    await this.#pool.remove(this.name);
    await this.#discardPrestarted();
    await this.#fetch?.close();
  }
}

/** A fetch for one URL source, closed with it. */
export type SourceFetch = FetchLike & { close(): Promise<void> };

/**
 * The fetch an MCP URL source's transport uses: `@toolarsenal/net`'s safe fetch, so each request
 * (Streamable HTTP, the SSE fallback, redirects) goes only to allowed hosts, with the address
 * checked after DNS resolution and the connection pinned to it. With `allowedHosts` from the
 * config, an exact entry may reach a private or loopback address; without, the URL's own host
 * is allowed on public addresses only. `@toolarsenal/net` (undici) is imported on the first
 * request: configs without URL sources do not load it.
 */
export function mcpFetch(url: string, allowedHosts: readonly string[] | undefined): SourceFetch {
  let made: Promise<FetchLike & { close(): Promise<void> }> | undefined;
  const safe = () =>
    (made ??= import('@toolarsenal/net').then(({ createSafeFetch }) =>
      createSafeFetch(
        allowedHosts ? { allowedHosts } : { allowedHosts: [new URL(url).host], trustExactHosts: false },
      ),
    ));
  const fetch: FetchLike = async (input, init) => (await safe())(input, init);
  return Object.assign(fetch, {
    async close() {
      if (made) await (await made).close();
    },
  });
}
