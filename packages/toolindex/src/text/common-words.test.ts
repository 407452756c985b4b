import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { commonWordWeight, DEFAULT_COMMON_WORD_SMOOTHING, englishFrequency } from './common-words.js';
import { tokenize } from './tokenize.js';

describe('commonWordWeight', () => {
  const a = DEFAULT_COMMON_WORD_SMOOTHING;

  it('down-weights everyday words and keeps tool words at full weight', () => {
    const [report] = tokenize('report');
    const [planning] = tokenize('planning');
    expect(commonWordWeight(report!, a)).toBeLessThan(0.9);
    expect(commonWordWeight(planning!, a)).toBeLessThan(0.95);
    for (const word of ['geocode', 'iata', 'nutrition', 'cryptocurrency'])
      expect(commonWordWeight(tokenize(word)[0]!, a)).toBeGreaterThan(0.98);
  });

  it('orders words by how common they are', () => {
    const weight = (w: string) => commonWordWeight(tokenize(w)[0]!, a);
    expect(weight('good')).toBeLessThan(weight('weather'));
    expect(weight('weather')).toBeLessThan(weight('forecast'));
  });

  it('is 1 for unknown tokens and when turned off', () => {
    expect(commonWordWeight('zzqx', a)).toBe(1);
    expect(commonWordWeight('report', 0)).toBe(1);
    expect(commonWordWeight('report', Number.NaN)).toBe(1);
  });

  it('stays in (0, 1] for any token, including prototype keys and hostile strings', () => {
    for (const key of ['__proto__', 'constructor', 'toString', 'hasOwnProperty', '', ' ', '\n'])
      expect(englishFrequency(key)).toBe(0);
    fc.assert(
      fc.property(fc.string({ maxLength: 50 }), fc.double({ min: 1e-9, max: 1, noNaN: true }), (token, s) => {
        const w = commonWordWeight(token, s);
        return w > 0 && w <= 1;
      }),
    );
  });
});
