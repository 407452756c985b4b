import type { Entry } from '@toolarsenal/toolindex/backend';

/**
 * Parsed, checked tools of one replica by row key and row version (a row's version changes with every write
 * to it), so a search reads and parses only the candidates it has not seen in their current version. Bounded:
 * the oldest tenth is dropped when full.
 */
export class EntryCache {
  readonly #entries = new Map<number, { version: number; entry: Entry }>();
  readonly #capacity: number;

  constructor(capacity = 50_000) {
    this.#capacity = capacity;
  }

  get(key: number, version: number): Entry | undefined {
    const hit = this.#entries.get(key);
    return hit && hit.version === version ? hit.entry : undefined;
  }

  set(key: number, version: number, entry: Entry): void {
    this.#entries.delete(key);
    if (this.#entries.size >= this.#capacity) {
      let drop = Math.ceil(this.#capacity / 10);
      for (const k of this.#entries.keys()) {
        if (drop-- <= 0) break;
        this.#entries.delete(k);
      }
    }
    this.#entries.set(key, { version, entry });
  }

  clear(): void {
    this.#entries.clear();
  }
}
