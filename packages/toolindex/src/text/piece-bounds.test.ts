import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_PIECE_CHARS, pieceBounds, scanPieceBounds } from './piece-bounds.js';

// Prose, camelCase, arbitrary strings and hostile texts are compared in request-pieces.test.ts; these texts are
// dense in what ends a piece, and put stretches without one just under and just over a piece's length.
function expectSame(text: string): void {
  expect(pieceBounds(text)).toEqual(scanPieceBounds(text));
}

describe('pieceBounds', () => {
  it('finds the bounds the character-by-character scan finds where piece ends crowd together', () => {
    const char = fc.constantFrom('a', 'B', ' ', '.', '?', ';', '\n', '\r', '!', 'é', '’', '\t', '\u{1F600}');
    fc.assert(
      fc.property(fc.array(char, { maxLength: 1_500 }), (chars) => {
        expectSame(chars.join(''));
      }),
      { numRuns: 300 },
    );
  });

  it('cuts stretches of every length around a piece as the scan does', () => {
    for (let length = MAX_PIECE_CHARS - 5; length <= MAX_PIECE_CHARS + 5; length++) {
      for (const filler of ['a', 'a ', ' a', 'é', '°', 'ab cd. ', 'x\u{1F600}']) {
        const stretch = filler.repeat(length).slice(0, length);
        expectSame(stretch);
        expectSame(`Hi. ${stretch}. Bye`);
        expectSame(`Hi;${stretch}\n`);
      }
    }
  });
});
