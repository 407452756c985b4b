import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { HOSTILE_CLAUSE_TEXTS, HOSTILE_SLOT_TEXT } from '../test-fixtures/hostile-text.js';
import { MAX_PIECE_CHARS, pieceBounds, scanPieceBounds } from './piece-bounds.js';

function expectSame(text: string): void {
  expect(pieceBounds(text)).toEqual(scanPieceBounds(text));
}

describe('pieceBounds', () => {
  const word = fc.constantFrom(
    'refund',
    'Payment.',
    'getHTTPResponse',
    'x'.repeat(45),
    'Café',
    '25°C',
    'it’s',
    '海久水瓶',
    '\u{1F600}',
    '“quoted”',
    '§2—3',
    'a.b',
    'wait?!',
    '...',
  );
  const gap = fc.constantFrom(
    ' ',
    '. ',
    '! ',
    '? ',
    '\n',
    '\r\n',
    '; ',
    ';',
    '\t',
    '.\t',
    '.\n',
    ', ',
    '  ',
    '\u00a0',
    '',
  );

  it('cuts between hard ends as the character-by-character scan does (prose, sentences past a piece, non-ASCII)', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(word, gap), { maxLength: 600 }), (parts) => {
        expectSame(parts.map(([w, g]) => w + g).join(''));
      }),
      { numRuns: 300 },
    );
  });

  it('agrees on arbitrary strings, hostile texts and stretches of every length around a piece', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ maxLength: 2_000 }),
          fc.string({ maxLength: 2_000, unit: 'grapheme' }),
          fc.string({ maxLength: 2_000, unit: 'binary' }),
          fc
            .array(fc.constantFrom('a', ' ', '.', ';', '\n', '!', 'é', '’', '\t'), { maxLength: 1_500 })
            .map((cs) => cs.join('')),
        ),
        (text) => {
          expectSame(text);
        },
      ),
      { numRuns: 300 },
    );
    for (const text of [HOSTILE_SLOT_TEXT, ...HOSTILE_CLAUSE_TEXTS]) expectSame(text);
    for (let length = MAX_PIECE_CHARS - 5; length <= MAX_PIECE_CHARS + 5; length++) {
      for (const filler of ['a', 'a ', ' a', 'é', '°', 'ab cd. ']) {
        const stretch = filler.repeat(length).slice(0, length);
        expectSame(stretch);
        expectSame(`Hi. ${stretch}. Bye`);
        expectSame(`Hi;${stretch}\n`);
      }
    }
  });
});
