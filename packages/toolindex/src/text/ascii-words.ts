/**
 * Word spans of ASCII text, one at a time: split on non-alphanumerics and on camelCase boundaries (`aB`, `1B`,
 * and `ABc` before the `B`), as `splitCamelCase` does. A reusable cursor rather than a callback, so the hot loops
 * that read words (tokenising, reducing long requests) stay monomorphic and allocate nothing per word.
 */
export class AsciiWords {
  /** The current word: `text[start, end)`, and whether it has an upper-case letter (else no lower-casing). */
  start = 0;
  end = 0;
  upper = false;
  #text = '';
  #to = 0;
  #at = 0;
  /** Start of a word already begun at `#at` (a camelCase boundary), or -1. */
  #pending = -1;

  /** Reads `text[from, to)` from the start. */
  reset(text: string, from: number, to: number): this {
    this.#text = text;
    this.#to = to;
    this.#at = from;
    this.#pending = -1;
    return this;
  }

  /** Moves to the next word; false at the end. */
  next(): boolean {
    const text = this.#text;
    const n = this.#to;
    let start = this.#pending;
    let hasUpper = start >= 0;
    for (let i = this.#at; i <= n; i++) {
      const c = i < n ? text.charCodeAt(i) : 32;
      const upper = c >= 65 && c <= 90;
      const lower = c >= 97 && c <= 122;
      const digit = c >= 48 && c <= 57;
      if (!upper && !lower && !digit) {
        if (start >= 0) return this.#found(start, i, hasUpper, i + 1, -1);
        continue;
      }
      if (start < 0) {
        start = i;
        hasUpper = upper;
        continue;
      }
      if (upper) {
        const p = text.charCodeAt(i - 1);
        const prevLowerOrDigit = (p >= 97 && p <= 122) || (p >= 48 && p <= 57);
        const next = i + 1 < n ? text.charCodeAt(i + 1) : 0;
        if (prevLowerOrDigit || (p >= 65 && p <= 90 && next >= 97 && next <= 122))
          return this.#found(start, i, hasUpper, i + 1, i);
        hasUpper = true;
      }
    }
    this.#at = n + 1;
    this.#pending = -1;
    return false;
  }

  #found(start: number, end: number, upper: boolean, at: number, pending: number): true {
    this.start = start;
    this.end = end;
    this.upper = upper;
    this.#at = at;
    this.#pending = pending;
    return true;
  }
}
