import { SCAN_HEAD, SoftScan } from './soft-scan.js';
import type { SoftTermOptions } from './soft-terms.js';

/** Query words whose neighbours are remembered per catalogue state; cleared when full. */
const NEIGHBOUR_CACHE_MAX = 20_000;

/** A catalogue word standing in for a query word: its term id and cosine. */
export interface SoftNeighbour {
  id: number;
  similarity: number;
}

/** Where a matcher's rows came from, so the next catalogue state reuses them (see `matcherFor`). */
export interface MatcherLineage {
  /** The row of each catalogue word that has one. */
  readonly rowOf: ReadonlyMap<string, number>;
  /** Catalogue words without a table row (not embedded again). */
  readonly unknown: ReadonlySet<string>;
  /**
   * Neighbour lists a previous state found, to carry over: `all` per word (every row at or above the threshold,
   * best first), `added` the rows of this state whose words that state did not have. Removed words drop out; only
   * the added rows are scanned.
   */
  readonly previous?: {
    readonly all: ReadonlyMap<string, readonly SoftNeighbour[]>;
    readonly added: Uint32Array;
  };
}

/**
 * Catalogue words as unit vectors, searched exhaustively but pruned exactly. The table's dimensions are principal
 * components in falling variance, so a row's dot product over its first `HEAD` dimensions plus the product of the
 * two vectors' remaining norms (Cauchy–Schwarz) bounds its cosine: the rest of a row is read only when that bound
 * reaches the threshold (about one row in five, then one in thirty, on the bench catalogue). The full scan runs
 * in WebAssembly SIMD when it can (`SoftScan`, same rows and cosines); the JavaScript scan below is its fallback
 * and scans the rows a catalogue change adds. Neighbours are remembered per word, and carried to the next
 * catalogue state (`MatcherLineage.previous`).
 */
export class SoftTermMatcher {
  readonly #ids: Uint32Array;
  readonly #rows: Float32Array;
  readonly #dimensions: number;
  readonly #head: number;
  /** The first `head` dimensions of every row, packed (`heads[row * head + k]`): the first pass reads only these. */
  readonly #heads: Float32Array;
  /** Per row, the norm of its dimensions after the head, and after twice the head. */
  readonly #tail: Float32Array;
  readonly #tail2: Float32Array;
  /** Per word searched: its neighbours (`top`) and every row at or above the threshold (`all`), best first. */
  readonly #cache = new Map<string, { top: readonly SoftNeighbour[]; all: readonly SoftNeighbour[] }>();
  readonly #lineage: MatcherLineage | undefined;
  #previous: MatcherLineage['previous'];
  /** Flags by term id: rows kept from the previous state (read only when carrying lists over). */
  #present: Uint8Array | undefined;

  /** The WebAssembly scan, holding the rows, heads and tails this matcher reads; absent: JavaScript only. */
  readonly #simd: SoftScan | undefined;

  /** `simd: false` keeps to the JavaScript scan (the tests' reference for the WebAssembly one). */
  constructor(
    ids: Uint32Array,
    rows: Float32Array,
    dimensions: number,
    lineage?: MatcherLineage,
    { simd = true }: { simd?: boolean } = {},
  ) {
    const head = Math.min(HEAD, dimensions) & ~3; // a multiple of 4 (unrolled loop)
    const n = ids.length;
    const scan = simd && head === SCAN_HEAD ? SoftScan.create(n, dimensions) : undefined;
    this.#simd = scan;
    this.#ids = ids;
    this.#rows = scan ? scan.rows : rows;
    if (scan) scan.rows.set(rows);
    this.#dimensions = dimensions;
    this.#head = head;
    this.#heads = scan?.heads ?? new Float32Array(n * head);
    this.#tail = scan?.tails ?? new Float32Array(n);
    this.#tail2 = scan?.tails2 ?? new Float32Array(n);
    for (let r = 0; r < n; r++) {
      this.#heads.set(rows.subarray(r * dimensions, r * dimensions + head), r * head);
      this.#tail[r] = tailNorm(rows, r * dimensions, head, dimensions);
      this.#tail2[r] = tailNorm(rows, r * dimensions, 2 * head, dimensions);
    }
    scan?.quantiseHeads();
    this.#lineage = lineage;
    this.#previous = lineage?.previous;
  }

  /** Whether full scans run in WebAssembly (else in JavaScript). */
  get simd(): boolean {
    return this.#simd !== undefined;
  }

  get dimensions(): number {
    return this.#dimensions;
  }

  /** Row of each catalogue word and the words without one, for the next state (absent without a lineage). */
  get lineage(): MatcherLineage | undefined {
    return this.#lineage;
  }

  /** Term id of a row. */
  id(row: number): number {
    return this.#ids[row]!;
  }

  /** A row's vector (a view). */
  row(row: number): Float32Array {
    return this.#rows.subarray(row * this.#dimensions, (row + 1) * this.#dimensions);
  }

