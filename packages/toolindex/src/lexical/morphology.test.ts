import { readFileSync } from 'node:fs';
import { defineTool } from '@toolarsenal/toolmodel';
import { describe, expect, it } from 'vitest';
import { buildMorphology, GENERATED_FILE } from '../../scripts/morphology-source.js';
import { createIndex } from '../tool-index.js';
import { tokenize } from '../text/tokenize.js';
import { MORPHOLOGY_WEIGHT, parseRelatives, relativesOf, withRelatives } from './morphology.js';

describe('morphology.generated.ts', () => {
  it('is what scripts/build-morphology.ts builds from WordNet with the current stemmer and stop words', () => {
    expect(readFileSync(GENERATED_FILE, 'utf8')).toBe(buildMorphology());
  });
});

describe('derivational relatives', () => {
  it('reads each listed pair both ways', () => {
    const map = parseRelatives('analysis analytic analyze\nanalytic analytical\n');
    expect(map.get('analysis')).toEqual(['analytic', 'analyze']);
    expect(map.get('analytic')).toEqual(['analysis', 'analytical']);
    expect(map.get('analyze')).toEqual(['analysis']);
  });

  it('links index tokens of one root that stemming keeps apart, and nothing of another root', () => {
    const token = (word: string) => tokenize(word)[0]!;
    expect(relativesOf(token('recommend'))).toContain(token('recommendations'));
    expect(relativesOf(token('translate'))).toContain(token('translator'));
    expect(relativesOf(token('financial'))).toContain(token('finance'));
    expect(relativesOf(token('finance'))).not.toContain(token('fiscal'));
    expect(relativesOf(token('financial'))).not.toContain(token('nonfinancial'));
    expect(relativesOf('qwxz')).toEqual([]);
  });

  it("adds the catalogue's relatives of each scoring word, never the query's own words or an aside's", () => {
    const ids = new Map([
      ['recommendation', 7],
      ['analyze', 8],
    ]);
    const lookup = (term: string) => ids.get(term);
    const terms = [
      { id: undefined, count: 2 }, // recommend
      { id: 3, count: 1 }, // analysis (an aside)
      { id: 8, count: 1, weight: 0 },
    ];
    const tokens = ['recommend', 'analysis', 'analyze', 'recommend'];
    const aside = [terms[0]!, { id: 3, count: 1, weight: 0 }, terms[2]!];
    expect(withRelatives(lookup, tokens, aside)).toEqual([
      ...aside,
      { id: 7, count: 2, weight: MORPHOLOGY_WEIGHT, softFor: 0 },
    ]);
    // "analysis" scores: its relative "analyze" is a word of the query itself, so it stands in for nothing.
    expect(withRelatives(lookup, tokens, terms)).toEqual([
      ...terms,
      { id: 7, count: 2, weight: MORPHOLOGY_WEIGHT, softFor: 0 },
    ]);
    expect(withRelatives(() => undefined, tokens, terms)).toBe(terms);
  });

  it('finds a tool through a relative, below one that has the word itself, and only when on', async () => {
    const tools = [
      defineTool({ name: 'book_picks', description: 'Personalised recommendations of books.' }),
      defineTool({ name: 'shelf', description: 'We recommend books to readers.' }),
      defineTool({ name: 'weather', description: 'Forecast for a city.' }),
    ];
    const search = async (morphology: boolean, query: string) => {
      const index = createIndex({ morphology });
      index.add(tools);
      const { hits } = await index.search({ query, minRelevance: 0, limit: 5 });
      return hits.map((h) => h.tool.name);
    };
    expect(await search(true, 'recommend something')).toEqual(['shelf', 'book_picks']);
    expect(await search(false, 'recommend something')).toEqual(['shelf']);
    expect(await search(true, 'a recommendation')).toEqual(['book_picks', 'shelf']);
  });

  it('refuses a morphology option that is not a boolean', () => {
    expect(() => createIndex({ morphology: 'yes' as unknown as boolean })).toThrow(
      /morphology must be a boolean/,
    );
  });
});
