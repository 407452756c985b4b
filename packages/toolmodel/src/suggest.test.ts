import { describe, expect, it } from 'vitest';
import { suggestNames } from './suggest.js';

describe('suggestNames', () => {
  it('suggests close names and nothing for unrelated ones', () => {
    const names = ['get_weather', 'search_docs', 'send_email'];
    expect(suggestNames('get_wether', names)).toEqual(['get_weather']);
    expect(suggestNames('weather', names)).toEqual(['get_weather']);
    expect(suggestNames('zzzzzz', names)).toEqual([]);
    expect(suggestNames('', names)).toEqual([]);
  });
});
