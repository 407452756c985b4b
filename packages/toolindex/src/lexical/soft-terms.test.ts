import { defineTool } from '@toolarsenal/toolmodel';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createDefaultEmbedder } from '../embedders/index.js';
import { IndexOptionsError } from '../errors.js';
import { createIndex } from '../tool-index.js';
import type { IndexOptions } from '../types.js';
import { compilePostings, createLexicalScratch, DEFAULT_BM25, type QueryTerm, scoreQuery } from './bm25.js';
import { buildDocTerms } from './doc-terms.js';
import { DEFAULT_SOFT_TERMS, SoftTermMatcher } from './soft-terms.js';
import { Vocabulary } from './vocabulary.js';

const fields = (description: string) => ({ name: '', description, parameters: '', tags: '' });

function build(descriptions: string[]) {
  const vocabulary = new Vocabulary();
  const docs = descriptions.map((d) => buildDocTerms(fields(d), vocabulary));
  const postings = compilePostings(docs, vocabulary.size, DEFAULT_BM25);
  const n = docs.length;
  const scratch = createLexicalScratch(n);
  const score = (terms: QueryTerm[]) => {
    const out = scoreQuery(postings, terms, undefined, scratch);
    const bySlot = new Map<number, { score: number; coverage: number }>();
    out.slots.forEach((slot, i) => bySlot.set(slot, { score: out.scores[i]!, coverage: out.coverage[i]! }));
    return bySlot;
  };
  return { id: (t: string) => vocabulary.lookup(t), score };
}

describe('soft-matched query terms (QueryTerm.softFor)', () => {
  // film: doc 0 only; movie: docs 1 and 2; review: docs 0 and 2.
  const { id, score } = build(['film review', 'movie night', 'movie review']);
  const exact = (t: string): QueryTerm => ({ id: id(t), count: 1 });
  const standIn = (t: string, weight: number): QueryTerm => ({ id: id(t), count: 1, weight, softFor: 0 });

  it('credits a tool that lacks the word with its stand-in, discounted', () => {
    const plain = score([exact('movie')]);
    const soft = score([exact('film'), standIn('movie', 0.4)]);
    expect(soft.get(1)!.score).toBeCloseTo(0.4 * plain.get(1)!.score, 5);
    expect(soft.get(0)!.score).toBeCloseTo(score([exact('film')]).get(0)!.score, 5);
  });

  it('takes the best of a word and its stand-ins, never their sum', () => {
    const both = build(['film movie', 'movie']);
    const term = (t: string, softFor?: number, weight?: number): QueryTerm => ({
      id: both.id(t),
      count: 1,
      ...(weight === undefined ? {} : { weight }),
      ...(softFor === undefined ? {} : { softFor }),
    });
    const alone = both.score([term('film')]).get(0)!.score;
    const soft = both.score([term('film'), term('movie', 0, 0.5)]).get(0)!.score;
    expect(soft).toBeCloseTo(Math.max(alone, 0.5 * both.score([term('movie')]).get(0)!.score), 5);
  });

  it('adds stand-ins to no coverage denominator: a stand-in match covers its word at its weight', () => {
    const soft = score([exact('film'), exact('review'), standIn('movie', 0.5)]);
    const plain = score([exact('film'), exact('review')]);
    // Same denominator: the exact matches keep their coverage.
    expect(soft.get(0)!.coverage).toBeCloseTo(plain.get(0)!.coverage, 5);
    expect(soft.get(2)!.coverage).toBeGreaterThan(plain.get(2)!.coverage);
    expect(soft.get(2)!.coverage).toBeLessThan(1);
  });

  it('leaves a query without stand-ins scored exactly as before', () => {
    const terms = [exact('film'), exact('review')];
    expect([...score(terms)]).toEqual([
      ...build(['film review', 'movie night', 'movie review']).score(terms),
    ]);
  });
});

