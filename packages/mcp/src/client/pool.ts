import type { Tool } from '@toolarsenal/toolmodel';
import type { Executor } from '@toolarsenal/toolrun';
import { McpError } from '../errors.js';
import { type ConnectMcpOptions, McpConnection, type McpConnectionStatus } from './connection.js';
import { createConnectionExecutor } from './executor.js';
import { serverOf } from './import-tools.js';

export interface McpServerStatus {
  name: string;
  status: McpConnectionStatus;
  tools: number;
  /** Why the last attempt or the connection failed (no secrets: transport label only). */
  error?: string;
}

/**
 * Several MCP servers as one tool source: each under its own namespace, each connecting and
 * reconnecting on its own (a server that fails to start is retried with backoff and does not
 * stop the others). A `ToolProvider` (`list`/`subscribe`) for toolsets and indexes, one runner
 * executor for all of them, and a health signal for the index.
 */
export class McpPool {
  readonly #connections = new Map<string, McpConnection>();
  readonly #listeners = new Set<() => void>();
  readonly #unsubscribe = new Map<string, () => void>();
  #cache: readonly Tool[] | undefined;
  #closed = false;
  /** Runs the tools of every server in the pool (register it with `runner.registerExecutor`). */
  readonly executor: Executor = createConnectionExecutor((name) => this.#connections.get(name));

  /** Adds a server and starts connecting (not awaited: see `ready()` and `status()`). */
  add(options: ConnectMcpOptions): McpConnection {
    if (this.#closed) throw new McpError('MCP_CLOSED', 'the MCP pool is closed');
    if (this.#connections.has(options?.name))
      throw new McpError(
        'MCP_INVALID_OPTIONS',
        `an MCP server named "${options.name}" is already in the pool`,
      );
    const connection = new McpConnection(options);
    const namespace = connection.namespace;
    if (namespace !== false) {
      for (const other of this.#connections.values())
        if (other.namespace === namespace)
          throw new McpError(
            'MCP_INVALID_OPTIONS',
            `namespace "${namespace}" is already used by server "${other.name}"`,
          );
    }
    this.#connections.set(connection.name, connection);
    this.#unsubscribe.set(
      connection.name,
      connection.subscribe(() => this.#changed()),
    );
    void connection.start();
    return connection;
  }

  /** Resolves when every server has finished its first connection attempt (successful or not). */
  async ready(): Promise<void> {
    await Promise.all([...this.#connections.values()].map((c) => c.start()));
  }

  get(name: string): McpConnection | undefined {
    return this.#connections.get(name);
  }

  connections(): McpConnection[] {
    return [...this.#connections.values()];
  }

  /** Every server's tools, in the order servers were added. Down servers' tools stay listed. */
  tools(): readonly Tool[] {
    this.#cache ??= Object.freeze([...this.#connections.values()].flatMap((c) => [...c.tools()]));
    return this.#cache;
  }

  list(): readonly Tool[] {
    return this.tools();
  }

  subscribe(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /**
   * 1 when the tool's server is connected, 0 while it is down: pass as toolindex's
   * `SearchContext.health` so a dead server's tools drop out of search instead of vanishing.
   */
  readonly health = (tool: Tool): number | undefined => {
    const server = serverOf(tool);
    const connection = server === undefined ? undefined : this.#connections.get(server);
    return connection === undefined ? undefined : connection.healthy ? 1 : 0;
  };

  status(): McpServerStatus[] {
    return [...this.#connections.values()].map((c) => ({
      name: c.name,
      status: c.status,
      tools: c.tools().length,
      ...(c.lastError ? { error: c.lastError.message } : {}),
    }));
  }

  /** Disconnects and removes a server; its tools leave the pool. */
  async remove(name: string): Promise<boolean> {
    const connection = this.#connections.get(name);
    if (!connection) return false;
    this.#connections.delete(name);
    this.#unsubscribe.get(name)?.();
    this.#unsubscribe.delete(name);
    await connection.close();
    this.#changed();
    return true;
  }

  /** Closes every connection (stopping stdio servers). */
  async close(): Promise<void> {
    this.#closed = true;
    const all = [...this.#connections.values()];
    for (const off of this.#unsubscribe.values()) off();
    this.#unsubscribe.clear();
    this.#connections.clear();
    this.#cache = undefined;
    await Promise.all(all.map((c) => c.close()));
  }

  #changed(): void {
    this.#cache = undefined;
    for (const listener of [...this.#listeners]) {
      try {
        listener();
      } catch {
        // One failing subscriber must not stop the others.
      }
    }
  }
}

/** Creates a pool, adding `servers` (connecting in the background). */
export function createMcpPool(servers: readonly ConnectMcpOptions[] = []): McpPool {
  const pool = new McpPool();
  try {
    for (const server of servers) pool.add(server);
  } catch (error) {
    void pool.close();
    throw error;
  }
  return pool;
}
