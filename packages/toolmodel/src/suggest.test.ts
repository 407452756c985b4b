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

describe('suggestNames on hostile input', () => {
  it('gives no hint instead of crashing', () => {
    expect(suggestNames(42 as never, ['a'])).toEqual([]);
    expect(suggestNames('abc', null as never)).toEqual([]);
    expect(suggestNames('search', [null, 7, 'serch'] as never)).toEqual(['serch']);
    expect(suggestNames('search', ['serch', 'seerch'], Number.NaN)).toEqual(['seerch', 'serch']);
  });
});
