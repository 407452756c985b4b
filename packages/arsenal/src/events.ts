import type { SourceState } from './sources/source.js';

export interface ArsenalEvents_ {
  /** The pool's tools changed (a source connected, listed new tools, went away…). */
  change: { tools: number };
  /** A source's status changed (started, failed and retrying, went down, came back). */
  status: SourceState;
  /** A call finished (success, or any failure with its code). */
  call: {
    callId: string;
    toolName: string;
    toolId?: string;
    status: string;
    code?: string;
    latencyMs?: number;
  };
  /** Something worth reporting that is not an error of one call (e.g. duplicate tool ids skipped). */
  problem: { message: string };
  closed: Record<string, never>;
}

export type ArsenalEventName = keyof ArsenalEvents_;
export type ArsenalEventListener<K extends ArsenalEventName> = (event: ArsenalEvents_[K]) => void;

/** A small typed emitter; a failing listener never breaks the arsenal. */
export class ArsenalEvents {
  readonly #listeners = new Map<string, Set<(event: never) => void>>();

  on<K extends ArsenalEventName>(name: K, listener: ArsenalEventListener<K>): () => void {
    let set = this.#listeners.get(name);
    if (!set) this.#listeners.set(name, (set = new Set()));
    set.add(listener as (event: never) => void);
    return () => set.delete(listener as (event: never) => void);
  }

  emit<K extends ArsenalEventName>(name: K, event: ArsenalEvents_[K]): void {
    for (const listener of [...(this.#listeners.get(name) ?? [])]) {
      try {
        (listener as ArsenalEventListener<K>)(event);
      } catch {
        // listeners cannot break the pool
      }
    }
  }
}
