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
      expect(result.reducedQuery?.length).toBeLessThanOrEqual(300);
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

  it('reads a request with an aside as relevant, and an irrelevant one with an aside as irrelevant', async () => {
    const idx = index();
    for (const mode of ['lexical', 'hybrid'] as const) {
      const refund = await idx.search({
        query: 'Refund the customer for payment 123. The garden looked lovely after the spring rain.',
        mode,
      });
      expect(refund.noRelevantTools, mode).toBe(false);
      expect(refund.hits[0]?.tool.name, mode).toBe('process_refund');
    }
    // Lexical evidence only: the hashing test embedder's semantic lift hovers near the threshold by chance.
    const weather = await idx.search({
      query: "What's the weather like in Paris tomorrow? Thanks, the garden looked lovely.",
      mode: 'lexical',
    });
    expect(weather.noRelevantTools).toBe(true);
  });

  it('weighs a long request by the catalogue as it is now, not as it was at an earlier search', async () => {
    const idx = createIndex();
    idx.add(fixtureTools());
    const grooming = 'Then book a zebra grooming appointment.';
    const query = `${FILLER.join(' ').repeat(3)} Refund the customer for payment 123. ${FILLER.join(' ')} ${grooming} ${FILLER.join(' ')}`;
    expect(query.length).toBeGreaterThan(1_000);
    expect((await idx.search(query)).reducedQuery).not.toContain(grooming);
    idx.add({
      name: 'book_grooming',
      description: 'Book a zebra grooming appointment.',
      inputSchema: { type: 'object', properties: {} },
    });
    const after = await idx.search(query);
    expect(after.reducedQuery).toContain(grooming);
    expect(after.hits.map((h) => h.tool.name)).toContain('book_grooming');
    idx.remove(idx.list().tools.find((t) => t.name === 'book_grooming')!.id);
    expect((await idx.search(query)).reducedQuery).not.toContain(grooming);
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
            // At the default minRelevance: asides do not count against the request's relevance.
            const query = `${request}. ${filler.join(' ')}`;
            const result = await idx.search({ query, mode, limit: 5 });
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

  it('keeps the sentences that carry catalogue terms, in their order, within 400 characters', () => {
    const text = `${'The garden looked lovely. '.repeat(60)}Refund payment 42. ${'Tea was served. '.repeat(60)}Then email the customer.`;
    const reduced = reduceQuery(text, weightOf);
    expect(reduced).toBe('Refund payment 42. Then email the customer.');
  });

  it('keeps the opening and closing sentences before richer ones in between', () => {
    const middle = 'Refund the payment, email the receipt, refund again. '.repeat(30);
    const text = `Email the customer. ${middle}Then refund payment 7.`;
    const reduced = reduceQuery(text, weightOf);
    expect(reduced.startsWith('Email the customer.')).toBe(true);
    expect(reduced.endsWith('Then refund payment 7.')).toBe(true);
    expect(reduced.length).toBeLessThanOrEqual(300);
    // Without the anchors the richer middle sentence wins and the ask at the end is lost.
    expect(reduceQuery(text, weightOf, { anchors: 'none' })).not.toContain('Then refund payment 7.');
  });

  it('keeps the start of a request when nothing in it is in the catalogue', () => {
    const text = 'word '.repeat(400);
    const reduced = reduceQuery(text, weightOf);
    expect(reduced.length).toBeLessThanOrEqual(300);
    expect(text.startsWith(reduced)).toBe(true);
  });

  it('looks a weight up once per cache key, and again under a new key', () => {
    const text = `${'Tea was served. '.repeat(70)}Refund payment 42.`;
    const asked: string[] = [];
    const counting = (t: string) => {
      asked.push(t);
      return weightOf(t);
    };
    expect(reduceQuery(text, counting, { weightKey: -1 })).toContain('Refund payment 42.');
    const first = asked.length;
    expect(first).toBeGreaterThan(0);
    expect(reduceQuery(text, counting, { weightKey: -1 })).toContain('Refund payment 42.');
    expect(asked.length).toBe(first);
    // Under another key (other statistics), 'refund' may weigh differently: it is asked again.
    const reduced = reduceQuery(text, (t) => (t === 'tea' ? 5 : 0), { weightKey: -2 });
    expect(reduced).toContain('Tea was served.');
    expect(reduced).not.toContain('Refund');
  });

  it('bounds the work and the output for any text', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1_001, maxLength: 20_000 }), (text) => {
        const asked = new Set<string>();
        const reduced = reduceQuery(text, (t) => {
          // Each distinct token's weight is asked once, however often it occurs.
          expect(asked.has(t)).toBe(false);
          asked.add(t);
          return weightOf(t);
        });
        expect(reduced.length).toBeLessThanOrEqual(300);
      }),
      { numRuns: 30 },
    );
  });
});
