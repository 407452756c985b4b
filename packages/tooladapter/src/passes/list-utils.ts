/**
 * `some`/`every`/`filter` for the arrays of deep-frozen canonical schemas (`required`, `enum`,
 * `anyOf`, type lists). Node 20's V8 runs those built-ins on frozen arrays through its generic
 * slow path, 10–25× a plain loop, and lowering calls them on nearly every node. Same results as the
 * built-ins for JSON arrays (which have no holes).
 */
export function someItem<T>(list: readonly T[], test: (item: T) => boolean): boolean {
  for (let i = 0; i < list.length; i++) if (test(list[i]!)) return true;
  return false;
}

export function everyItem<T>(list: readonly T[], test: (item: T) => boolean): boolean {
  for (let i = 0; i < list.length; i++) if (!test(list[i]!)) return false;
  return true;
}

export function keepItems<T>(list: readonly T[], test: (item: T) => boolean): T[] {
  const out: T[] = [];
  for (let i = 0; i < list.length; i++) if (test(list[i]!)) out.push(list[i]!);
  return out;
}
