import type { Tool } from '@toolarsenal/toolmodel';
import type { Embedder } from '../embedders/embedder.js';
import { embedIfLoaded } from '../embedders/static/static-embedder.js';
import type { Entry } from '../entry.js';

/**
 * The `name` signal: cosine between the request's vector and the tool's name alone (its title, else its name,
 * split into words by the static table's tokeniser), through the shipped static word table. A tool's name is
 * its shortest summary; in the tool's embedding text it is diluted by the description and parameters.
 */

/** Name vectors per table, per tool (tools are immutable: a changed tool is a new object); null: no known word. */
const vectorsByTable = new WeakMap<Embedder, WeakMap<Tool, Float32Array | null>>();

/**
 * A tool's name vector through `table` (a `createDefaultEmbedder` embedder whose table an `embed` call has
 * loaded, as the search's own query embedding does), computed on first need and remembered per tool; undefined
 * when the table is not loaded or the name has no known word. Only the candidates of a search are looked up.
 */
export function nameVectors(table: Embedder): (tool: Tool) => Float32Array | undefined {
  let vectors = vectorsByTable.get(table);
  if (!vectors) {
    vectors = new WeakMap();
    vectorsByTable.set(table, vectors);
  }
  const cache = vectors;
  return (tool) => {
    let vector = cache.get(tool);
    if (vector === undefined) {
      const embedded = embedIfLoaded(table, tool.title ?? tool.name);
      if (embedded === undefined) return undefined;
      vector = embedded.some((x) => x !== 0) ? embedded : null;
      cache.set(tool, vector);
    }
    return vector ?? undefined;
  };
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
