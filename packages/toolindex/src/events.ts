/** A tiny typed event emitter: `on` returns an unsubscribe function; a throwing listener does not stop others. */
export class Emitter<T> {
  readonly #listeners = new Set<(event: T) => void>();

  on(listener: (event: T) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  emit(event: T): void {
    for (const listener of [...this.#listeners]) {
      try {
        listener(event);
      } catch {
        // A faulty listener must not corrupt the index update that triggered it.
      }
    }
  }

  get listenerCount(): number {
    return this.#listeners.size;
  }
}
