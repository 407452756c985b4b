import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { tokenize } from '../text/tokenize.js';
import { argumentQueryTerms } from './arguments.js';
import { splitClauses } from '../text/clauses.js';
import { valueKindMask, valueKindTerms } from './value-kinds.js';

describe('valueKindTerms', () => {
  it.each([
    ['matches on 2022-04-15 please', ['date', 'day', 'year']],
    ['on May 26, 2022 I plan', ['date', 'day', 'year']],
    ['the 3rd of September 2019', ['date', 'day', 'year']],
    ['my IP address is 193.114.112.1', ['ip']],
    ['around 41.5 and -72.7', ['latitude', 'longitude', 'lat', 'lon', 'lng']],
    ['coordinates 48.52N, 2.25E', ['latitude', 'longitude', 'lat', 'lon', 'lng']],
    ['mail bob.smith+x@example.co.uk today', ['email']],
    ['scrape https://example.com/a?b=c now', ['url', 'link']],
    ['in the 2019 season', ['year']],
    ['plain words only, nothing else', []],
  ])('%s', (text, expected) => {
    expect(valueKindTerms(text).sort()).toEqual([...expected].sort());
  });

  it('answers quickly and correctly on adversarial 10,000-character inputs', () => {
    for (const text of [
      'a'.repeat(10_000),
      '1.'.repeat(5_000),
      `${'a.'.repeat(4_999)}@`,
      '-1.1 '.repeat(2_000),
    ]) {
      expect(Array.isArray(valueKindTerms(text))).toBe(true);
    }
  });

  it('never throws on arbitrary strings', () => {
    fc.assert(fc.property(fc.string({ maxLength: 300 }), (text) => Array.isArray(valueKindTerms(text))));
  });
});

describe('argumentQueryTerms', () => {
  it('joins the tokenised query with the parameter terms its values fill', () => {
    const query = 'Weather in Paris on 2024-01-02';
    expect(argumentQueryTerms(query)).toEqual(new Set([...tokenize(query), 'date', 'day', 'year']));
    expect(argumentQueryTerms('weather in Paris')).toEqual(new Set(tokenize('weather in Paris')));
  });
});

describe('valueKindMask', () => {
  it('tests only the kinds asked for', () => {
    const text = 'mail bob@example.com the 2019 report';
    const all = valueKindMask(text);
    expect(all).not.toBe(0);
    for (let within = 0; within < 1 << 7; within++) expect(valueKindMask(text, within)).toBe(all & within);
  });

  it("finds in a clause no kind its request lacks (clauses test only the request's kinds)", () => {
    const piece = fc.constantFrom(
      'weather for 2022-04-15',
      'on May 26, 2022',
      'host 193.114.112.1',
      'at 41.5, -72.7',
      'mail bob@example.com',
      'see https://example.com/x',
      'in the 2019 season',
      'book a table for two',
    );
    const joiner = fc.constantFrom(' and ', '. ', '; ', ', as well as ', ' while ');
    fc.assert(
      fc.property(fc.array(fc.tuple(piece, joiner), { minLength: 1, maxLength: 5 }), (parts) => {
        const request = parts.map(([p, j]) => `${p}${j}`).join('');
        const mask = valueKindMask(request);
        for (const clause of splitClauses(request)) {
          expect(valueKindMask(clause) & ~mask).toBe(0);
          expect(valueKindMask(clause, mask)).toBe(valueKindMask(clause));
        }
      }),
    );
  });
});
