/** Node count and deepest JSON nesting of a value, stopping early once `maxNodes` is passed. */
export function measureJson(value: unknown, maxNodes: number): { nodes: number; depth: number } {
  let nodes = 0;
  let depth = 0;
  const stack: Array<[unknown, number]> = [[value, 0]];
  while (stack.length > 0) {
    const [v, d] = stack.pop()!;
    nodes++;
    if (d > depth) depth = d;
    if (nodes > maxNodes) break;
    if (v !== null && typeof v === 'object') {
      const children = Array.isArray(v) ? v : Object.values(v);
      for (const child of children) stack.push([child, d + 1]);
    }
  }
  return { nodes, depth };
}
