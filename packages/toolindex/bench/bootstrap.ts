import { prng } from './corpus.js';

/**
 * Paired bootstrap of the mean difference `b − a` over per-query values (same queries, same order):
 * `samples` resamples of the queries with replacement, a fixed seed so every run prints the same interval.
 * Returns the observed difference and its 95% percentile interval, in the units of the inputs.
 */
export function pairedBootstrap(
  a: readonly number[],
  b: readonly number[],
  samples = 2000,
  seed = 20261124,
): { delta: number; low: number; high: number } {
  if (a.length !== b.length || a.length === 0)
    throw new Error('paired bootstrap needs equal, non-empty lists');
  const n = a.length;
  const diff = a.map((x, i) => b[i]! - x);
  const mean = diff.reduce((s, d) => s + d, 0) / n;
  const random = prng(seed);
  const means = new Float64Array(samples);
  for (let s = 0; s < samples; s++) {
    let sum = 0;
    for (let i = 0; i < n; i++) sum += diff[Math.floor(random() * n)]!;
    means[s] = sum / n;
  }
  means.sort();
  return {
    delta: mean,
    low: means[Math.floor(0.025 * samples)]!,
    high: means[Math.min(samples - 1, Math.floor(0.975 * samples))]!,
  };
}
