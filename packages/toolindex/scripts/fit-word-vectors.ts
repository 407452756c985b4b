/**
 * Fits word vectors to a teacher's sentence vectors (the tokenlearn idea): find the word matrix W that makes each
 * sentence's weighted mean of its words' rows, Σ wᵢ·W[rᵢ] with the weights summing to 1, closest to the teacher's
 * (unit) vector of the sentence, pulled towards a prior W₀ (the words' one-word vectors) with strength λ:
 *
 *   minimise Σₛ ‖Σᵢ wₛᵢ W[rₛᵢ] − tₛ‖² + λ ‖W − W₀‖²
 *
 * A linear least-squares problem with one design matrix A (sentences × words) shared by every output dimension:
 * (AᵀA + λI) W = Aᵀ T + λ W₀, solved by conjugate gradients started at W₀, one independent CG per dimension
 * sharing the products with A. Words no sentence uses keep their prior exactly.
 */
export interface Sentence {
  /** Table rows of the sentence's words, as the embedder reads them (repeats included). */
  readonly rows: Int32Array;
  /** Each row's weight (the word's SIF weight over the sentence's total): they sum to 1. */
  readonly weights: Float32Array;
}

export interface FitOptions {
  readonly dimensions: number;
  readonly lambda: number;
  readonly iterations: number;
  readonly progress?: (iteration: number, relativeResidual: number) => void;
}

export function fitWordVectors(
  prior: Float32Array,
  sentences: readonly Sentence[],
  targets: Float32Array,
  options: FitOptions,
): Float32Array {
  const { dimensions: d, lambda, iterations } = options;
  const size = prior.length;
  const x = Float32Array.from(prior);
  const q = new Float32Array(size);
  // r = Aᵀ T + λ W₀ − (AᵀA + λ) W₀ = Aᵀ (T − A W₀)
  const r = new Float32Array(size);
  applyNormal(sentences, prior, d, 0, q);
  const residualTargets = new Float32Array(size);
  accumulateTargets(sentences, targets, d, residualTargets);
  for (let j = 0; j < size; j++) r[j] = (residualTargets[j] as number) - (q[j] as number);
  const p = Float32Array.from(r);
  let rr = columnDots(r, r, d);
  const start = sum(rr);
  for (let it = 0; it < iterations && start > 0; it++) {
    applyNormal(sentences, p, d, lambda, q);
    const pq = columnDots(p, q, d);
    const alpha = rr.map((v, k) => ((pq[k] as number) > 0 ? v / (pq[k] as number) : 0));
    for (let j = 0; j < size; j++) {
      const a = alpha[j % d] as number;
      x[j] = (x[j] as number) + a * (p[j] as number);
      r[j] = (r[j] as number) - a * (q[j] as number);
    }
    const next = columnDots(r, r, d);
    const beta = next.map((v, k) => ((rr[k] as number) > 0 ? v / (rr[k] as number) : 0));
    for (let j = 0; j < size; j++) p[j] = (r[j] as number) + (beta[j % d] as number) * (p[j] as number);
    rr = next;
    options.progress?.(it + 1, sum(rr) / start);
  }
  return x;
}

/** out = AᵀA·v + λ·v */
function applyNormal(
  sentences: readonly Sentence[],
  v: Float32Array,
  d: number,
  lambda: number,
  out: Float32Array,
): void {
  for (let j = 0; j < out.length; j++) out[j] = lambda * (v[j] as number);
  const mean = new Float64Array(d);
  for (const { rows, weights } of sentences) {
    mean.fill(0);
    for (let i = 0; i < rows.length; i++) {
      const base = (rows[i] as number) * d;
      const w = weights[i] as number;
      for (let k = 0; k < d; k++) mean[k] = (mean[k] as number) + w * (v[base + k] as number);
    }
    for (let i = 0; i < rows.length; i++) {
      const base = (rows[i] as number) * d;
      const w = weights[i] as number;
      for (let k = 0; k < d; k++) out[base + k] = (out[base + k] as number) + w * (mean[k] as number);
    }
  }
}

/** out += Aᵀ T */
function accumulateTargets(
  sentences: readonly Sentence[],
  targets: Float32Array,
  d: number,
  out: Float32Array,
): void {
  sentences.forEach(({ rows, weights }, s) => {
    for (let i = 0; i < rows.length; i++) {
      const base = (rows[i] as number) * d;
      const w = weights[i] as number;
      for (let k = 0; k < d; k++)
        out[base + k] = (out[base + k] as number) + w * (targets[s * d + k] as number);
    }
  });
}

function columnDots(a: Float32Array, b: Float32Array, d: number): Float64Array {
  const out = new Float64Array(d);
  for (let j = 0; j < a.length; j++)
    out[j % d] = (out[j % d] as number) + (a[j] as number) * (b[j] as number);
  return out;
}

function sum(values: Float64Array): number {
  let s = 0;
  for (const v of values) s += v;
  return s;
}
