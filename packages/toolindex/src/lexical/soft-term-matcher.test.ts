import { defineTool } from '@toolarsenal/toolmodel';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createDefaultEmbedder } from '../embedders/index.js';
import type { Embedder } from '../embedders/embedder.js';
import { createIndex } from '../tool-index.js';
import { buildMatcher, DEFAULT_SOFT_TERMS, type SoftTermOptions } from './soft-terms.js';

const unit = (v: readonly number[]) => {
  const norm = Math.hypot(...v);
  return Float32Array.from(v, (x) => (norm === 0 ? 0 : x / norm));
};

/** A word table over words `w0`…`wN`: word i's vector is `vectors[i]` (zero: a word the table lacks). */
function fakeTable(vectors: readonly Float32Array[], d: number) {
  const embedded: string[][] = [];
  const table: Embedder = {
    id: 'fake',
    dimensions: d,
    embed: (texts) => {
      embedded.push([...texts]);
      return Promise.resolve(texts.map((t) => vectors[Number(t.slice(1))] ?? new Float32Array(d)));
    },
  };
  return { table, embedded };
}

/** A catalogue of some of those words; word i has term id i (one vocabulary, as in an index). */
const catalogue = (words: readonly number[]) => {
  const sorted = [...new Set(words)].sort((a, b) => a - b);
  return { ids: Uint32Array.from(sorted), words: sorted.map((i) => `w${i}`) };
};

/** Cosine by a plain loop over every row, best first, ties by id. */
function bruteForce(
  vectors: readonly Float32Array[],
  words: readonly number[],
  query: Float32Array,
  self: number | undefined,
  options: SoftTermOptions,
) {
  return [...new Set(words)]
    .filter((i) => i !== self && vectors[i]!.some((x) => x !== 0))
    .map((id) => ({ id, similarity: vectors[id]!.reduce((a, x, k) => a + x * query[k]!, 0) }))
    .filter((n) => n.similarity >= options.threshold)
    .sort((a, b) => b.similarity - a.similarity || a.id - b.id)
    .slice(0, options.neighbours);
}

// 40 dimensions: the packed head (32), the second bound and the rest are all exercised.
const D = 40;
const vectorArb = fc.array(fc.float({ min: -1, max: 1, noNaN: true }), { minLength: D, maxLength: D });
const tableArb = fc.array(vectorArb, { minLength: 2, maxLength: 24 }).map((vs) =>
  // Every fifth word is missing from the table.
  vs.map((v, i) => (i % 5 === 4 ? new Float32Array(D) : unit(v))),
);
const optionsArb = fc.record({
  threshold: fc.double({ min: 0.05, max: 0.9, noNaN: true }),
  weight: fc.constant(0.5),
  neighbours: fc.integer({ min: 1, max: 5 }),
});

