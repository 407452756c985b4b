import type { Tool } from '@toolarsenal/toolmodel';
import type { Embedder } from '../embedders/embedder.js';
import { normalizeInPlace } from '../embedders/validate.js';
import type { Entry } from '../entry.js';

/**
 * The `name` signal: cosine between the request's vector and the tool's name alone (its title, else its name,
 * split into words by the static table's tokeniser), through the shipped static word table. A tool's name is
 * its shortest summary; in the tool's embedding text it is diluted by the description and parameters.
 */

/** Name vectors per table, per tool (tools are immutable: a changed tool is a new object). */
const vectorsByTable = new WeakMap<Embedder, WeakMap<Tool, Float32Array>>();

function vectorsOf(table: Embedder): WeakMap<Tool, Float32Array> {
  let vectors = vectorsByTable.get(table);
  if (!vectors) {
    vectors = new WeakMap();
    vectorsByTable.set(table, vectors);
  }
  return vectors;
}

/** Embeds the names of the entries' tools that have no name vector yet (one batch). */
export async function embedNames(
  table: Embedder,
  entries: readonly (Entry | undefined)[],
  signal: AbortSignal | undefined,
): Promise<(tool: Tool) => Float32Array | undefined> {
  const vectors = vectorsOf(table);
  const missing: Tool[] = [];
  for (const entry of entries) if (entry && !vectors.has(entry.tool)) missing.push(entry.tool);
  if (missing.length > 0) {
    const embedded = await table.embed(
      missing.map((tool) => tool.title ?? tool.name),
      signal ? { signal } : {},
    );
    missing.forEach((tool, i) => vectors.set(tool, normalizeInPlace(embedded[i]!)));
  }
  return (tool) => vectors.get(tool);
}

/** Cosine of each candidate's name vector with the query vector, min-max normalised over the candidates. */
export function nameScores(
  slots: readonly number[],
  entries: readonly (Entry | undefined)[],
  query: Float32Array,
  nameVector: (tool: Tool) => Float32Array | undefined,
): Float64Array | undefined {
  const cosines = new Float64Array(slots.length);
  let lo = Number.POSITIVE_INFINITY;
  let hi = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < slots.length; i++) {
    const v = nameVector(entries[slots[i]!]!.tool);
    let dot = 0;
    if (v && v.length === query.length) for (let k = 0; k < v.length; k++) dot += v[k]! * query[k]!;
    cosines[i] = dot;
    if (dot < lo) lo = dot;
    if (dot > hi) hi = dot;
  }
  if (!(hi > lo)) return undefined;
  for (let i = 0; i < cosines.length; i++) cosines[i] = (cosines[i]! - lo) / (hi - lo);
  return cosines;
}
