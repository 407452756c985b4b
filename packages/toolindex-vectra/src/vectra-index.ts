import { access, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import {
  createIndex,
  type Embedder,
  type IndexOptions,
  IndexOptionsError,
  type ListOptions,
  type ListPage,
  type SearchOptions,
  type SearchResult,
  SnapshotError,
  type ToolChange,
  type ToolIndex,
  type ToolIndexLike,
  type UpsertSummary,
} from '@toolarsenal/toolindex';
import { describe, restoreVector, storedVector, toIds, toTools } from '@toolarsenal/toolindex/backend';
import { type Tool, type ToolInput, toolToJson } from '@toolarsenal/toolmodel';
import { LocalIndex } from 'vectra';
import {
  type ItemMetadata,
  itemTool,
  itemVector,
  type Manifest,
  MANIFEST,
  newManifest,
  readManifest,
  writeManifest,
} from './folder.js';

export interface VectraIndexOptions extends IndexOptions {
  /** The folder holding Vectra's `index.json` and the `toolarsenal.json` manifest. */
  folder: string;
  /** Create the folder when it holds no index yet (default true); false: refuse a folder without one. */
  create?: boolean;
}

/**
 * Opens (or creates) a folder-backed index. The folder is a Vectra `LocalIndex` — `index.json` with one item per
 * tool (id, unit vector, metadata: the tool's JSON, content hash and embedding-text hash) — plus a manifest naming
 * the embedder. Opening re-tokenises the tools and restores their vectors without re-embedding; search runs the
 * in-memory engine, so it ranks exactly like `createIndex`.
 */
export async function openVectraIndex(options: VectraIndexOptions): Promise<VectraToolIndex> {
  if (options === null || typeof options !== 'object')
    throw new IndexOptionsError(`openVectraIndex(options): expected an object, got ${describe(options)}`);
  const { folder, create = true, ...indexOptions } = options;
  if (typeof folder !== 'string' || folder === '')
    throw new IndexOptionsError(`folder must be a non-empty path, got ${describe(folder)}`);
  if (typeof create !== 'boolean')
    throw new IndexOptionsError(`create must be a boolean, got ${describe(create)}`);
  const memory = createIndex(indexOptions);
  const embedder = indexOptions.embedder;
  const vectra = new LocalIndex<ItemMetadata>(folder);
  let manifest: Manifest;
  if (!(await vectra.isIndexCreated())) {
    if (!create) throw new SnapshotError(`${folder} holds no index (index.json) and create is false`);
    if (await exists(join(folder, MANIFEST)))
      throw new SnapshotError(`${folder} has a ${MANIFEST} but no index.json: the folder is damaged`);
    await mkdir(folder, { recursive: true });
    await vectra.createIndex({ version: 1, metadata_config: {} });
    manifest = newManifest(embedder);
    await writeManifest(folder, manifest);
  } else {
    manifest = await readManifest(folder, embedder);
    let items: Awaited<ReturnType<typeof vectra.listItems>>;
    try {
      items = await vectra.listItems();
    } catch (error) {
      throw new SnapshotError(
        `${join(folder, 'index.json')} cannot be read (truncated or damaged): ${(error as Error).message}`,
        {
          cause: error,
        },
      );
    }
    if (!Array.isArray(items)) throw new SnapshotError(`${join(folder, 'index.json')} has no item list`);
    const restored = items.map((item, i) => {
      const at = `index.json items[${i}]`;
      const { tool, metadata } = itemTool(item, at);
      return { tool, metadata, vector: itemVector(item.vector, manifest.dimensions, at) };
    });
    memory.upsert(restored.map((r) => r.tool));
    // Vectors are kept only when they are this embedder's and were computed from the tools' current text.
    if (embedder && manifest.embedderId === embedder.id)
      for (const r of restored)
        if (r.vector) restoreVector(memory, r.tool.id, r.vector, r.metadata.embedTextHash);
  }
  return new VectraToolIndex(folder, vectra, memory, manifest);
}

async function exists(path: string): Promise<boolean> {
  try {
    await access(path);
    return true;
  } catch {
    return false;
  }
}

/**
 * An index kept in a folder on disk (single writer: one process opens a folder for writing at a time). Reads and
 * search are served from memory; each write is applied in memory, embedded, then saved (Vectra rewrites its
 * `index.json`), and rolled back in memory when saving fails.
 */
export class VectraToolIndex implements ToolIndexLike {
  readonly folder: string;
  readonly #vectra: LocalIndex<ItemMetadata>;
  readonly #memory: ToolIndex;
  #manifest: Manifest;
  #writing: Promise<unknown> = Promise.resolve();

  /** @internal Use `openVectraIndex`. */
  constructor(folder: string, vectra: LocalIndex<ItemMetadata>, memory: ToolIndex, manifest: Manifest) {
    this.folder = folder;
    this.#vectra = vectra;
    this.#memory = memory;
    this.#manifest = manifest;
  }

  get embedder(): Embedder | undefined {
    return this.#memory.embedder;
  }

  get size(): number {
    return this.#memory.size;
  }

  get(id: string): Tool | undefined {
    return this.#memory.get(id);
  }

  has(id: string): boolean {
    return this.#memory.has(id);
  }

  list(options?: ListOptions): ListPage {
    return this.#memory.list(options);
  }

  search(request: string | SearchOptions): Promise<SearchResult> {
    return this.#memory.search(request);
  }

  onChange(listener: (change: ToolChange) => void): () => void {
    return this.#memory.onChange(listener);
  }

  /** Adds or replaces tools by id (unchanged content hashes are skipped) and saves the folder. */
  upsert(tools: Tool | ToolInput | readonly (Tool | ToolInput)[]): Promise<UpsertSummary> {
    const list = toTools(tools, 'upsert');
    return this.#serial(async () => {
      const previous = new Map(list.map((t) => [t.id, this.#memory.get(t.id)]));
      const changed = new Set<string>();
      const off = this.#memory.onChange((c) => changed.add(c.id));
      let summary: UpsertSummary;
      try {
        summary = this.#memory.upsert(list);
      } finally {
        off();
      }
      if (changed.size === 0) return summary;
      try {
        await this.#memory.embedPending();
        await this.#save([...changed], []);
      } catch (error) {
        // The folder keeps its previous state; so does memory.
        for (const id of changed) {
          const before = previous.get(id);
          if (before) this.#memory.upsert(before);
          else this.#memory.remove(id);
        }
        throw error;
      }
      return summary;
    });
  }

  /** Removes tools by id and saves the folder; returns how many were stored. */
  remove(ids: string | readonly string[]): Promise<number> {
    const list = toIds(ids);
    return this.#serial(async () => {
      const removed = list.map((id) => this.#memory.get(id)).filter((t): t is Tool => t !== undefined);
      const count = this.#memory.remove(list);
      if (count === 0) return 0;
      try {
        await this.#save(
          [],
          removed.map((t) => t.id),
        );
      } catch (error) {
        this.#memory.upsert(removed);
        throw error;
      }
      return count;
    });
  }

  async #save(upserted: readonly string[], removed: readonly string[]): Promise<void> {
    const embedder = this.#memory.embedder;
    if (embedder && this.#manifest.embedderId === null) {
      this.#manifest = newManifest(embedder);
      await writeManifest(this.folder, this.#manifest);
    }
    await this.#vectra.beginUpdate();
    try {
      for (const id of removed) await this.#vectra.deleteItem(id);
      for (const id of upserted) {
        const tool = this.#memory.get(id)!;
        const stored = storedVector(this.#memory, id);
        await this.#vectra.upsertItem({
          id,
          vector: stored ? Array.from(stored.vector) : [],
          metadata: {
            tool: JSON.stringify(toolToJson(tool)),
            contentHash: tool.contentHash,
            embedTextHash: stored?.textHash ?? '',
          },
        });
      }
      await this.#vectra.endUpdate();
    } catch (error) {
      this.#vectra.cancelUpdate();
      throw error;
    }
  }

  #serial<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.#writing.then(fn);
    this.#writing = run.catch(() => undefined);
    return run;
  }
}
