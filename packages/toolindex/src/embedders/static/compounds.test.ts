import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { splitCompound } from './compounds.js';

const vocabulary = new Set([
  'match',
  'schedules',
  'ice',
  'hockey',
  'icehockey',
  'api',
  'get',
  'disclosed',
  'date',
  'range',
  'best',
  'buy',
  'product',
  'data',
  'weather',
  'for',
  'cast',
  'fore',
  'forecast',
]);
const isWord = (w: string) => vocabulary.has(w);

describe('splitCompound', () => {
  it('splits run-together identifiers into the fewest, longest known words', () => {
    expect(splitCompound('matchschedules', isWord)).toEqual(['match', 'schedules']);
    expect(splitCompound('icehockeyapi', isWord)).toEqual(['icehockey', 'api']);
    expect(splitCompound('getdiscloseddaterange', isWord)).toEqual(['get', 'disclosed', 'date', 'range']);
    expect(splitCompound('bestbuyproductdata', isWord)).toEqual(['best', 'buy', 'product', 'data']);
    expect(splitCompound('weatherforecast', isWord)).toEqual(['weather', 'forecast']);
  });

  it('leaves words it cannot split fully, known words, short, long and non-letter words alone', () => {
    expect(splitCompound('matchzzschedules', isWord)).toBeUndefined(); // "zz" is not a word
    expect(splitCompound('forecast', isWord)).toBeUndefined(); // one piece: not a compound
    expect(splitCompound('getapi', isWord)).toEqual(['get', 'api']);
    expect(splitCompound('geta', isWord)).toBeUndefined();
    expect(splitCompound('api'.repeat(14), isWord)).toBeUndefined(); // 42 letters
    expect(splitCompound('match2schedules', isWord)).toBeUndefined();
    expect(splitCompound('MatchSchedules', isWord)).toBeUndefined(); // callers lower-case first
    expect(splitCompound('', isWord)).toBeUndefined();
  });

  it('is total and bounded on arbitrary input', () => {
    const started = Date.now();
    for (let i = 0; i < 1_000; i++) splitCompound('a'.repeat(40), () => true);
    expect(splitCompound('__proto__constructor', isWord)).toBeUndefined();
    expect(Date.now() - started).toBeLessThan(1_000);
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), (word) => {
        const pieces = splitCompound(word, isWord);
        return (
          pieces === undefined || (pieces.length >= 2 && pieces.join('') === word && pieces.every(isWord))
        );
      }),
    );
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...vocabulary), { minLength: 2, maxLength: 5 }), (words) => {
        const word = words.join('');
        const pieces = splitCompound(word, isWord);
        // A run of known words always splits, unless it is itself a word ("fore" + "cast").
        return word.length > 40 || isWord(word) || (pieces !== undefined && pieces.join('') === word);
      }),
      { numRuns: 500 },
    );
  });
});
