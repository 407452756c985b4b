import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { EmbedderMismatchError, SnapshotError } from '@toolarsenal/toolindex';
import { TOKENIZER_VERSION } from '@toolarsenal/toolindex/backend';
import { parseTool, type Tool } from '@toolarsenal/toolmodel';

/** The manifest next to Vectra's `index.json`: what the folder's vectors were made with. */
export const MANIFEST = 'toolarsenal.json';
const FORMAT = 'toolarsenal.toolindex.vectra';
const VERSION = 1;

export interface Manifest {
  format: string;
  version: number;
  /** Embedder the stored vectors came from (null: no vectors stored yet). */
  embedderId: string | null;
  dimensions: number | null;
  tokenizer: number;
}

/** The metadata of one Vectra item: the tool as JSON and what its vector was computed from. */
export interface ItemMetadata {
  [key: string]: string;
  tool: string;
  contentHash: string;
  /** Hash of the embedding text (empty when the item has no vector). */
  embedTextHash: string;
}

export function newManifest(embedder: { id: string; dimensions: number } | undefined): Manifest {
  return {
    format: FORMAT,
    version: VERSION,
    embedderId: embedder?.id ?? null,
    dimensions: embedder?.dimensions ?? null,
    tokenizer: TOKENIZER_VERSION,
  };
}

export async function writeManifest(folder: string, manifest: Manifest): Promise<void> {
  await writeFile(join(folder, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
}

/** Reads and checks the manifest: damaged or foreign → SnapshotError, vectors from another embedder → mismatch. */
export async function readManifest(
  folder: string,
  embedder: { id: string; dimensions: number } | undefined,
): Promise<Manifest> {
  let text: string;
  try {
    text = await readFile(join(folder, MANIFEST), 'utf8');
  } catch (error) {
    throw new SnapshotError(`${folder} has no readable ${MANIFEST}: not a toolindex Vectra folder`, {
      cause: error,
    });
  }
  let manifest: Manifest;
  try {
    manifest = JSON.parse(text) as Manifest;
  } catch (error) {
    throw new SnapshotError(
      `${MANIFEST} is not valid JSON (truncated or damaged): ${(error as Error).message}`,
    );
  }
  if (manifest?.format !== FORMAT) throw new SnapshotError(`${MANIFEST} is not a toolindex Vectra manifest`);
  if (manifest.version !== VERSION)
    throw new SnapshotError(`unsupported ${MANIFEST} version ${String(manifest.version)}`);
  const ok =
    (manifest.embedderId === null ||
      (typeof manifest.embedderId === 'string' && manifest.embedderId !== '')) &&
    (manifest.dimensions === null || (Number.isInteger(manifest.dimensions) && manifest.dimensions > 0)) &&
    Number.isInteger(manifest.tokenizer);
  if (!ok) throw new SnapshotError(`${MANIFEST} is malformed`);
  if (embedder && manifest.embedderId !== null && manifest.embedderId !== embedder.id)
    throw new EmbedderMismatchError(manifest.embedderId, embedder.id);
  if (embedder && manifest.embedderId !== null && manifest.dimensions !== embedder.dimensions)
    throw new SnapshotError(
      `${MANIFEST} says ${manifest.dimensions}-d vectors, the embedder makes ${embedder.dimensions}-d`,
    );
  return manifest;
}

/** A stored item checked like a snapshot entry; `at` names it in errors. */
export function itemTool(
  item: { id?: unknown; metadata?: unknown },
  at: string,
): { tool: Tool; metadata: ItemMetadata } {
  const metadata = item.metadata as Partial<ItemMetadata> | undefined;
  if (
    typeof item.id !== 'string' ||
    typeof metadata !== 'object' ||
    metadata === null ||
    typeof metadata.tool !== 'string'
  )
    throw new SnapshotError(`${at} is not a stored tool (id and metadata.tool expected)`);
  let tool: Tool;
  try {
    tool = parseTool(JSON.parse(metadata.tool) as Parameters<typeof parseTool>[0]);
  } catch (error) {
    throw new SnapshotError(`${at} (${item.id}) is not a valid tool: ${(error as Error).message}`, {
      cause: error,
    });
  }
  if (tool.id !== item.id || tool.contentHash !== metadata.contentHash)
    throw new SnapshotError(`${at} (${item.id}): its id or content hash does not match its tool JSON`);
  return {
    tool,
    metadata: {
      tool: metadata.tool,
      contentHash: metadata.contentHash,
      embedTextHash: String(metadata.embedTextHash ?? ''),
    },
  };
}

/** A stored vector: finite numbers of the expected length (an empty list: none stored). */
export function itemVector(vector: unknown, dimensions: number | null, at: string): Float32Array | undefined {
  if (!Array.isArray(vector)) throw new SnapshotError(`${at} has no vector list`);
  if (vector.length === 0) return undefined;
  if (vector.length !== dimensions || !vector.every((v) => typeof v === 'number' && Number.isFinite(v)))
    throw new SnapshotError(`${at} has a malformed vector`);
  return Float32Array.from(vector as number[]);
}
