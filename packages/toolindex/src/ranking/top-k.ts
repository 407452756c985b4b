/**
 * Indices of the `k` largest scores, best first (ties keep the lower index first). A bounded min-heap:
 * O(n log k), so 100k scores with k = 50 stay cheap. Once the heap is full, a score enters only when it beats
 * the heap's worst (a later index never wins a tie), so most scores cost one comparison.
 */
export function topK(scores: ArrayLike<number>, k: number, count = scores.length): number[] {
  if (k <= 0 || count === 0) return [];
  const heap: number[] = [];
  const worse = (a: number, b: number) => scores[a]! < scores[b]! || (scores[a] === scores[b] && a > b);
  const swap = (i: number, j: number) => {
    const t = heap[i]!;
    heap[i] = heap[j]!;
    heap[j] = t;
  };
  const siftDown = (i: number) => {
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let m = i;
      if (l < heap.length && worse(heap[l]!, heap[m]!)) m = l;
      if (r < heap.length && worse(heap[r]!, heap[m]!)) m = r;
      if (m === i) return;
      swap(i, m);
      i = m;
    }
  };
  const fill = Math.min(k, count);
  for (let i = 0; i < fill; i++) {
    heap.push(i);
    let c = i;
    while (c > 0) {
      const p = (c - 1) >> 1;
      if (!worse(heap[c]!, heap[p]!)) break;
      swap(c, p);
      c = p;
    }
  }
  // For a later index, `worse(heap[0], i)` is exactly `scores[heap[0]] < scores[i]` (false for NaN either side).
  let worst = scores[heap[0]!]!;
  for (let i = fill; i < count; i++) {
    if (!(worst < scores[i]!)) continue;
    heap[0] = i;
    siftDown(0);
    worst = scores[heap[0]!]!;
  }
  return heap.sort((a, b) => scores[b]! - scores[a]! || a - b);
}
