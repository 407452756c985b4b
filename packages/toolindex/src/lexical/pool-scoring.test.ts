import { describe, expect, it } from 'vitest';
import {
  compilePostings,
  createLexicalScratch,
  DEFAULT_BM25,
  lengthPivot as pivotOf,
  logLength,
  type QueryTerm,
  scoreQuery,
  weightedLength,
} from './bm25.js';
import { buildDocTerms } from './doc-terms.js';
import { PoolScorer } from './pool-scoring.js';
import { Vocabulary } from './vocabulary.js';

describe('PoolScorer', () => {
  it('scores a query with stand-ins exactly as the posting lists do (best of a word and its stand-ins)', () => {
    const texts = [
      'recommend books to readers',
      'personalised recommendations of books',
      'recommendation engine that will recommend',
      'weather forecast for a city',
    ];
    for (const lengthPivot of ['geometric', 'mean'] as const) {
      const params = { ...DEFAULT_BM25, lengthPivot };
      const vocabulary = new Vocabulary();
      const docs = texts.map((t, i) =>
        buildDocTerms({ name: `tool${i}`, description: t, parameters: '', tags: '' }, vocabulary),
      );
      const postings = compilePostings(docs, vocabulary.size, params);
      const id = (t: string) => vocabulary.lookup(t);
      const df = (t: number) => docs.filter((d) => d.terms.includes(t)).length;
      const lengths = docs.map((d) => weightedLength(d.lengths, [1, 1, 1.5, 1]));
      const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
      const averageLength = pivotOf(lengthPivot, docs.length, sum(lengths), sum(lengths.map(logLength)));
      const scorer = new PoolScorer(docs, { docCount: docs.length, averageLength, df }, params);
      const query: QueryTerm[] = [
        { id: id('recommend'), count: 1 },
        { id: id('book'), count: 2 },
        { id: id('nothing'), count: 1 },
        { id: id('recommendation'), count: 1, weight: 0.5, softFor: 0 },
        { id: id('reader'), count: 2, weight: 0.25, softFor: 1 },
      ];
      const expected = scoreQuery(postings, query, undefined, createLexicalScratch(docs.length));
      const got = scorer.score(query);
      const bySlot = (s: { slots: Uint32Array; scores: Float32Array; coverage: Float32Array }) =>
        [...s.slots].map((slot, i) => [slot, s.scores[i], s.coverage[i]]).sort((a, b) => a[0]! - b[0]!);
      expect(bySlot(got)).toEqual(bySlot(expected));
      expect(got.slots.length).toBe(3);
    }
  });
});
