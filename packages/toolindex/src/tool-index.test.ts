import { defineTool } from '@toolarsenal/toolmodel';
import { describe, expect, it } from 'vitest';
import { EmbedderError } from './embedders/errors.js';
import { IndexOptionsError, QueryError } from './errors.js';
import { createFaultyEmbedder, createTestEmbedder } from './test-fixtures/hashing-embedder.js';
import { fixtureTools } from './test-fixtures/tools.js';
import { createIndex } from './tool-index.js';
import type { IndexChange } from './types.js';

describe('index maintenance', () => {
  it('adds, gets, upserts and removes tools with change events', () => {
    const index = createIndex();
    const events: IndexChange[] = [];
    const off = index.onChange((e) => events.push(e));
    const tools = fixtureTools();
    expect(index.add(tools)).toEqual({ added: tools.length, updated: 0, unchanged: 0 });
    expect(index.size).toBe(tools.length);
    expect(index.get('payments:process_refund@1.0.0')?.name).toBe('process_refund');
    const changed = defineTool({
      name: 'process_refund',
      namespace: 'payments',
      description: 'Refund money.',
    });
    expect(index.upsert([changed, tools[1]!])).toEqual({ added: 0, updated: 1, unchanged: 1 });
    expect(index.remove(['payments:process_refund@1.0.0', 'nope'])).toBe(1);
    expect(index.has('payments:process_refund@1.0.0')).toBe(false);
    expect(events.map((e) => e.type)).toEqual([...tools.map(() => 'add'), 'update', 'remove']);
    off();
    index.remove('mail:send_email@1.0.0');
    expect(events.length).toBe(tools.length + 2);
  });

  it('refuses add() of a different tool under an existing id, accepts identical re-adds', () => {
    const index = createIndex();
    index.add(fixtureTools());
    expect(index.add(fixtureTools()[0]!)).toEqual({ added: 0, updated: 0, unchanged: 1 });
    const other = defineTool({ name: 'process_refund', namespace: 'payments', description: 'Other.' });
    expect(() => index.add(other)).toThrowError(IndexOptionsError);
  });

  it('accepts tool inputs and validates them', () => {
    const index = createIndex();
    index.add({ name: 'lookup_weather', description: 'Weather forecast for a city.' });
    expect(index.size).toBe(1);
    expect(() => index.add({ name: 'bad name!' } as never)).toThrow(/name/i);
  });

  it('lists in id order with cursor pagination', () => {
    const index = createIndex();
    index.add(fixtureTools());
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = index.list(cursor ? { cursor, limit: 4 } : { limit: 4 });
      seen.push(...page.tools.map((t) => t.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual([...seen].sort());
    expect(new Set(seen).size).toBe(index.size);
    expect(() => index.list({ cursor: '%%%' })).toThrowError(IndexOptionsError);
  });

  it('does not re-embed tools whose content hash is unchanged', async () => {
    const embedder = createTestEmbedder();
    const index = createIndex({ embedder });
    const tools = fixtureTools();
    index.add(tools);
    expect(embedder.texts).toBe(0);
    await index.search({ query: 'refund', mode: 'hybrid' });
    const afterFirst = embedder.texts;
    const distinctTexts = new Set(tools.map((t) => `${t.name}|${t.description}`)).size;
    expect(afterFirst).toBe(distinctTexts + 1);
    index.upsert(fixtureTools());
    index.upsert(defineTool({ name: 'brand_new', description: 'Translate text between languages.' }));
    await index.search({ query: 'refund', mode: 'hybrid' });
    expect(embedder.texts).toBe(afterFirst + 1);
  });
});

describe('search validation and hostile input', () => {
  it('refuses empty, oversized and malformed queries with a QueryError', async () => {
    const index = createIndex({ maxQueryLength: 1000 });
    index.add(fixtureTools());
    await expect(index.search('   ')).rejects.toBeInstanceOf(QueryError);
    await expect(index.search('x'.repeat(1001))).rejects.toBeInstanceOf(QueryError);
    await expect(index.search({ query: 'refund', limit: 0 })).rejects.toBeInstanceOf(QueryError);
    await expect(index.search({ query: 'refund', mode: 'semantic' })).rejects.toThrow(/embedder/);
    await expect(index.search({ query: 'refund', diversity: 2 })).rejects.toBeInstanceOf(QueryError);
    await expect(index.search(42 as never)).rejects.toBeInstanceOf(QueryError);
  });

  it('answers a long query within the limit without hanging', async () => {
    const index = createIndex();
    index.add(fixtureTools());
    const query = `refund ${'lorem ipsum '.repeat(800)}`;
    expect((await index.search(query)).noRelevantTools).toBe(true);
    const result = await index.search({ query, minRelevance: 0 });
    expect(result.hits[0]?.tool.name).toBe('process_refund');
  });

  it('stop-word-only queries find nothing instead of failing', async () => {
    const index = createIndex();
    index.add(fixtureTools());
    const result = await index.search('the of and');
    expect(result.hits).toEqual([]);
    expect(result.noRelevantTools).toBe(true);
  });

  it('handles 10,000 near-identical tools', async () => {
    const index = createIndex({ embedder: createTestEmbedder(256) });
    const tools = Array.from({ length: 10_000 }, (_, i) =>
      defineTool({
        name: `echo_${i}`,
        description: 'Echo the input text back.',
        inputSchema: { type: 'object' },
      }),
    );
    index.add(tools);
    index.add(tools.slice(0, 100));
    expect(index.size).toBe(10_000);
    for (const mode of ['lexical', 'hybrid'] as const) {
      const result = await index.search({ query: 'echo text', limit: 5, mode, diversity: 0.5 });
      expect(result.hits).toHaveLength(5);
    }
  });

  it('turns NaN, wrong-length and failing embedders into EmbedderError', async () => {
    for (const kind of ['nan', 'short', 'throws'] as const) {
      const index = createIndex({ embedder: createFaultyEmbedder(kind) });
      index.add(fixtureTools());
      await expect(index.search({ query: 'refund', mode: 'hybrid' })).rejects.toBeInstanceOf(EmbedderError);
      expect((await index.search({ query: 'refund', mode: 'lexical' })).hits.length).toBeGreaterThan(0);
    }
  });

  it('honours an aborted signal', async () => {
    const index = createIndex({ embedder: createTestEmbedder() });
    index.add(fixtureTools());
    await expect(index.search({ query: 'refund', signal: AbortSignal.abort() })).rejects.toThrow();
  });

  it('rejects invalid index options', () => {
    expect(() => createIndex({ bm25: { k1: -1 } })).toThrowError(IndexOptionsError);
    expect(() => createIndex({ bm25: { lengthPivot: 'median' as 'mean' } })).toThrowError(
      /bm25\.lengthPivot must be 'geometric' or 'mean'/,
    );
    expect(() => createIndex({ morphology: 1 as unknown as boolean })).toThrowError(IndexOptionsError);
    expect(() => createIndex({ fusion: { method: 'blend', alpha: 2 } })).toThrowError(IndexOptionsError);
    for (const bad of [-1, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => createIndex({ weights: { fuzzy: bad } })).toThrowError(/weights\.fuzzy/);
      expect(() => createIndex({ penalties: { failed: bad } })).toThrowError(/penalties\.failed/);
    }
  });
});
