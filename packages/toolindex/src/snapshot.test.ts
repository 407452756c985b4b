import { createHash } from 'node:crypto';
import { defineTool } from '@toolarsenal/toolmodel';
import { describe, expect, it } from 'vitest';
import { EmbedderMismatchError, SnapshotError } from './errors.js';
import { loadIndex, saveIndex } from './snapshot.js';
import { createTestEmbedder } from './test-fixtures/hashing-embedder.js';
import { fixtureTools } from './test-fixtures/tools.js';
import { createIndex } from './tool-index.js';

async function savedIndex() {
  const embedder = createTestEmbedder();
  const index = createIndex({ embedder });
  index.add(fixtureTools());
  index.add(defineTool({ name: 'bing_search', description: '使用必应搜索指定的关键词，并返回搜索结果列表' }));
  return { index, embedder, snapshot: await saveIndex(index) };
}

describe('snapshots', () => {
  it('round-trips tools, lexical index and vectors without re-embedding tools', async () => {
    const { index, snapshot } = await savedIndex();
    const embedder = createTestEmbedder();
    const loaded = await loadIndex(snapshot, { embedder });
    expect(loaded.size).toBe(index.size);
    expect(loaded.bm25).toEqual(index.bm25);
    expect(loaded.list({ limit: 100 }).tools.map((t) => t.id)).toEqual(
      index.list({ limit: 100 }).tools.map((t) => t.id),
    );
    for (const query of ['refund a payment', 'send an email', '必应搜索', 'schedule meeting']) {
      for (const mode of ['lexical', 'hybrid'] as const) {
        const a = await index.search({ query, mode, limit: 5, minRelevance: 0 });
        const b = await loaded.search({ query, mode, limit: 5, minRelevance: 0 });
        expect(b.hits.map((h) => h.id)).toEqual(a.hits.map((h) => h.id));
        b.hits.forEach((h, i) => {
          expect(h.score).toBeCloseTo(a.hits[i]!.score, 6);
        });
      }
    }
    // Only the queries were embedded after loading.
    expect(embedder.texts).toBe(4);
    loaded.upsert(fixtureTools());
    await loaded.search({ query: 'refund a payment', mode: 'hybrid' });
    expect(embedder.texts).toBe(4);
  });

  it('drops vectors computed from an older embedding text and recomputes them on the next search', async () => {
    const { index, snapshot } = await savedIndex();
    const outer = JSON.parse(snapshot) as { checksum: string; body: string };
    const body = JSON.parse(outer.body) as Record<string, unknown>;
    delete body.embedText; // snapshots written before the field existed (embedding text version 1)
    const json = JSON.stringify(body);
    const older = JSON.stringify({
      checksum: `sha256:${createHash('sha256').update(json).digest('hex')}`,
      body: json,
    });
    const embedder = createTestEmbedder();
    const loaded = await loadIndex(older, { embedder });
    const a = await index.search({ query: 'refund a payment', mode: 'hybrid', minRelevance: 0 });
    const b = await loaded.search({ query: 'refund a payment', mode: 'hybrid', minRelevance: 0 });
    expect(b.hits.map((h) => h.id)).toEqual(a.hits.map((h) => h.id));
    // Every tool was embedded again, plus the query: as many texts as a fresh index embeds.
    const freshEmbedder = createTestEmbedder();
    const fresh = createIndex({ embedder: freshEmbedder });
    fresh.add(index.entries().map((e) => e.tool));
    await fresh.search({ query: 'refund a payment', mode: 'hybrid' });
    expect(embedder.texts).toBe(freshEmbedder.texts);
    expect(embedder.texts).toBeGreaterThan(index.size / 2);
  });

  it('loads without an embedder as a lexical-only index, with its defaults', async () => {
    const { index, snapshot } = await savedIndex();
    const loaded = await loadIndex(snapshot);
    expect((await loaded.search('refund payment')).hits[0]?.tool.name).toBe('process_refund');
    // Options are not stored: the load's own resolve, here those of an index without an embedder.
    const fresh = createIndex();
    fresh.add(index.entries().map((e) => e.tool));
    expect(loaded.bm25).toEqual(fresh.bm25);
    expect(loaded.bm25.lengthPivot).not.toBe(index.bm25.lengthPivot);
    for (const query of ['refund a payment', 'creation of an invoice', 'scheduling a meeting']) {
      const a = await fresh.search({ query, minRelevance: 0 });
      const b = await loaded.search({ query, minRelevance: 0 });
      expect(b.hits.map((h) => [h.id, h.score])).toEqual(a.hits.map((h) => [h.id, h.score]));
    }
  });

  it('round-trips a lexical-only index with the same options and ranking', async () => {
    const index = createIndex({ bm25: { k1: 1.5 } });
    index.add(fixtureTools());
    const loaded = await loadIndex(await saveIndex(index), { bm25: { k1: 1.5 } });
    expect(loaded.bm25).toEqual(index.bm25);
    for (const query of ['refund a payment', 'creation of an invoice', 'scheduling a meeting']) {
      const a = await index.search({ query, minRelevance: 0 });
      const b = await loaded.search({ query, minRelevance: 0 });
      expect(b.hits.map((h) => [h.id, h.score])).toEqual(a.hits.map((h) => [h.id, h.score]));
    }
  });

  it('refuses a snapshot made with another embedder', async () => {
    const { snapshot } = await savedIndex();
    const other = createTestEmbedder(256, 'other-model');
    const error = await loadIndex(snapshot, { embedder: other }).catch((e: unknown) => e);
    expect(EmbedderMismatchError.isInstance(error)).toBe(true);
    expect((error as Error).message).toMatch(/hashing-v1@256.*other-model/);
    expect((error as EmbedderMismatchError).code).toBe('TOOLINDEX_EMBEDDER_MISMATCH');
  });

  it('refuses corrupt, truncated, tampered and foreign snapshots with SnapshotError', async () => {
    const { snapshot } = await savedIndex();
    const outer = JSON.parse(snapshot) as { checksum: string; body: string };
    const body = JSON.parse(outer.body) as Record<string, unknown>;
    const resealed = (b: unknown) => {
      const json = JSON.stringify(b);
      return JSON.stringify({
        checksum: (JSON.parse(snapshot) as { checksum: string }).checksum,
        body: json,
      });
    };
    const bad = [
      snapshot.slice(0, snapshot.length / 2),
      '',
      'null',
      '{"hello":"world"}',
      JSON.stringify({ ...outer, body: outer.body.replace('process_refund', 'process_refunX') }),
      resealed({ ...body, format: 'other' }),
    ];
    for (const input of bad) {
      const error = await loadIndex(input).catch((e: unknown) => e);
      expect(SnapshotError.isInstance(error), input.slice(0, 40)).toBe(true);
    }
    await expect(loadIndex(42 as never)).rejects.toBeInstanceOf(SnapshotError);
  });
});