describe('SoftTermMatcher scan against a plain loop', () => {
  it('finds the same words, best first, at the same cosines, at most `neighbours`', async () => {
    await fc.assert(
      fc.asyncProperty(
        tableArb,
        optionsArb,
        fc.array(fc.nat(), { minLength: 1, maxLength: 24 }),
        vectorArb,
        async (vectors, options, picks, q) => {
          const words = picks.map((p) => p % vectors.length);
          const query = unit(q);
          const expected = bruteForce(vectors, words, query, undefined, options);
          // Sums in another order differ in the last bits: skip cases a rounding could flip.
          const all = [...new Set(words)].map((i) => vectors[i]!.reduce((a, x, k) => a + x * query[k]!, 0));
          fc.pre(all.every((s) => Math.abs(s - options.threshold) > 1e-5));
          fc.pre(all.every((s, i) => all.every((t, j) => i === j || Math.abs(s - t) > 1e-5 || s === t)));
          const matcher = await buildMatcher(catalogue(words), fakeTable(vectors, D).table);
          const got = matcher.neighbours('q', query, undefined, options);
          expect(got.map((n) => n.id)).toEqual(expected.map((n) => n.id));
          got.forEach((n, i) => expect(n.similarity).toBeCloseTo(expected[i]!.similarity, 5));
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('neighbours carried across catalogue changes', () => {
  it('equal a fresh matcher’s after words are added and removed (same ids, same cosines, same order)', async () => {
    await fc.assert(
      fc.asyncProperty(
        tableArb,
        optionsArb,
        fc.array(fc.array(fc.nat(), { maxLength: 24 }), { minLength: 2, maxLength: 4 }),
        fc.array(fc.nat(), { minLength: 1, maxLength: 8 }),
        async (vectors, options, states, queryPicks) => {
          const { table } = fakeTable(vectors, D);
          const queries = [...new Set(queryPicks.map((p) => p % vectors.length))];
          let matcher: Awaited<ReturnType<typeof buildMatcher>> | undefined;
          for (const state of states) {
            const words = state.map((p) => p % vectors.length);
            const cat = catalogue(words);
            matcher = await buildMatcher(cat, table, matcher);
            const fresh = await buildMatcher(cat, table);
            const inCatalogue = new Set(words);
            for (const q of queries) {
              const self = inCatalogue.has(q) ? q : undefined;
              const got = matcher.neighbours(`w${q}`, vectors[q]!, self, options);
              expect(got).toEqual(fresh.neighbours(`w${q}`, vectors[q]!, self, options));
              expect(matcher.cached(`w${q}`)).toBe(got);
            }
          }
        },
      ),
      { numRuns: 150 },
    );
  });

  it('embeds only the words a previous state did not have', async () => {
    const vectors = [
      unit([1, 0, 0]),
      unit([1, 0.2, 0]),
      new Float32Array(3),
      unit([0, 1, 0]),
      unit([0.9, 0, 0.3]),
    ];
    const { table, embedded } = fakeTable(vectors, 3);
    const first = await buildMatcher(catalogue([0, 1, 2]), table);
    await buildMatcher(catalogue([0, 2, 3, 4]), table, first);
    expect(embedded).toEqual([
      ['w0', 'w1', 'w2'],
      ['w3', 'w4'],
    ]);
  });

  it('scans only the added rows for a word searched before, and drops removed words', async () => {
    const vectors = [unit([1, 0, 0]), unit([1, 0.2, 0]), unit([1, 0.5, 0]), unit([1, 0.1, 0.1])];
    const { table } = fakeTable(vectors, 3);
    const options = { ...DEFAULT_SOFT_TERMS, neighbours: 2 };
    const first = await buildMatcher(catalogue([1, 2]), table);
    expect(first.neighbours('w0', vectors[0]!, undefined, options).map((n) => n.id)).toEqual([1, 2]);
    const second = await buildMatcher(catalogue([2, 3]), table, first);
    expect(second.neighbours('w0', vectors[0]!, undefined, options).map((n) => n.id)).toEqual([3, 2]);
  });

  it('starts afresh when the same word has another term id (another vocabulary)', async () => {
    const vectors = [unit([1, 0, 0]), unit([1, 0.2, 0]), unit([1, 0.5, 0])];
    const { table } = fakeTable(vectors, 3);
    const first = await buildMatcher(catalogue([1, 2]), table);
    first.neighbours('w0', vectors[0]!, undefined, DEFAULT_SOFT_TERMS);
    const other = { ids: Uint32Array.from([7, 8]), words: ['w1', 'w2'] };
    const second = await buildMatcher(other, table, first);
    expect(second.neighbours('w0', vectors[0]!, undefined, DEFAULT_SOFT_TERMS).map((n) => n.id)).toEqual([
      7, 8,
    ]);
  });
});

describe('an index that changes its catalogue', () => {
  const tool = (name: string, description: string) => defineTool({ name, description });
  const tools = [
    tool('movie_showtimes', 'Cinema listings: which movies play tonight.'),
    tool('send_email', 'Send an email message to a recipient.'),
    tool('weather_now', 'Current weather and temperature for a city.'),
    tool('film_reviews', 'Critic reviews of a picture, with ratings.'),
    tool('post_letter', 'Mail a letter to a postal address.'),
  ];
  const queries = ['film tonight', 'mail a note', 'forecast rain', 'message', 'picture ratings'];

  it('ranks exactly as a fresh index with the same tools, after adds and removes', async () => {
    const embedder = createDefaultEmbedder();
    const changing = createIndex({ embedder, softTerms: true });
    const searchAll = async (index: ReturnType<typeof createIndex>) =>
      Promise.all(queries.map((query) => index.search({ query, mode: 'lexical', minRelevance: 0 })));
    changing.add(tools.slice(0, 3));
    await searchAll(changing);
    changing.add(tools.slice(3));
    changing.remove(tools[0]!.id);
    const fresh = createIndex({ embedder, softTerms: true });
    fresh.add(tools.slice(1));
    expect(await searchAll(changing)).toEqual(await searchAll(fresh));
    changing.remove(tools[3]!.id);
    changing.add([tools[0]!]);
    const fresh2 = createIndex({ embedder, softTerms: true });
    fresh2.add([tools[1]!, tools[2]!, tools[4]!, tools[0]!]);
    expect(await searchAll(changing)).toEqual(await searchAll(fresh2));
  });
});
