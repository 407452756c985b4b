const MAX_SCANNED = 2_000;

/**
 * Up to `limit` names close to `name` (edit distance ≤ 1/3 of the length, or one
 * containing the other), for "did you mean" hints (unknown tools, unknown config keys).
 */
export function suggestNames(name: string, names: Iterable<string>, limit = 3): string[] {
  // A hint helper: input that is not a name and a list of names gets no hint, never a crash.
  if (
    typeof name !== 'string' ||
    typeof (names as Partial<Iterable<string>>)?.[Symbol.iterator] !== 'function'
  )
    return [];
  const max = Number.isInteger(limit) && limit > 0 ? limit : 3;
  const query = name.toLowerCase().slice(0, 128);
  if (query === '') return [];
  const budget = Math.max(1, Math.floor(query.length / 3));
  const scored: { name: string; score: number }[] = [];
  let scanned = 0;
  for (const candidate of names) {
    if (++scanned > MAX_SCANNED) break;
    if (typeof candidate !== 'string') continue;
    const c = candidate.toLowerCase();
    const contains = c.includes(query) || query.includes(c);
    const d = contains ? 0 : distance(query, c, budget);
    if (contains || d <= budget)
      scored.push({ name: candidate, score: contains ? Math.abs(c.length - query.length) / 100 : d });
  }
  scored.sort((a, b) => a.score - b.score || a.name.localeCompare(b.name));
  return scored.slice(0, max).map((s) => s.name);
}

/** Levenshtein distance, giving up (returning budget + 1) once it exceeds `budget`. */
function distance(a: string, b: string, budget: number): number {
  if (Math.abs(a.length - b.length) > budget) return budget + 1;
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const v = Math.min(
        (prev[j] ?? 0) + 1,
        (cur[j - 1] ?? 0) + 1,
        (prev[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
      cur.push(v);
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > budget) return budget + 1;
    prev = cur;
  }
  return prev[b.length] ?? budget + 1;
}
