import type { ToolIndex } from './tool-index.js';

interface VectorAccess {
  storedVector(id: string): { vector: Float32Array; textHash: string } | undefined;
  restoreVector(id: string, vector: Float32Array, hash: string): boolean;
}

/** A tool's unit vector in an in-memory index and the hash of the text it came from (for stores that persist it). */
export function storedVector(
  index: ToolIndex,
  id: string,
): { vector: Float32Array; textHash: string } | undefined {
  return (index as unknown as VectorAccess).storedVector(id);
}

/**
 * Gives a tool of an in-memory index a stored unit vector instead of embedding it again; taken only when it has the
 * embedder's length and `hash` is the hash of the tool's current embedding text. Returns whether it was taken.
 */
export function restoreVector(index: ToolIndex, id: string, vector: Float32Array, hash: string): boolean {
  return (index as unknown as VectorAccess).restoreVector(id, vector, hash);
}
