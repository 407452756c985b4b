import { Backoff, type ReconnectOptions } from '@toolarsenal/mcp';
import type { Tool } from '@toolarsenal/toolmodel';
import type { Executor, ToolHandler } from '@toolarsenal/toolrun';
import { type ArsenalSource, Listeners, type SourceState, type SourceStatus } from './source.js';

export interface Loaded {
  tools: readonly Tool[];
  executor?: Executor;
  handlers?: ReadonlyMap<string, ToolHandler>;
  /** Called on close (e.g. to stop a client). */
  close?: () => Promise<void> | void;
}

export interface LoadedSourceOptions {
  name: string;
  kind: string;
  namespace: string;
  load: (signal: AbortSignal) => Promise<Loaded>;
  retry?: ReconnectOptions;
  /** Executor shown before the first load and kept when a load brings none (e.g. a shared HTTP executor). */
  executor?: Executor;
}

/**
 * A source that loads its tools once (document, agent card, module, file), retried with
 * exponential backoff while it fails. The other sources never wait for it.
 */
export class LoadedSource implements ArsenalSource {
  readonly name: string;
  readonly kind: string;
  readonly namespace: string;
  readonly #load: LoadedSourceOptions['load'];
  readonly #backoff: Backoff;
  readonly #listeners = new Listeners();
  readonly #abort = new AbortController();
  #status: SourceStatus = 'starting';
  #loaded: Loaded | undefined;
  #error: string | undefined;
  #failures = 0;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #first: Promise<void> | undefined;
  readonly #fallbackExecutor: Executor | undefined;

  constructor(options: LoadedSourceOptions) {
    this.name = options.name;
    this.kind = options.kind;
    this.namespace = options.namespace;
    this.#load = options.load;
    this.#backoff = new Backoff(options.retry ?? {});
    this.#fallbackExecutor = options.executor;
  }

  get executor(): Executor | undefined {
    return this.#loaded?.executor ?? this.#fallbackExecutor;
  }

  start(): Promise<void> {
    this.#first ??= this.#attempt();
    return this.#first;
  }

  tools(): readonly Tool[] {
    return this.#loaded?.tools ?? [];
  }

  handler(toolId: string): ToolHandler | undefined {
    return this.#loaded?.handlers?.get(toolId);
  }

  healthy(): boolean {
    return this.#status === 'ready';
  }

  state(): SourceState {
    return {
      name: this.name,
      kind: this.kind,
      namespace: this.namespace,
      status: this.#status,
      tools: this.tools().length,
      failures: this.#failures,
      ...(this.#error !== undefined && { error: this.#error }),
    };
  }

  subscribe(listener: () => void): () => void {
    return this.#listeners.add(listener);
  }

  async close(): Promise<void> {
    this.#status = 'closed';
    clearTimeout(this.#timer);
    this.#abort.abort();
    await this.#loaded?.close?.();
    this.#listeners.emit();
  }

  async #attempt(): Promise<void> {
    if (this.#status === 'closed') return;
    try {
      const loaded = await this.#load(this.#abort.signal);
      if (this.#abort.signal.aborted) {
        await loaded.close?.();
        return;
      }
      this.#loaded = loaded;
      this.#status = 'ready';
      this.#error = undefined;
      this.#failures = 0;
      this.#backoff.reset();
    } catch (error) {
      if (this.#abort.signal.aborted) return;
      this.#failures++;
      this.#error = (error as Error)?.message ?? String(error);
      const delay = this.#backoff.next();
      this.#status = delay === undefined ? 'failed' : 'retrying';
      if (delay !== undefined) {
        this.#timer = setTimeout(() => void this.#attempt(), delay);
        this.#timer.unref?.();
      }
    }
    this.#listeners.emit();
  }
}