describe('softTerms index option', () => {
  const tools = [
    defineTool({ name: 'movie_showtimes', description: 'Cinema listings: which movies play tonight.' }),
    defineTool({ name: 'send_email', description: 'Send an email message to a recipient.' }),
  ];

  it('finds a tool by a similar word the catalogue lacks (film → movie), lexical mode', async () => {
    const plain = createIndex();
    plain.add(tools);
    expect((await plain.search({ query: 'film', mode: 'lexical', minRelevance: 0 })).hits).toEqual([]);
    const soft = createIndex({ softTerms: true });
    soft.add(tools);
    const hits = (await soft.search({ query: 'film', mode: 'lexical', minRelevance: 0 })).hits;
    expect(hits.map((h) => h.id)).toEqual([tools[0]!.id]);
  });

  it('is on by default with the shipped static table as embedder, off without it or when turned off', async () => {
    const embedder = createDefaultEmbedder();
    const search = async (options: IndexOptions) => {
      const index = createIndex(options);
      index.add(tools);
      return (await index.search({ query: 'film', mode: 'lexical', minRelevance: 0 })).hits.map((h) => h.id);
    };
    expect(await search({ embedder })).toEqual([tools[0]!.id]);
    expect(await search({ embedder, softTerms: true })).toEqual([tools[0]!.id]);
    expect(await search({ embedder, softTerms: false })).toEqual([]);
    expect(await search({})).toEqual([]);
    expect(await search({ softTerms: true })).toEqual([tools[0]!.id]);
  });

  it('does not match unrelated words', async () => {
    const soft = createIndex({ softTerms: { threshold: 0.6 } });
    soft.add(tools);
    const hits = (await soft.search({ query: 'translate', mode: 'lexical', minRelevance: 0 })).hits;
    expect(hits).toEqual([]);
  });

  it('follows catalogue changes (a removed tool no longer matches softly)', async () => {
    const soft = createIndex({ softTerms: true });
    soft.add(tools);
    expect((await soft.search({ query: 'film', mode: 'lexical', minRelevance: 0 })).hits).toHaveLength(1);
    soft.remove(tools[0]!.id);
    expect((await soft.search({ query: 'film', mode: 'lexical', minRelevance: 0 })).hits).toEqual([]);
  });

  it.each([
    [{ softTerms: 'yes' }, /softTerms must be a boolean or an object, got the string "yes"/],
    [{ softTerms: { threshold: 0 } }, /softTerms.threshold must be within \(0, 1\]/],
    [{ softTerms: { threshold: Number.NaN } }, /softTerms.threshold/],
    [{ softTerms: { weight: 2 } }, /softTerms.weight must be within 0..1/],
    [{ softTerms: { neighbours: 1.5 } }, /softTerms.neighbours must be an integer 1..20/],
    [{ softTerms: { neighbours: 1000 } }, /softTerms.neighbours/],
    [{ softTerms: { radius: 1 } }, /softTerms: unknown option "radius"/],
  ])('refuses %j', (options, message) => {
    expect(() => createIndex(options as unknown as IndexOptions)).toThrowError(IndexOptionsError);
    expect(() => createIndex(options as unknown as IndexOptions)).toThrowError(message);
  });
});

describe('SoftTermMatcher', () => {
  const unit = (v: number[]) => {
    const norm = Math.hypot(...v) || 1;
    return Float32Array.from(v, (x) => x / norm);
  };
  const vector = (d: number) =>
    fc.array(fc.float({ min: -1, max: 1, noNaN: true }), { minLength: d, maxLength: d });

  it('finds exactly what a full scan finds (the pruning bound never drops a neighbour)', () => {
    for (const d of [3, 16, 40]) {
      fc.assert(
        fc.property(
          fc.array(vector(d), { minLength: 1, maxLength: 20 }),
          vector(d),
          fc.double({ min: 0.05, max: 0.95, noNaN: true }),
          (rows, query, threshold) => {
            const units = rows.map(unit);
            const q = unit(query);
            const matrix = new Float32Array(units.length * d);
            units.forEach((u, r) => matrix.set(u, r * d));
            const ids = Uint32Array.from(units, (_, r) => r);
            const options = { ...DEFAULT_SOFT_TERMS, threshold, neighbours: 20 };
            const got = new SoftTermMatcher(ids, matrix, d).neighbours('w', q, undefined, options);
            const expected = units
              .map((u, id) => ({ id, similarity: u.reduce((a, x, k) => a + x * q[k]!, 0) }))
              .filter((n) => n.similarity >= threshold + 1e-5)
              .map((n) => n.id);
            const gotIds = got.map((n) => n.id);
            for (const id of expected) expect(gotIds).toContain(id);
            for (const n of got) expect(n.similarity).toBeGreaterThanOrEqual(threshold);
          },
        ),
        { numRuns: 150 },
      );
    }
  });

  it('excludes the word itself, ranks by similarity and keeps at most `neighbours`', () => {
    const rows = [
      unit([1, 0, 0, 0]),
      unit([0.9, 0.1, 0, 0]),
      unit([0.8, 0.3, 0, 0]),
      unit([0.7, 0.5, 0.1, 0]),
    ];
    const matrix = new Float32Array(16);
    rows.forEach((u, r) => matrix.set(u, r * 4));
    const matcher = new SoftTermMatcher(Uint32Array.from([10, 11, 12, 13]), matrix, 4);
    const got = matcher.neighbours('w', rows[0]!, 10, { threshold: 0.5, weight: 0.5, neighbours: 2 });
    expect(got.map((n) => n.id)).toEqual([11, 12]);
    expect(matcher.cached('w')).toBe(got);
    expect(matcher.neighbours('zero', new Float32Array(4), undefined, DEFAULT_SOFT_TERMS)).toEqual([]);
  });
});
