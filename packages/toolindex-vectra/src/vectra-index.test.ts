import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  createHashingEmbedder,
  type Embedder,
  EmbedderMismatchError,
  IndexOptionsError,
  SnapshotError,
} from '@toolarsenal/toolindex';
import { catalogue } from '@toolarsenal/toolindex-conformance';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openVectraIndex } from './index.js';

let root: string;
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'toolindex-vectra-'));
});
afterEach(() => rm(root, { recursive: true, force: true }));

function counting(embedder: Embedder): Embedder & { texts: number } {
  const counted = {
    id: embedder.id,
    dimensions: embedder.dimensions,
    texts: 0,
    embed: (texts: readonly string[], options?: { signal?: AbortSignal }) => {
      counted.texts += texts.length;
      return embedder.embed(texts, options);
    },
  };
  return counted;
}

describe('Vectra folder store', () => {
  it('reopens without re-embedding and ranks the same; the folder is plain JSON', async () => {
    const folder = join(root, 'tools');
    const first = counting(createHashingEmbedder(64));
    const index = await openVectraIndex({ folder, embedder: first });
    await index.upsert(catalogue());
    expect(first.texts).toBe(catalogue().length - 1); // the two mirrored send_email tools share one text
    const before = await index.search({ query: 'refund the payment and email the customer', limit: 5 });
    const second = counting(createHashingEmbedder(64));
    const reopened = await openVectraIndex({ folder, embedder: second });
    expect(reopened.size).toBe(catalogue().length);
    const after = await reopened.search({ query: 'refund the payment and email the customer', limit: 5 });
    expect(after.hits.map((h) => [h.id, h.score])).toEqual(before.hits.map((h) => [h.id, h.score]));
    expect(second.texts).toBe(3); // the query and its two clauses only: no tool was embedded again
    const stored = JSON.parse(await readFile(join(folder, 'index.json'), 'utf8')) as {
      items: { id: string; vector: number[] }[];
    };
    expect(stored.items.map((i) => i.id).sort()).toEqual(
      catalogue()
        .map((t) => t.id)
        .sort(),
    );
    expect(stored.items[0]!.vector).toHaveLength(64);
    const manifest = JSON.parse(await readFile(join(folder, 'toolarsenal.json'), 'utf8')) as {
      embedderId: string;
    };
    expect(manifest.embedderId).toBe(first.id);
  });

  it('keeps lexical-only folders without vectors, and adopts an embedder on the next write', async () => {
    const folder = join(root, 'lexical');
    const lexical = await openVectraIndex({ folder });
    await lexical.upsert(catalogue().slice(0, 3));
    expect((await lexical.search('refund the payment')).hits[0]?.id).toBe('payments:process_refund@1.0.0');
    const embedder = createHashingEmbedder(64);
    const semantic = await openVectraIndex({ folder, embedder });
    await semantic.upsert(catalogue().slice(3, 4));
    const manifest = JSON.parse(await readFile(join(folder, 'toolarsenal.json'), 'utf8')) as {
      embedderId: string;
    };
    expect(manifest.embedderId).toBe(embedder.id);
  });

  it('refuses vectors from another embedder and damaged files with typed errors', async () => {
    const folder = join(root, 'tools');
    const index = await openVectraIndex({ folder, embedder: createHashingEmbedder(64) });
    await index.upsert(catalogue());
    const other = { ...createHashingEmbedder(64), id: 'someone-else@64' };
    await expect(openVectraIndex({ folder, embedder: other })).rejects.toSatisfy(
      EmbedderMismatchError.isInstance,
    );

    const indexJson = join(folder, 'index.json');
    const original = await readFile(indexJson, 'utf8');
    const damaged: [string, string, RegExp][] = [
      ['index.json', original.slice(0, original.length / 2), /cannot be read/],
      [
        'index.json',
        original.replace(/"contentHash":"sha256:[0-9a-f]/, '"contentHash":"sha256:x'),
        /content hash/,
      ],
      ['index.json', original.replace(/"vector":\[[-0-9.e]+/, '"vector":["x"'), /malformed vector/],
      [
        'index.json',
        JSON.stringify({ version: 1, metadata_config: {}, items: [{ id: 'x', metadata: {}, vector: [] }] }),
        /not a stored tool/,
      ],
      ['toolarsenal.json', '{"format": "something else"}', /not a toolindex Vectra manifest/],
      ['toolarsenal.json', '{"format": "toolarsenal.toolindex.vectra", "version": 1', /not valid JSON/],
    ];
    for (const [file, text, message] of damaged) {
      const path = join(folder, file);
      const keep = await readFile(path, 'utf8');
      await writeFile(path, text);
      const error = await openVectraIndex({ folder, embedder: createHashingEmbedder(64) }).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(SnapshotError.isInstance(error), `${file}: ${String(error)}`).toBe(true);
      expect(String(error)).toMatch(message);
      await writeFile(path, keep);
    }
    expect((await openVectraIndex({ folder, embedder: createHashingEmbedder(64) })).size).toBe(
      catalogue().length,
    );
  });

  it('refuses bad options and a missing index when create is false', async () => {
    await expect(openVectraIndex({ folder: join(root, 'none'), create: false })).rejects.toSatisfy(
      SnapshotError.isInstance,
    );
    for (const options of [
      null,
      { folder: '' },
      { folder: 42 },
      { folder: root, create: 'yes' },
      { folder: root, weights: { nope: 1 } },
    ]) {
      await expect(openVectraIndex(options as never)).rejects.toSatisfy(IndexOptionsError.isInstance);
    }
  });

  it('rolls memory back when the folder cannot be written', async () => {
    const folder = join(root, 'tools');
    const index = await openVectraIndex({ folder });
    await index.upsert(catalogue().slice(0, 2));
    await rm(folder, { recursive: true, force: true });
    await writeFile(folder, 'a file where the folder was');
    await expect(index.upsert(catalogue().slice(2, 4))).rejects.toThrow();
    expect(index.size).toBe(2);
    expect(index.get(catalogue()[2]!.id)).toBeUndefined();
  });
});
