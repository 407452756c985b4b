import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { QueryError } from './errors.js';
import { createTestEmbedder } from './test-fixtures/hashing-embedder.js';
import { fixtureTools } from './test-fixtures/tools.js';
import { reduceQuery } from './text/query-reduction.js';
import { createIndex } from './tool-index.js';
import type { SearchMode } from './types.js';

/** Everyday sentences that name nothing the fixture catalogue does (payments, mail, files, calendar, search, news). */
const FILLER = [
  'The garden looked lovely after the spring rain.',
  'My grandmother baked bread every Sunday morning.',
  'We watched the river from the old stone bridge.',
  'Our dog chased the ball across the park until sunset.',
  'The soup needed more salt, so I added a pinch.',
  'Honestly, the movie was longer than it had to be.',
  'A cat slept on the warm windowsill all afternoon',
  'They painted the fence green and planted tulips by the gate;',
  'Breakfast was toast, eggs and a cup of strong tea!',
  'The mountains were covered in snow\nand the lake had frozen over',
];

const REQUESTS = [
  'refund the customer for payment 123',
  'send an email to bob with the report',
  'read the contents of config.yaml',
  'schedule a meeting with the team at 3pm',
  'create an invoice due next month',
  'what is the status of my payment',
];

function index() {
  const idx = createIndex({ embedder: createTestEmbedder() });
  idx.add(fixtureTools());
  return idx;
}

describe('long requests', () => {
  it('answers a 20,000-character request, ranking its informative part', async () => {
    const idx = index();
    let query = 'Refund the customer for payment 123. ';
    while (query.length < 20_000) query += `${FILLER[query.length % FILLER.length]} `;
    for (const mode of ['lexical', 'semantic', 'hybrid'] as const) {
      const result = await idx.search({ query, mode });
      expect(result.hits.length, mode).toBeGreaterThan(0);
      expect(result.hits[0]?.tool.name, mode).toBe('process_refund');
      expect(result.reducedQuery?.length).toBeLessThanOrEqual(1_000);
      expect(result.reducedQuery).toContain('Refund the customer for payment 123.');
    }
  });

  it('ranks short requests as written', async () => {
    const result = await index().search('refund the customer for payment 123');
    expect(result.reducedQuery).toBeUndefined();
  });

  it('refuses only abuse-sized requests (100,000 characters by default)', async () => {
    const idx = index();
    await expect(idx.search('refund '.repeat(14_285))).resolves.toBeDefined(); // 99,995 characters
    await expect(idx.search('x'.repeat(100_001))).rejects.toThrowError(QueryError);
    await expect(idx.search('x'.repeat(100_001))).rejects.toThrowError(
      /100001 characters; the limit is 100000/,
    );
  });

  for (const mode of ['lexical', 'hybrid'] as SearchMode[]) {
    it(`keeps a request's top tool in the top 5 whatever irrelevant text follows it (${mode})`, async () => {
      const idx = index();
      const tops = new Map<string, string>();
      for (const request of REQUESTS)
        tops.set(request, (await idx.search({ query: request, mode })).hits[0]!.id);
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...REQUESTS),
          fc.array(fc.constantFrom(...FILLER), { minLength: 1, maxLength: 600 }),
          async (request, filler) => {
            // The ranking is under test; whether filler-heavy text still reads as relevant is the threshold's job.
            const query = `${request}. ${filler.join(' ')}`;
            const result = await idx.search({ query, mode, limit: 5, minRelevance: 0 });
            expect(result.hits.map((h) => h.id)).toContain(tops.get(request));
          },
        ),
        { numRuns: 40 },
      );
    });
  }
});

describe('reduceQuery', () => {
  const weights = new Map([
    ['refund', 3],
    ['payment', 2],
    ['email', 3],
  ]);
  const weightOf = (token: string) => weights.get(token) ?? 0;

  it('keeps the sentences that carry catalogue terms, in their order, within 1,000 characters', () => {
    const text = `${'The garden looked lovely. '.repeat(60)}Refund payment 42. ${'Tea was served. '.repeat(60)}Then email the customer.`;
    const reduced = reduceQuery(text, weightOf);
    expect(reduced).toBe('Refund payment 42. Then email the customer.');
  });

  it('keeps the start of a request when nothing in it is in the catalogue', () => {
    const text = 'word '.repeat(400);
    const reduced = reduceQuery(text, weightOf);
    expect(reduced.length).toBeLessThanOrEqual(1_000);
    expect(text.startsWith(reduced)).toBe(true);
  });

  it('bounds the work and the output for any text', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1_001, maxLength: 20_000 }), (text) => {
        let calls = 0;
        const reduced = reduceQuery(text, (t) => {
          calls++;
          return weightOf(t);
        });
        expect(reduced.length).toBeLessThanOrEqual(1_000);
        // At most 24 greedy rounds, each reading every distinct term of every piece once.
        expect(calls).toBeLessThanOrEqual(25 * text.length);
      }),
      { numRuns: 30 },
    );
  });
});
