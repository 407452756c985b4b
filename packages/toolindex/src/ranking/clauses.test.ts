import { defineTool } from '@toolarsenal/toolmodel';
import { describe, expect, it } from 'vitest';
import { createTestEmbedder } from '../test-fixtures/hashing-embedder.js';
import { createIndex } from '../tool-index.js';
import type { IndexOptions } from '../types.js';

/**
 * A request asking for two things, and a generalist tool that touches both weakly: on the whole query it
 * outscores the specialist for the smaller part; matched clause by clause, the specialist wins that part.
 */
const tools = [
  defineTool({
    name: 'forecast',
    description: 'Weather forecast for a city: temperature, rain, wind, humidity and storm warnings by hour.',
  }),
  defineTool({ name: 'convert_currency', description: 'Convert an amount of money between two currencies.' }),
  defineTool({
    name: 'travel_tips',
    description: 'Travel tips for a city: weather notes, local currency and money advice for travellers.',
  }),
];
const query = 'I need the weather forecast for Lisbon, and also convert my money to the local currency';

async function ranked(options: IndexOptions, mode: 'lexical' | 'hybrid') {
  // Fusion pinned: the test embedder (feature hashing) is lexical too, so the blend decides how much it adds.
  const index = createIndex({ weights: { fuzzy: 0 }, fusion: { method: 'blend', alpha: 0.7 }, ...options });
  index.add(tools);
  const result = await index.search({ query, mode, explain: true, minRelevance: 0 });
  return result.hits;
}

describe('clauses signal in ranking', () => {
  for (const mode of ['lexical', 'hybrid'] as const) {
    it(`ranks each part's specialist above a tool touching every part (${mode})`, async () => {
      const embedder = createTestEmbedder();
      const off = await ranked({ embedder, weights: { fuzzy: 0, clauses: 0 } }, mode);
      const names = (hits: typeof off) => hits.map((h) => h.tool.name);
      expect(names(off).indexOf('travel_tips')).toBeLessThan(names(off).indexOf('forecast'));
      for (const hit of off) expect(hit.breakdown?.signals.clauses).toBeUndefined();
      // Each clause's best tool scores 1; the generalist is second best on both.
      const defaults = await ranked({ embedder }, mode);
      const clauses = Object.fromEntries(defaults.map((h) => [h.tool.name, h.breakdown?.signals.clauses]));
      expect(clauses).toMatchObject({ forecast: 1, convert_currency: 1 });
      expect(clauses.travel_tips).toBeLessThan(0.9);
      const score = Object.fromEntries(defaults.map((h) => [h.tool.name, h.score]));
      const offScore = Object.fromEntries(off.map((h) => [h.tool.name, h.score]));
      expect(score.forecast! - score.travel_tips!).toBeGreaterThan(
        offScore.forecast! - offScore.travel_tips!,
      );
      // With the signal weighted like relevance, the order follows the clauses.
      const strong = await ranked({ embedder, weights: { fuzzy: 0, clauses: 0.6 } }, mode);
      expect(names(strong).at(-1)).toBe('travel_tips');
    });
  }

  it('is inactive for a single-clause request', async () => {
    const index = createIndex();
    index.add(tools);
    const { hits } = await index.search({
      query: 'weather forecast for Lisbon',
      explain: true,
      minRelevance: 0,
    });
    expect(hits.length).toBeGreaterThan(0);
    for (const hit of hits) expect(hit.breakdown?.signals.clauses).toBeUndefined();
  });

  it('embeds the query and its clauses in one call', async () => {
    const embedder = createTestEmbedder();
    const index = createIndex({ embedder });
    index.add(tools);
    await index.embedPending();
    const calls = embedder.calls;
    await index.search({ query, mode: 'semantic' });
    expect(embedder.calls).toBe(calls + 1);
    expect(embedder.texts).toBeGreaterThanOrEqual(3);
  });
});
