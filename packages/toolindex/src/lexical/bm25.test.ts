import { describe, expect, it } from 'vitest';
import {
  compilePostings,
  createLexicalScratch,
  DEFAULT_BM25,
  fieldTermFrequency,
  idf,
  lengthPivot,
  logLength,
  saturate,
  scoreDocuments,
  scoreQuery,
  weightedLength,
} from './bm25.js';
import { buildDocTerms } from './doc-terms.js';
import { Vocabulary } from './vocabulary.js';

const fields = (name: string, description = '', parameters = '', tags = '') => ({
  name,
  description,
  parameters,
  tags,
});

function build(docs: ReturnType<typeof fields>[]) {
  const vocabulary = new Vocabulary();
  const terms = docs.map((d) => buildDocTerms(d, vocabulary));
  const postings = compilePostings(terms, vocabulary.size, DEFAULT_BM25);
  const n = docs.length;
  const scratch = createLexicalScratch(n);
  const query = (text: string, allowed?: Uint8Array) =>
    scoreQuery(
      postings,
      text.split(' ').map((t) => ({ id: vocabulary.lookup(t), count: 1 })),
      allowed,
      scratch,
    );
  const queryTerms = (text: string) => text.split(' ').map((t) => ({ id: vocabulary.lookup(t), count: 1 }));
  return { query, postings, queryTerms };
}

describe('BM25 pieces', () => {
  it('idf is positive and decreases with document frequency', () => {
    expect(idf(100, 1)).toBeGreaterThan(idf(100, 50));
    expect(idf(100, 100)).toBeGreaterThan(0);
  });

  it('the length pivot is the geometric or the arithmetic mean of the weighted lengths', () => {
    const lengths = [1, 10, 100, 1000];
    const logs = lengths.map(logLength);
    const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
    expect(lengthPivot('geometric', 4, sum(lengths), sum(logs))).toBeCloseTo(Math.sqrt(1000), 4);
    expect(lengthPivot('mean', 4, sum(lengths), sum(logs))).toBe(277.75);
    expect(lengthPivot('geometric', 0, 0, 0)).toBe(1);
    expect(lengthPivot('mean', 0, 0, 0)).toBe(1);
    // Fixed point: integer shares, so a sum kept by adding and removing documents in any order is exact.
    for (const l of [0, 0.5, 1, 7.5, 1e6]) expect(Number.isInteger(logLength(l))).toBe(true);
    expect(logLength(0)).toBe(0);
    expect(sum([...logs].reverse()) - logs[3]! - logs[0]!).toBe(logs[1]! + logs[2]!);
  });

  it('one very long document moves the geometric pivot far less than the mean', () => {
    const short = [fields('a', 'one two three'), fields('b', 'four five six'), fields('c', 'seven eight')];
    const long = fields('d', Array.from({ length: 400 }, (_, i) => `w${i}`).join(' '));
    const vocabulary = new Vocabulary();
    const terms = [...short, long].map((d) => buildDocTerms(d, vocabulary));
    const weightOf = (pivot: 'geometric' | 'mean', word: string) => {
      const postings = compilePostings(terms, vocabulary.size, { ...DEFAULT_BM25, lengthPivot: pivot });
      const id = vocabulary.lookup(word)!;
      return postings.weights[postings.offsets[id]!]!;
    };
    // Against the mean (about 100 tokens) the short documents look much shorter than typical and their terms
    // are boosted; against the geometric mean (about 7) a short document is typical and the long one is long.
    expect(weightOf('mean', 'one')).toBeGreaterThan(weightOf('geometric', 'one'));
    expect(weightOf('geometric', 'w1')).toBeLessThan(weightOf('mean', 'w1'));
  });

  it('saturate grows sub-linearly towards k1 + 1', () => {
    expect(saturate(0, 1.2)).toBe(0);
    expect(saturate(1, 1.2)).toBeCloseTo(1);
    expect(saturate(100, 1.2)).toBeLessThan(2.2);
    expect(saturate(2, 1.2)).toBeLessThan(2 * saturate(1, 1.2));
  });

  it('fieldTermFrequency weighs fields and normalises by the weighted document length', () => {
    const weights = [2, 1, 1, 1];
    const tf = [1, 1, 0, 0];
    expect(fieldTermFrequency(tf, 0, weights, 10, 10, 0.75)).toBeCloseTo(3);
    expect(fieldTermFrequency(tf, 0, weights, 5, 10, 0.75)).toBeGreaterThan(
      fieldTermFrequency(tf, 0, weights, 20, 10, 0.75),
    );
    expect(fieldTermFrequency([0, 0, 0, 0], 0, weights, 5, 10, 0.75)).toBe(0);
    expect(weightedLength([3, 2, 0, 1], weights)).toBe(9);
  });
});

