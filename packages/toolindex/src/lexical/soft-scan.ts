import { SOFT_SCAN_WASM } from './soft-scan.generated.js';

/** Dimensions of the packed head the WebAssembly scan reads first (soft-scan.wat is written for exactly this). */
export const SCAN_HEAD = 32;

/** The slice of the WebAssembly API used here (the package's TypeScript lib has no WebAssembly types). */
interface WasmApi {
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object, imports: object) => { exports: Record<string, unknown> };
  Memory: new (descriptor: { initial: number; maximum: number }) => { buffer: ArrayBuffer };
}

interface ScanExports {
  layout(...offsets: number[]): void;
  scan(qtail: number, qtail2: number, bound: number, threshold: number, inv: number): number;
}

/** Compiled once per process; null when WebAssembly (or its SIMD) is unavailable, e.g. under `--jitless`. */
let compiled: object | null | undefined;

function scanModule(): object | null {
  if (compiled === undefined) {
    const wasm = (globalThis as { WebAssembly?: WasmApi }).WebAssembly;
    try {
      compiled = wasm ? new wasm.Module(SOFT_SCAN_WASM) : null;
    } catch {
      compiled = null;
    }
  }
  return compiled;
}

/** Largest quantised value: keeps every int16 dot product of two heads below 2^31 in int32 (Cauchy–Schwarz). */
const QUANT = 16_383;
/** Largest norm of a head's rounding errors (at most 0.5 in each of its 32 dimensions), squared: 32 × 0.25. */
const QUANT_ERROR_SQUARED = 8;

/** Rows found by one scan: row numbers and cosines, in row order (views, valid until the next scan). */
export interface ScanHits {
  readonly count: number;
  readonly rows: Int32Array;
  readonly similarities: Float64Array;
}

/**
 * The catalogue's rows in one WebAssembly memory, scanned there with 128-bit SIMD (soft-scan.wat): about one
 * multiply-add instruction per four dimensions instead of one per dimension. The arrays are views of that memory,
 * so the matcher's JavaScript paths read the very same values. Sized once: the memory never grows, so the views
 * stay valid.
 */
export class SoftScan {
  readonly heads: Float32Array;
  readonly rows: Float32Array;
  readonly tails: Float32Array;
  readonly tails2: Float32Array;
  /** The heads quantised (`quantiseHeads`), read by the first pass. */
  readonly #heads16: Int16Array;
  readonly #query16: Int16Array;
  #headScale = 1;
  #maxHeadNorm = 0;
  readonly #query: Float32Array;
  readonly #found: Int32Array;
  readonly #sims: Float64Array;
  readonly #exports: ScanExports;

  /** A scan over `n` rows of `d` dimensions, or undefined when WebAssembly is unavailable or `d` does not fit. */
  static create(n: number, d: number): SoftScan | undefined {
    if (d < SCAN_HEAD || d % 4 !== 0 || n === 0) return undefined;
    const module = scanModule();
    if (!module) return undefined;
    try {
      return new SoftScan(module, n, d);
    } catch {
      return undefined; // memory refused (a very large catalogue): the JavaScript scan does without
    }
  }

  private constructor(module: object, n: number, d: number) {
    const wasm = (globalThis as { WebAssembly?: WasmApi }).WebAssembly!;
    // Byte offsets, each a multiple of 16 (SIMD loads) and so of 8 (float64 stores).
    const sizes = [
      n * SCAN_HEAD * 4,
      n * d * 4,
      n * 4,
      n * 4,
      d * 4,
      n * 4,
      n * 8,
      n * 4,
      n * 4,
      n * SCAN_HEAD * 2,
      SCAN_HEAD * 2,
    ];
    const offsets: number[] = [];
    let end = 0;
    for (const size of sizes) {
      offsets.push(end);
      end += Math.ceil(size / 16) * 16;
    }
    const pages = Math.max(1, Math.ceil(end / 65_536));
    const memory = new wasm.Memory({ initial: pages, maximum: pages });
    const instance = new wasm.Instance(module, { env: { memory } });
    this.#exports = instance.exports as unknown as ScanExports;
    // The scratch lists (candidates, their partial sums) are read by the module only.
    const [heads, rows, tails, tails2, query, found, sims, , , heads16, query16] = offsets as number[] as [
      number,
      number,
      number,
      number,
      number,
      number,
      number,
      number,
      number,
      number,
      number,
    ];
    this.#exports.layout(n, d, Math.min(2 * SCAN_HEAD, d), ...offsets);
    const buffer = memory.buffer;
    this.heads = new Float32Array(buffer, heads, n * SCAN_HEAD);
    this.rows = new Float32Array(buffer, rows, n * d);
    this.tails = new Float32Array(buffer, tails, n);
    this.tails2 = new Float32Array(buffer, tails2, n);
    this.#query = new Float32Array(buffer, query, d);
    this.#found = new Int32Array(buffer, found, n);
    this.#sims = new Float64Array(buffer, sims, n);
    this.#heads16 = new Int16Array(buffer, heads16, n * SCAN_HEAD);
    this.#query16 = new Int16Array(buffer, query16, SCAN_HEAD);
  }

  /** Quantises the packed heads once they are filled in: one scale for all, from the largest head norm. */
  quantiseHeads(): void {
    const heads = this.heads;
    let max = 0;
    for (let at = 0; at < heads.length; at += SCAN_HEAD) max = Math.max(max, norm(heads, at));
    this.#maxHeadNorm = max;
    this.#headScale = max > 0 ? QUANT / max : 1;
    for (let i = 0; i < heads.length; i++) this.#heads16[i] = Math.round(heads[i]! * this.#headScale);
  }

  /**
   * Rows whose cosine with `vector` reaches `threshold`. `qtail` / `qtail2`: the vector's norm after the head /
   * after twice the head; rows are skipped when their bound stays below `bound` (the threshold less a slack).
   */
  scan(vector: Float32Array, qtail: number, qtail2: number, bound: number, threshold: number): ScanHits {
    this.#query.set(vector);
    const queryNorm = norm(vector, 0);
    const scale = queryNorm > 0 ? QUANT / queryNorm : 1;
    for (let k = 0; k < SCAN_HEAD; k++) this.#query16[k] = Math.round(vector[k]! * scale);
    // |h·q − h′·q′ / (sh·sq)| ≤ ‖h‖·‖eq‖ / sq + ‖q‖·‖eh‖ / sh + ‖eh‖·‖eq‖ / (sh·sq), each ‖e‖ ≤ √8 (rounding).
    const e = Math.sqrt(QUANT_ERROR_SQUARED);
    const quantError =
      (this.#maxHeadNorm * e) / scale +
      (queryNorm * e) / this.#headScale +
      QUANT_ERROR_SQUARED / (scale * this.#headScale);
    const inv = 1 / (scale * this.#headScale);
    const count = this.#exports.scan(qtail, qtail2, bound - quantError, threshold, inv);
    return { count, rows: this.#found, similarities: this.#sims };
  }
}

/** Norm of the `SCAN_HEAD` values from `at`. */
function norm(v: Float32Array, at: number): number {
  let sum = 0;
  for (let k = at; k < at + SCAN_HEAD; k++) sum += v[k]! * v[k]!;
  return Math.sqrt(sum);
}
