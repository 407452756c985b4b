import fc from 'fast-check';
import { HOSTILE_CLAUSE_TEXTS } from '../test-fixtures/hostile-text.js';
import { describe, expect, it } from 'vitest';
import { splitClauses } from './clauses.js';

describe('splitClauses', () => {
  it('splits a request at sentence ends, semicolons and connectives', () => {
    expect(
      splitClauses(
        'I need the game schedules for Paris on November 28 and I want the weather forecast there. Also book a table.',
      ),
    ).toEqual([
      'I need the game schedules for Paris on November 28',
      'I want the weather forecast there.',
      'book a table.',
    ]);
    expect(splitClauses('list the open invoices; send a reminder to each customer')).toEqual([
      'list the open invoices',
      'send a reminder to each customer',
    ]);
    expect(splitClauses('Track my parcel while playing some bingo card games')).toEqual([
      'Track my parcel',
      'playing some bingo card games',
    ]);
  });

  it('returns nothing for a single clause, and drops fragments under three words', () => {
    expect(splitClauses('weather forecast for Paris tomorrow')).toEqual([]);
    expect(splitClauses('salt and pepper recipes for dinner')).toEqual([]); // "salt" alone is not a clause
    expect(splitClauses('')).toEqual([]);
  });

  it('bounds the clause count and the text it reads', () => {
    const many = Array.from({ length: 50 }, (_, i) => `fetch the report number ${i}`).join(' and ');
    expect(splitClauses(many)).toHaveLength(4);
    expect(splitClauses(many, { max: 3 })).toHaveLength(3);
    expect(splitClauses(many, { maxChars: 60 }).length).toBeLessThanOrEqual(2);
  });

  it('is total on hostile text (its speed is timed in bench/hostile-text.ts)', () => {
    for (const text of HOSTILE_CLAUSE_TEXTS) expect(splitClauses(text).length).toBeLessThanOrEqual(4);
    expect(splitClauses('__proto__ and constructor and toString and hasOwnProperty')).toEqual([]);
    fc.assert(
      fc.property(fc.string({ maxLength: 400 }), (text) => {
        const clauses = splitClauses(text);
        return (
          clauses.length !== 1 &&
          clauses.length <= 4 &&
          clauses.every((c) => c.length > 0 && text.includes(c) && c.split(/\s+/u).length >= 3)
        );
      }),
    );
  });
});
