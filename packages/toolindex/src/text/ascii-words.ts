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
  /** `wordHash` of the current word, computed during the scan (no second pass over it). */
  hash = 0;
  #text = '';
  #to = 0;
  #at = 0;
  /** Start of a word already begun at `#at` (a camelCase boundary), or -1, and its hash so far. */
  #pending = -1;
  #pendingHash = 0;

  /** Reads `text[from, to)` from the start. */
  reset(text: string, from: number, to: number): this {
    this.#text = text;
    this.#to = to;
    this.#at = from;
    this.#pending = -1;
    this.#pendingHash = 0;
    return this;
  }

  /** Moves to the next word; false at the end. */
  next(): boolean {
    const text = this.#text;
    const n = this.#to;
    let start = this.#pending;
    let hasUpper = start >= 0;
    let h = this.#pendingHash;
    for (let i = this.#at; i <= n; i++) {
      const c = i < n ? text.charCodeAt(i) : 32;
      const upper = c >= 65 && c <= 90;
      const lower = c >= 97 && c <= 122;
      const digit = c >= 48 && c <= 57;
      if (!upper && !lower && !digit) {
        if (start >= 0) return this.#found(start, i, hasUpper, h, i + 1, -1, 0);
        continue;
      }
      const folded = upper ? c + 32 : c;
      if (start < 0) {
        start = i;
        hasUpper = upper;
        h = Math.imul(HASH_SEED ^ folded, HASH_PRIME);
        continue;
      }
      if (upper) {
        const p = text.charCodeAt(i - 1);
        const prevLowerOrDigit = (p >= 97 && p <= 122) || (p >= 48 && p <= 57);
        const next = i + 1 < n ? text.charCodeAt(i + 1) : 0;
        if (
          prevLowerOrDigit ||
          (p >= 65 && p <= 90 && next >= 97 && next <= 122 && !pluralEndsAt(text, i + 1))
        )
          return this.#found(start, i, hasUpper, h, i + 1, i, Math.imul(HASH_SEED ^ folded, HASH_PRIME));
        hasUpper = true;
      }
      h = Math.imul(h ^ folded, HASH_PRIME);
    }
    this.#at = n + 1;
    this.#pending = -1;
    return false;
  }

  #found(
    start: number,
    end: number,
    upper: boolean,
    hash: number,
    at: number,
    pending: number,
    pendingHash: number,
  ): true {
    this.start = start;
    this.end = end;
    this.upper = upper;
    this.hash = hash;
    this.#at = at;
    this.#pending = pending;
    this.#pendingHash = pendingHash;
    return true;
  }
}

/** FNV-1a (32-bit) over lower-cased ASCII characters: the word table's key. */
export const HASH_SEED = 0x811c9dc5 | 0;
export const HASH_PRIME = 0x01000193;

/** FNV-1a over the lower-cased characters of `text[start, end)` (ASCII only), as the scan computes it. */
export function wordHash(text: string, start: number, end: number): number {
  let h = HASH_SEED;
  for (let i = start; i < end; i++) {
    let c = text.charCodeAt(i);
    if (c >= 65 && c <= 90) c += 32;
    h = Math.imul(h ^ c, HASH_PRIME);
  }
  return h;
}

/**
 * Whether `text[at]` is a plural "s" that ends a word (`NFTs`, `APIs`, `getAPIsList`): then the capital before it
 * starts no camelCase word (`NF|Ts` otherwise). A capital after the "s" starts the next camelCase word, as on the
 * Unicode path; a lower-case letter or a digit continues it (`NFTsale` → `NF|Tsale`). Reads the character after
 * it in `text` itself, not up to a range's end, so every scan splits a word the same way wherever its range stops.
 */
export function pluralEndsAt(text: string, at: number): boolean {
  if (text.charCodeAt(at) !== 115) return false;
  const c = text.charCodeAt(at + 1); // NaN past the end
  return !((c >= 97 && c <= 122) || (c >= 48 && c <= 57));
}

/**
 * End of the word `text[start, end)` without its plural "s" when it is an acronym's plural (capitals and digits
 * ending in a capital, then "s": `NFTs`, `APIs`, `IDs` → `NFT`, `API`, `ID`), else `end`. The light stemmer keeps
 * the "s" of short words and of words in "is" (`ids`, `apis`), so the plural would not meet the singular.
 */
export function acronymPluralEnd(text: string, start: number, end: number): number {
  if (end - start < 3 || text.charCodeAt(end - 1) !== 115) return end;
  const last = text.charCodeAt(end - 2);
  if (last < 65 || last > 90) return end;
  for (let i = start; i < end - 2; i++) {
    const c = text.charCodeAt(i);
    if (!((c >= 65 && c <= 90) || (c >= 48 && c <= 57))) return end;
  }
  return end - 1;
}
