import { defineTool } from '@toolarsenal/toolmodel';
import { describe, expect, it } from 'vitest';
import { resolveIndexOptions } from './index-options.js';
import { createTestEmbedder } from './test-fixtures/hashing-embedder.js';
import { createIndex } from './tool-index.js';
import type { IndexOptions } from './types.js';

const picked = (options: IndexOptions, kind?: 'lexical' | 'hybrid') => {
  const resolved = resolveIndexOptions(options, kind);
  return { morphology: resolved.morphology, lengthPivot: resolved.bm25.lengthPivot };
};

describe('defaults by kind of index', () => {
  it('an index without an embedder gets the lexical defaults: morphology, the mean length pivot', () => {
    expect(picked({})).toEqual({ morphology: true, lengthPivot: 'mean' });
    expect(createIndex().bm25.lengthPivot).toBe('mean');
  });

  it('an index with an embedder gets the hybrid defaults: morphology in lexical mode only, the geometric length pivot', () => {
    const embedder = createTestEmbedder();
    expect(picked({ embedder })).toEqual({ morphology: 'lexical-mode', lengthPivot: 'geometric' });
    expect(createIndex({ embedder }).bm25.lengthPivot).toBe('geometric');
  });

  it('an option that is set wins over either default', () => {
    const embedder = createTestEmbedder();
    expect(picked({ embedder, morphology: true, bm25: { lengthPivot: 'mean' } })).toEqual({
      morphology: true,
      lengthPivot: 'mean',
    });
    expect(picked({ morphology: false, bm25: { lengthPivot: 'geometric' } })).toEqual({
      morphology: false,
      lengthPivot: 'geometric',
    });
    // One set, the other defaulted.
    expect(picked({ embedder, bm25: { lengthPivot: 'mean' } })).toEqual({
      morphology: 'lexical-mode',
      lengthPivot: 'mean',
    });
    expect(picked({ embedder, morphology: false }).morphology).toBe(false);
    expect(picked({ morphology: false })).toEqual({ morphology: false, lengthPivot: 'mean' });
    // Other BM25 options leave the pivot to the default.
    expect(picked({ embedder, bm25: { k1: 1.5 } }).lengthPivot).toBe('geometric');
  });

  it("a backend may name the kind (a stored index's), which then sets the defaults", () => {
    expect(picked({}, 'hybrid')).toEqual({ morphology: 'lexical-mode', lengthPivot: 'geometric' });
    expect(picked({ embedder: createTestEmbedder() }, 'lexical')).toEqual({
      morphology: true,
      lengthPivot: 'mean',
    });
    expect(picked({ morphology: true }, 'hybrid').morphology).toBe(true);
  });

  it('looks up relatives of query words in lexical mode by default, in hybrid mode only when asked', async () => {
    const tools = [
      defineTool({ name: 'book_picks', description: 'Personalised recommendations of books.' }),
      defineTool({ name: 'shelf', description: 'We recommend books to readers.' }),
      defineTool({ name: 'weather', description: 'Forecast for a city.' }),
    ];
    const lexicalHits = async (options: IndexOptions) => {
      const index = createIndex(options);
      index.add(tools);
      const { hits } = await index.search({ query: 'recommend something', mode: 'lexical', minRelevance: 0 });
      return hits.map((h) => h.tool.name);
    };
    // book_picks' BM25 score in a hybrid search: only "recommendations" standing in for "recommend" can give one.
    const hybridLexical = async (options: IndexOptions) => {
      const index = createIndex(options);
      index.add(tools);
      const { hits } = await index.search({
        query: 'recommend something',
        mode: 'hybrid',
        limit: 3,
        minRelevance: 0,
        explain: true,
      });
      return hits.find((h) => h.tool.name === 'book_picks')?.breakdown?.lexical?.raw ?? 0;
    };
    const embedder = createTestEmbedder();
    // "recommendations" stands in for "recommend" only with morphology.
    expect(await lexicalHits({})).toEqual(['shelf', 'book_picks']);
    expect(await lexicalHits({ embedder })).toEqual(['shelf', 'book_picks']);
    expect(await lexicalHits({ embedder, morphology: false })).toEqual(['shelf']);
    expect(await lexicalHits({ morphology: false })).toEqual(['shelf']);
    expect(await hybridLexical({ embedder })).toBe(0);
    expect(await hybridLexical({ embedder, morphology: true })).toBeGreaterThan(0);
  });
});
