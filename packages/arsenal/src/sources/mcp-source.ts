import { resolve } from 'node:path';
import { http, type McpConnection, type McpPool, type McpTransport } from '@toolarsenal/mcp';
import { stdio } from '@toolarsenal/mcp/stdio';
import type { Tool } from '@toolarsenal/toolmodel';
import type { Executor } from '@toolarsenal/toolrun';
import type { SourceConfig } from '../config/schema.js';
import { type ArsenalSource, Listeners, type SourceState, type SourceStatus } from './source.js';

type McpConfig = NonNullable<SourceConfig['mcp']>;

/** The transport for an `mcp:` source: a child process (`command`) or a URL. */
export function mcpTransport(config: McpConfig, dir: string): McpTransport {
  if (config.url !== undefined) return http(config.url, config.headers ? { headers: config.headers } : {});
  return stdio({
    command: config.command!,
    args: config.args ?? [],
    ...(config.env && { env: config.env }),
    cwd: resolve(dir, config.cwd ?? '.'),
    stderr: config.stderr ?? 'ignore',
  });
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
  readonly #off: (() => void)[] = [];
  #everReady = false;
  #failures = 0;

  constructor(pool: McpPool, config: SourceConfig, dir: string) {
    this.name = config.name;
    this.namespace = config.namespace ?? config.name;
    this.#pool = pool;
    this.#connection = pool.add({
      name: config.name,
      namespace: this.namespace,
      transport: mcpTransport(config.mcp!, dir),
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
  }
}
