import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { HOSTILE_CLAUSE_TEXTS } from '../test-fixtures/hostile-text.js';
import { asideTerms } from './asides.js';
import { tokenize } from './tokenize.js';

const IDF = new Map([
  ['refund', 3],
  ['payment', 2],
  ['custom', 1.5],
  ['look', 2],
  ['email', 3],
]);
const weightOf = (token: string) => IDF.get(token);
const UNSEEN = 4;

describe('asideTerms', () => {
  it('sets apart the terms of sentences the catalogue barely knows', () => {
    const asides = asideTerms(
      'Refund the customer for payment 123. The garden looked lovely after the spring rain.',
      weightOf,
      UNSEEN,
    );
    expect([...asides].sort()).toEqual(['garden', 'look', 'love', 'rain', 'spring']);
  });

  it('keeps a term that a request sentence also uses', () => {
    const asides = asideTerms('Refund payment 7 and look it up. Garden lovely look rain.', weightOf, UNSEEN);
    expect(asides.has('look')).toBe(false);
    expect(asides.has('garden')).toBe(true);
  });

  it('finds none in a single sentence, or when the rest names fewer than two catalogue terms', () => {
    expect(asideTerms("What's the weather like in Paris tomorrow?", weightOf, UNSEEN).size).toBe(0);
    expect(asideTerms("What's the weather like in Paris? Please look it up.", weightOf, UNSEEN).size).toBe(0);
    expect(asideTerms('Weather in Paris? Thanks a lot!', weightOf, UNSEEN).size).toBe(0);
  });

  it('returns only tokens of the text, for any text, hostile ones included', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string({ maxLength: 400 }), fc.constantFrom(...HOSTILE_CLAUSE_TEXTS)),
        (text) => {
          const asides = asideTerms(text, weightOf, UNSEEN);
          const tokens = new Set(tokenize(text));
          for (const term of asides) expect(tokens.has(term)).toBe(true);
        },
      ),
      { numRuns: 200 },
    );
  });
});
