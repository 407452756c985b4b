/**
 * The objects name maps are made of: null-prototype, so a lookup by an outside name (a tool
 * called `constructor` or `toString`) finds only what the map holds, and `__proto__` is an
 * ordinary own key. V8 keeps such objects as hash tables from the start, which is what a map
 * keyed by tool ids needs: each id or name is a key no other object has, and a plain object
 * records every first key as a hidden-class transition, of which V8 keeps 1,536 per root; past
 * that (a process that has converted a couple of thousand distinct tools), each store built a
 * hidden class from scratch and a conversion to MCP cost three times as much.
 */
export function nameDictionary(): Record<string, string> {
  return Object.create(null) as Record<string, string>;
}

/** A name dictionary holding one entry. */
export function oneEntry(key: string, value: string): Record<string, string> {
  const out = nameDictionary();
  out[key] = value;
  return out;
}
