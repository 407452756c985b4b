import type { Tool } from '@toolarsenal/toolmodel';
import type { Executor, ToolHandler } from '@toolarsenal/toolrun';

/**
 * `starting`: first attempt under way; `ready`: tools listed and callable; `retrying`: the
 * source failed to start and is retried with backoff; `unhealthy`: it was up and went down (its
 * tools stay listed, calls fail fast, it reconnects by itself); `failed`: retries used up;
 * `closed`.
 */
export type SourceStatus = 'starting' | 'ready' | 'retrying' | 'unhealthy' | 'failed' | 'closed';

export interface SourceState {
  name: string;
  kind: string;
  namespace: string;
  status: SourceStatus;
  tools: number;
  /** Why the last attempt failed (never a secret: messages name files, hosts and codes). */
  error?: string;
  /** Failed attempts since the last success. */
  failures: number;
}

/**
 * One tool source of an arsenal: MCP server, OpenAPI document, A2A agent, ES module, tool file,
 * or your own. `start` never rejects: failures show in `state()` and are retried.
 */
export interface ArsenalSource {
  readonly name: string;
  readonly kind: string;
  readonly namespace: string;
  /** Resolves when the first attempt is over (successful or not). */
  start(): Promise<void>;
  tools(): readonly Tool[];
  state(): SourceState;
  /** Whether calls to this tool can be made now (false while the source is down). */
  healthy(): boolean;
  /** Runs the source's tools (tools without a handler). */
  readonly executor?: Executor;
  /** A local implementation for one of its tools (module sources). */
  handler?(toolId: string): ToolHandler | undefined;
  /** Tools or status changed. Returns the unsubscribe function. */
  subscribe(listener: () => void): () => void;
  close(): Promise<void>;
}

/** A small listener set whose failing listeners do not stop the others. */
export class Listeners {
  readonly #set = new Set<() => void>();
  add(listener: () => void): () => void {
    this.#set.add(listener);
    return () => this.#set.delete(listener);
  }
  emit(): void {
    for (const listener of [...this.#set]) {
      try {
        listener();
      } catch {
        // a failing subscriber must not stop the others
      }
    }
  }
}
