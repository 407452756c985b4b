import type { Transport } from '@modelcontextprotocol/client';
import { stdio } from '@toolarsenal/mcp/stdio';
import type { ArsenalConfig } from '../config/load.js';
import type { SourceConfig } from '../config/schema.js';
import { stdioOptions } from './stdio-options.js';

type Message = Parameters<NonNullable<Transport['onmessage']>>[0];

/**
 * MCP servers spawned before the arsenal exists (`prestartMcpServers`). `createArsenal(config,
 * { prestarted })` hands each to its source as the first connection; whatever no source took is
 * stopped by `close()` (the arsenal calls it once its sources exist; call it yourself when
 * creating the arsenal fails).
 */
export interface PrestartedMcpServers {
  /** The server started for this config entry (the same object), once; otherwise undefined. */
  take(source: SourceConfig): Transport | undefined;
  /** Names of the sources started early that no source has taken yet. */
  readonly pending: readonly string[];
  /** Stops every server no source took. */
  close(): Promise<void>;
}

/**
 * Spawns the config's stdio MCP servers now, so their start-up (an `npx` alone is a few hundred
 * milliseconds of CPU) overlaps the loading of the rest of the arsenal. Only enabled `command`
 * sources with `era: legacy`: with `auto` or `modern` the SDK first probes the server's era on
 * a separate short-lived process, so the session's process must not be started before it.
 */
export function prestartMcpServers(config: ArsenalConfig): PrestartedMcpServers {
  const started = new Map<string, { entry: SourceConfig; transport: EarlyTransport }>();
  for (const entry of config.sources) {
    const mcp = entry.mcp;
    if (entry.enabled === false || mcp?.command === undefined || mcp.era !== 'legacy') continue;
    const inner = stdio(stdioOptions(mcp, config.dir, entry.name)).create() as Transport;
    started.set(entry.name, { entry, transport: new EarlyTransport(inner) });
  }
  return {
    take(source) {
      const found = started.get(source.name);
      if (!found || found.entry !== source) return undefined;
      started.delete(source.name);
      return found.transport;
    },
    get pending() {
      return [...started.keys()];
    },
    async close() {
      const left = [...started.values()];
      started.clear();
      await Promise.allSettled(left.map(({ transport }) => transport.close()));
    },
  };
}

/**
 * An SDK transport started ahead of its client. Until a client connects (`start()`), what the
 * process sends, its errors and its exit are kept, then delivered in order, as if the process
 * had been spawned at that moment.
 */
class EarlyTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: Transport['onmessage'];
  readonly #inner: Transport;
  readonly #started: Promise<void>;
  #queue: (() => void)[] | undefined = [];

  constructor(inner: Transport) {
    this.#inner = inner;
    inner.onmessage = (message: Message, extra?: unknown) =>
      this.#deliver(() =>
        (this.onmessage as ((m: Message, e?: unknown) => void) | undefined)?.(message, extra),
      );
    inner.onerror = (error) => this.#deliver(() => this.onerror?.(error));
    inner.onclose = () => this.#deliver(() => this.onclose?.());
    this.#started = inner.start();
    this.#started.catch(() => undefined); // reported by start() to the client that takes it
  }

  #deliver(event: () => void): void {
    if (this.#queue) this.#queue.push(event);
    else event();
  }

  /** Resolves (or rejects, e.g. ENOENT) as the spawn did; then replays what happened meanwhile. */
  async start(): Promise<void> {
    try {
      await this.#started;
    } finally {
      // After the caller's `await start()` continues, like events of a process spawned just now.
      setImmediate(() => {
        const queued = this.#queue ?? [];
        this.#queue = undefined;
        for (const event of queued) event();
      });
    }
  }

  send(message: Message, options?: Parameters<Transport['send']>[1]): Promise<void> {
    return this.#inner.send(message, options);
  }

  async close(): Promise<void> {
    await this.#started.catch(() => undefined);
    await this.#inner.close();
  }
}
