/** Interns terms as dense integer ids (ids are never reused, so posting lists can index by id). */
export class Vocabulary {
  readonly #ids = new Map<string, number>();
  readonly #terms: string[] = [];

  get size(): number {
    return this.#terms.length;
  }

  intern(term: string): number {
    let id = this.#ids.get(term);
    if (id === undefined) {
      id = this.#terms.length;
      this.#ids.set(term, id);
      this.#terms.push(term);
    }
    return id;
  }

  lookup(term: string): number | undefined {
    return this.#ids.get(term);
  }

  term(id: number): string | undefined {
    return this.#terms[id];
  }

  terms(): readonly string[] {
    return this.#terms;
  }
}
