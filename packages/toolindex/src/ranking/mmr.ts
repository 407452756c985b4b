/**
 * Maximal marginal relevance: greedily picks the item maximising
 * `(1 − diversity)·relevance − diversity·max similarity to the items already picked`.
 * `diversity` 0 keeps relevance order; near-duplicates (similarity ≈ 1) are pushed down as it grows.
 * With diversity on, an item at least `duplicateAbove` similar to a picked one (a near-duplicate, e.g. the
 * same tool served by several servers) is only picked once nothing else is left.
 * Returns indices into `relevance`, at most `k`.
 */
export function mmrSelect(
  relevance: ArrayLike<number>,
  similarity: (a: number, b: number) => number,
  k: number,
  diversity: number,
  duplicateAbove = 0.9,
): number[] {
  const n = relevance.length;
  const picked: number[] = [];
  const remaining = new Set<number>(Array.from({ length: n }, (_, i) => i));
  const maxSim = new Float64Array(n);
  const lambda = 1 - diversity;
  while (picked.length < k && remaining.size > 0) {
    let best = -1;
    let bestValue = Number.NEGATIVE_INFINITY;
    for (const i of remaining) {
      const duplicate = diversity > 0 && maxSim[i]! >= duplicateAbove;
      const value = lambda * relevance[i]! - diversity * maxSim[i]! - (duplicate ? 2 : 0);
      if (value > bestValue || (value === bestValue && best >= 0 && relevance[i]! > relevance[best]!)) {
        best = i;
        bestValue = value;
      }
    }
    picked.push(best);
    remaining.delete(best);
    if (diversity > 0) for (const i of remaining) maxSim[i] = Math.max(maxSim[i]!, similarity(best, i));
  }
  return picked;
}
