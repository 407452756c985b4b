import { defineTool } from '@toolarsenal/toolmodel';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createIndex } from '../tool-index.js';
import { argumentCoverage, argumentTerms } from './arguments.js';

describe('argumentTerms', () => {
  it('reads the required parameters only, name and description tokenised like the index', () => {
    const terms = argumentTerms({
      type: 'object',
      properties: {
        startDate: { type: 'string', description: 'First day, YYYY-MM-DD' },
        city: { type: 'string' },
        limit: { type: 'integer', description: 'Page size' },
      },
      required: ['startDate', 'city'],
    });
    expect(terms).toHaveLength(2);
    expect(terms[0]).toEqual(expect.arrayContaining(['start', 'date', 'first', 'day']));
    expect(terms[1]).toEqual(['city']);
  });

  it('ignores what is not a declared required property and never reads inherited keys', () => {
    expect(argumentTerms(undefined)).toEqual([]);
    expect(argumentTerms('schema')).toEqual([]);
    expect(argumentTerms({ properties: { a: {} } })).toEqual([]);
    expect(argumentTerms({ properties: {}, required: ['toString', '__proto__', 42, null] })).toEqual([]);
    expect(argumentTerms({ properties: { q: 'not a schema' }, required: ['q'] })).toEqual([['q']]);
  });

  it('is bounded on hostile schemas (many required parameters, huge descriptions)', () => {
    const properties: Record<string, unknown> = {};
    for (let i = 0; i < 1000; i++) properties[`p${i}`] = { description: 'word '.repeat(10_000) + i };
    const terms = argumentTerms({ properties, required: Object.keys(properties) });
    expect(terms).toHaveLength(50);
    for (const t of terms) expect(t.length).toBeLessThanOrEqual(64);
  });

  it('never throws on arbitrary JSON', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const terms = argumentTerms(value);
        expect(Array.isArray(terms)).toBe(true);
      }),
    );
  });
});

describe('argumentCoverage', () => {
  it('is the share of required parameters the query mentions, undefined when nothing is required', () => {
    const terms = [['city'], ['start', 'date']];
    expect(argumentCoverage(terms, new Set(['weather', 'city', 'pari']))).toBe(0.5);
    expect(argumentCoverage(terms, new Set(['city', 'date']))).toBe(1);
    expect(argumentCoverage(terms, new Set(['weather']))).toBe(0);
    expect(argumentCoverage([], new Set(['city']))).toBeUndefined();
    expect(argumentCoverage(terms, new Set())).toBeUndefined();
  });
});

describe('arguments signal in ranking', () => {
  const tool = (name: string, parameter: string, description: string) =>
    defineTool({
      name,
      description: 'Look up records in the archive',
      inputSchema: {
        type: 'object',
        properties: { [parameter]: { type: 'string', description } },
        required: [parameter],
      },
    });

  it('ranks the tool whose required inputs the request supplies above an otherwise equal one', async () => {
    const index = createIndex();
    index.add([tool('records_by_isbn', 'isbn', 'Book number'), tool('records_by_city', 'city', 'City name')]);
    const result = await index.search({
      query: 'look up archive records for the city of Lyon',
      explain: true,
      minRelevance: 0,
    });
    expect(result.hits.map((h) => h.tool.name)).toEqual(['records_by_city', 'records_by_isbn']);
    expect(result.hits[0]!.breakdown?.signals.arguments).toBe(1);
    expect(result.hits[1]!.breakdown?.signals.arguments).toBe(0);
  });

  it('can be switched off with weight 0: the score is then the fused relevance alone', async () => {
    // fuzzy and slots ("Lyon" is a place) off too: they are the other signals this query activates.
    const index = createIndex({ weights: { arguments: 0, fuzzy: 0, slots: 0 } });
    index.add([tool('records_by_isbn', 'isbn', 'Book number'), tool('records_by_city', 'city', 'City name')]);
    const result = await index.search({
      query: 'look up archive records for the city of Lyon',
      explain: true,
      minRelevance: 0,
    });
    expect(result.hits).toHaveLength(2);
    for (const hit of result.hits) expect(hit.score).toBeCloseTo(hit.breakdown!.fused, 9);
  });
});