  /** Every list this state found (`all`, per word), for the next state to carry over. */
  found(): ReadonlyMap<string, readonly SoftNeighbour[]> {
    return new Map([...this.#cache].map(([word, { all }]) => [word, all]));
  }

  /** Remembered neighbours of a word, if searched before. */
  cached(word: string): readonly SoftNeighbour[] | undefined {
    return this.#cache.get(word)?.top;
  }

  /** Catalogue words with cosine ≥ threshold to `vector` (a unit vector), best first, excluding `self`. */
  neighbours(
    word: string,
    vector: Float32Array,
    self: number | undefined,
    options: SoftTermOptions,
  ): readonly SoftNeighbour[] {
    const cached = this.#cache.get(word);
    if (cached) return cached.top;
    const found: SoftNeighbour[] = [];
    if (vector.some((x) => x !== 0)) {
      const carried = this.#previous?.all.get(word);
      if (carried) {
        const present = (this.#present ??= keptIds(this.#ids, this.#previous!.added));
        for (const n of carried) if (present[n.id] === 1) found.push(n);
        this.#scanRows(this.#previous!.added, vector, self, options.threshold, found);
      } else this.#scan(vector, self, options.threshold, found);
    }
    // Ties broken by term id, so the result does not depend on scan order.
    found.sort((a, b) => b.similarity - a.similarity || a.id - b.id);
    const top = found.slice(0, options.neighbours);
    if (this.#cache.size >= NEIGHBOUR_CACHE_MAX) {
      this.#cache.clear();
      this.#previous = undefined;
    }
    this.#cache.set(word, { top, all: found });
    return top;
  }

  #scan(vector: Float32Array, self: number | undefined, threshold: number, found: SoftNeighbour[]): void {
    const query = this.#query(vector, threshold);
    if (this.#simd) {
      const hits = this.#simd.scan(vector, query.tail, query.tail2, query.bound, threshold);
      for (let i = 0; i < hits.count; i++) {
        const id = this.#ids[hits.rows[i]!]!;
        if (id !== self) found.push({ id, similarity: hits.similarities[i]! });
      }
      return;
    }
    for (let r = 0; r < this.#ids.length; r++) this.#match(r, vector, query, self, threshold, found);
  }

  /** `#scan` over some rows only. */
  #scanRows(
    rows: Uint32Array,
    vector: Float32Array,
    self: number | undefined,
    threshold: number,
    found: SoftNeighbour[],
  ): void {
    if (rows.length === 0) return;
    const query = this.#query(vector, threshold);
    for (let i = 0; i < rows.length; i++) this.#match(rows[i]!, vector, query, self, threshold, found);
  }

  #query(vector: Float32Array, threshold: number): QueryBounds {
    const head = this.#head;
    const d = this.#dimensions;
    return {
      tail: tailNorm(vector, 0, head, d),
      tail2: tailNorm(vector, 0, Math.min(2 * head, d), d),
      bound: threshold - BOUND_SLACK,
    };
  }

  /** Row `r`'s cosine with `vector`, added to `found` when it reaches the threshold; pruned by the bound. */
  #match(
    r: number,
    vector: Float32Array,
    query: QueryBounds,
    self: number | undefined,
    threshold: number,
    found: SoftNeighbour[],
  ): void {
    const d = this.#dimensions;
    const head = this.#head;
    const middle = Math.min(2 * head, d);
    const heads = this.#heads;
    // Four partial sums: independent additions run in parallel (about 1.6× faster than one).
    let s0 = 0;
    let s1 = 0;
    let s2 = 0;
    let s3 = 0;
    const at = r * head;
    for (let k = 0; k < head; k += 4) {
      s0 += heads[at + k]! * vector[k]!;
      s1 += heads[at + k + 1]! * vector[k + 1]!;
      s2 += heads[at + k + 2]! * vector[k + 2]!;
      s3 += heads[at + k + 3]! * vector[k + 3]!;
    }
    let dot = s0 + s1 + s2 + s3;
    if (dot + this.#tail[r]! * query.tail < query.bound) return;
    const rows = this.#rows;
    const base = r * d;
    for (let k = head; k < middle; k++) dot += rows[base + k]! * vector[k]!;
    if (dot + this.#tail2[r]! * query.tail2 < query.bound) return;
    for (let k = middle; k < d; k++) dot += rows[base + k]! * vector[k]!;
    if (dot >= threshold && this.#ids[r] !== self) found.push({ id: this.#ids[r]!, similarity: dot });
  }
}

interface QueryBounds {
  tail: number;
  tail2: number;
  bound: number;
}

/** Flags by term id for the rows not in `added`: the rows a previous state had, same word, same id. */
function keptIds(ids: Uint32Array, added: Uint32Array): Uint8Array {
  let max = -1;
  for (const id of ids) max = Math.max(max, id);
  const kept = new Uint8Array(max + 1);
  for (const id of ids) kept[id] = 1;
  for (const row of added) kept[ids[row]!] = 0;
  return kept;
}

/** Dimensions read for every catalogue word before the first bound check. */
const HEAD = 32;
/** Float32 rounding can only loosen a bound by far less than this. */
const BOUND_SLACK = 1e-4;

function tailNorm(v: Float32Array, base: number, from: number, dimensions: number): number {
  let sum = 0;
  for (let k = from; k < dimensions; k++) sum += v[base + k]! * v[base + k]!;
  return Math.sqrt(sum);
}
