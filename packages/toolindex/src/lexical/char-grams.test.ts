import { defineTool } from '@toolarsenal/toolmodel';
import { describe, expect, it } from 'vitest';
import { tokenize } from '../text/tokenize.js';
import { toolFields } from '../tool-text.js';
import { createIndex } from '../tool-index.js';
import { compilePostings, DEFAULT_BM25 } from './bm25.js';
import { CharGramModel, gramsOf } from './char-grams.js';
import { buildDocTerms } from './doc-terms.js';
import { postingStatistics } from './term-statistics.js';
import { Vocabulary } from './vocabulary.js';

function model(descriptions: string[]) {
  const vocabulary = new Vocabulary();
  const docs = descriptions.map((d, i) =>
    buildDocTerms(toolFields(defineTool({ name: `tool_${i}`, description: d })), vocabulary),
  );
  const postings = compilePostings(docs, vocabulary.size, DEFAULT_BM25);
  const grams = new CharGramModel(postingStatistics(postings, vocabulary), docs);
  const similarity = (query: string, slot: number) =>
    grams.similarity(grams.query(tokenize(query)), docs[slot]!, slot);
  return { similarity, grams };
}

describe('gramsOf', () => {
  it('gives the padded 4-grams of a term, one padded form for short terms, none for noise', () => {
    expect(gramsOf('bet')).toEqual(['#bet', 'bet#']);
    expect(gramsOf('go')).toEqual(['#go#']);
    expect(gramsOf('')).toEqual([]);
    expect(gramsOf('x'.repeat(41))).toEqual([]);
  });
});

describe('CharGramModel', () => {
  const descriptions = [
    'Matchschedules from the icehockeyapi.',
    'Current weather forecast for a city.',
    'Send an email message.',
  ];

  it('matches word forms and concatenated names that whole words miss', () => {
    const { similarity } = model(descriptions);
    expect(similarity('ice hockey schedule', 0)).toBeGreaterThan(0.2);
    expect(similarity('ice hockey schedule', 0)).toBeGreaterThan(5 * similarity('ice hockey schedule', 1));
    expect(similarity('forecasting the weather', 1)).toBeGreaterThan(
      similarity('forecasting the weather', 2),
    );
  });

  it('is a cosine in [0, 1], near 1 for the document text itself, and 0 for an empty or unknown query', () => {
    const { similarity } = model(descriptions);
    expect(similarity('Current weather forecast for a city.', 1)).toBeGreaterThan(0.95);
    for (let slot = 0; slot < 3; slot++) {
      const s = similarity('weather email hockey', slot);
      expect(s).toBeGreaterThanOrEqual(0);
      expect(s).toBeLessThanOrEqual(1);
    }
    expect(similarity('', 0)).toBe(0);
    expect(similarity('zzzz qqqq', 0)).toBe(0);
  });

  it('gives the same answer twice and keeps only the grams the catalogue has (bounded work)', () => {
    const { similarity, grams } = model(descriptions);
    expect(similarity('hockey', 0)).toBe(similarity('hockey', 0));
    const huge = `${'hockey '.repeat(2_000)}${'x'.repeat(10_000)} ${Array.from({ length: 2_000 }, (_, i) => `w${i}`).join(' ')}`;
    // The dot product walks the query's grams: unknown words and repeats add none.
    expect(grams.query(tokenize(huge)).weights.size).toBe(grams.query(tokenize('hockey')).weights.size);
    const s = similarity(huge, 0);
    expect(s).toBeGreaterThan(0);
    expect(s).toBeLessThanOrEqual(1);
  });
});

describe('fuzzy signal in ranking', () => {
  const tools = [
    defineTool({
      name: 'matchschedules_for_icehockeyapi',
      description: 'Get the schedules of matches for a given date, with timing and venues.',
    }),
    defineTool({ name: 'sport_news', description: 'Sport news and matches.' }),
  ];

  const search = async (fuzzy?: number) => {
    const index = createIndex(fuzzy === undefined ? {} : { weights: { fuzzy } });
    index.add(tools);
    return index.search({ query: 'ice hockey matches', explain: true, minRelevance: 0 });
  };

  it('lifts a tool whose concatenated name holds the request words, and explains it', async () => {
    const plain = await search(0);
    expect(plain.hits.map((h) => h.tool.name)).toEqual(['sport_news', 'matchschedules_for_icehockeyapi']);
    for (const hit of plain.hits) expect(hit.breakdown?.signals.fuzzy).toBeUndefined();
    const fuzzy = await search();
    expect(fuzzy.hits.map((h) => h.tool.name)).toEqual(['matchschedules_for_icehockeyapi', 'sport_news']);
    expect(fuzzy.hits[0]?.breakdown?.signals.fuzzy).toBe(1);
    expect(fuzzy.hits[1]?.breakdown?.signals.fuzzy).toBeLessThan(0.8);
  });
});
