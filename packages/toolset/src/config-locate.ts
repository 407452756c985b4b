import { isMap, isPair, isScalar, isSeq, type LineCounter, type Node as YamlNode } from 'yaml';

/**
 * Finds the source position of a JSON pointer in a parsed YAML/JSON document. Points at the key
 * when the pointer names an object member (so an unknown field points at its name), else at the value.
 */
export function locate(
  root: unknown,
  lineCounter: LineCounter,
  segments: readonly (string | number)[],
  prefer: 'key' | 'value' = 'key',
): { line: number; column: number } | undefined {
  let node: unknown = root;
  let keyRange: [number, number, number] | undefined;
  for (const seg of segments) {
    keyRange = undefined;
    if (isMap(node)) {
      const pair = node.items.find(
        (p) => isPair(p) && isScalar(p.key) && String(p.key.value) === String(seg),
      );
      if (!pair) return position(node, lineCounter);
      keyRange = isScalar(pair.key) ? (pair.key.range ?? undefined) : undefined;
      node = pair.value;
    } else if (isSeq(node)) {
      const item = node.items[Number(seg)];
      if (item === undefined) return position(node, lineCounter);
      node = item;
    } else {
      return position(node, lineCounter);
    }
  }
  if (keyRange && (prefer === 'key' || node === null || node === undefined)) {
    const p = lineCounter.linePos(keyRange[0]);
    return { line: p.line, column: p.col };
  }
  return position(node, lineCounter);
}

function position(node: unknown, lineCounter: LineCounter) {
  const range = (node as YamlNode | undefined)?.range;
  if (!range) return undefined;
  const p = lineCounter.linePos(range[0]);
  return { line: p.line, column: p.col };
}