describe('scoreQuery', () => {
  const docs = [
    fields('send email', 'send an email message'),
    fields('read file', 'read a file from disk'),
    fields('refund payment', 'refund a payment to a customer', 'payment id'),
  ];

  it('ranks the document sharing the rare terms first and reports coverage', () => {
    const { query } = build(docs);
    const r = query('refund payment');
    expect(Array.from(r.slots)).toEqual([2]);
    expect(r.coverage[0]).toBeCloseTo(1);
  });

  it('counts unseen query terms against coverage', () => {
    const { query } = build(docs);
    const r = query('refund weather forecast');
    expect(r.coverage[0]).toBeLessThan(0.5);
    expect(query('weather forecast').slots.length).toBe(0);
  });

  it('skips slots not allowed by the filter mask and resets its scratch buffers', () => {
    const { query } = build(docs);
    expect(query('file', Uint8Array.from([1, 0, 1])).slots.length).toBe(0);
    const again = query('file');
    expect(Array.from(again.slots)).toEqual([1]);
    expect(query('file').scores[0]).toBeCloseTo(again.scores[0]!);
  });

  it('scales a term by its weight, in both score and coverage, and ignores invalid weights', () => {
    const vocabulary = new Vocabulary();
    const terms = [fields('alpha'), fields('beta')].map((d) => buildDocTerms(d, vocabulary));
    const postings = compilePostings(terms, vocabulary.size, DEFAULT_BM25);
    const scratch = {
      scores: new Float32Array(2),
      coverage: new Float32Array(2),
      seen: new Uint8Array(2),
      touched: new Uint32Array(2),
    };
    const run = (alphaWeight: number | undefined) => {
      const r = scoreQuery(
        postings,
        [
          { id: vocabulary.lookup('alpha'), count: 1, weight: alphaWeight },
          { id: vocabulary.lookup('beta'), count: 1 },
        ],
        undefined,
        scratch,
      );
      const at = (slot: number) => Array.from(r.slots).indexOf(slot);
      return { alpha: r.scores[at(0)]!, beta: r.scores[at(1)]!, alphaCoverage: r.coverage[at(0)]! };
    };
    const even = run(undefined);
    expect(even.alpha).toBeCloseTo(even.beta);
    expect(even.alphaCoverage).toBeCloseTo(0.5);
    const halved = run(0.5);
    expect(halved.alpha).toBeCloseTo(even.alpha / 2);
    expect(halved.alphaCoverage).toBeCloseTo(1 / 3);
    for (const bad of [Number.NaN, -1, Number.POSITIVE_INFINITY])
      expect(run(bad).alpha).toBeCloseTo(even.alpha);
  });

  it('ignores removed (undefined) documents', () => {
    const vocabulary = new Vocabulary();
    const terms = [buildDocTerms(docs[0]!, vocabulary), undefined];
    const postings = compilePostings(terms, vocabulary.size, DEFAULT_BM25);
    expect(postings.docCount).toBe(1);
  });
});

describe('scoreDocuments', () => {
  it('gives the given documents exactly their scoreQuery scores, in the order asked, 0 when untouched', () => {
    const docs = Array.from({ length: 40 }, (_, i) =>
      fields(`tool_${i}`, `${i % 2 ? 'weather' : 'stock'} data ${i % 3 ? 'forecast' : 'history'} item${i}`),
    );
    docs.push(fields('unrelated', 'nothing in common'));
    const { query, postings, queryTerms } = build(docs);
    const text = 'weather forecast item7 missingword';
    const full = query(text);
    const expected = new Map<number, number>();
    full.slots.forEach((slot, i) => expected.set(slot, full.scores[i]!));
    const slots = [40, 7, 3, 0, 39, 7];
    const scores = scoreDocuments(postings, queryTerms(text), slots);
    slots.forEach((slot, k) => expect(scores[k]).toBeCloseTo(expected.get(slot) ?? 0, 5));
    expect(scores[0]).toBe(0);
    expect(scoreDocuments(postings, queryTerms(text), [])).toHaveLength(0);
    expect(scoreDocuments(postings, [{ id: 10_000_000, count: 1 }], [1])[0]).toBe(0);
  });
});
