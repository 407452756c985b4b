import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { referenceRequestPieces } from '../test-fixtures/request-pieces-reference.js';
import { HOSTILE_CLAUSE_TEXTS, HOSTILE_SLOT_TEXT } from '../test-fixtures/hostile-text.js';
import { requestPieces, type RequestPieces } from './request-pieces.js';

/** A weight for every token: some weigh nothing, as words no tool uses do. */
function weightOf(token: string): number {
  let h = 7;
  for (let i = 0; i < token.length; i++) h = (h * 31 + token.charCodeAt(i)) % 1009;
  return h % 3 === 0 ? 0 : 1 + (h % 7);
}

/** Pieces with their terms as weights and first-seen numbers: term ids are identities, not values. */
function canonical(pieces: RequestPieces) {
  const numbers = new Map<number, number>();
  return pieces.starts.map((start, i) => {
    const terms: [number, number][] = [];
    for (let k = pieces.from[i]!; k < pieces.from[i + 1]!; k++) {
      const id = pieces.terms[k]!;
      if (!numbers.has(id)) numbers.set(id, numbers.size);
      terms.push([numbers.get(id)!, pieces.weights[id]!]);
    }
    return { start, end: pieces.ends[i], terms };
  });
}

function expectSame(text: string) {
  expect(canonical(requestPieces(text, weightOf))).toEqual(canonical(referenceRequestPieces(text, weightOf)));
}

describe('requestPieces', () => {
  const word = fc.constantFrom(
    'refund',
    'Payment',
    'getHTTPResponse',
    'ABCdef',
    'v1B',
    'the',
    'email',
    'x'.repeat(45),
    'send_email',
    'Café',
    '25°C',
    'it’s',
    '海久水瓶',
    '\u0301b',
    'ＡＰＩ',
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
    ', ',
    '.',
    '-',
    '  ',
    '\u00a0',
  );

  it('cuts and lists as the scan that buffered each run did (prose, camelCase, non-ASCII, long sentences)', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(word, gap), { maxLength: 400 }), (parts) => {
        expectSame(parts.map(([w, g]) => w + g).join(''));
      }),
      { numRuns: 300 },
    );
  });

  it('agrees on unspaced runs longer than a piece, on arbitrary strings and on hostile texts', () => {
    const unspaced = fc
      .tuple(fc.array(word, { minLength: 1, maxLength: 200 }), fc.constantFrom('', '-', '.', '_'))
      .map(([words, glue]) => words.join(glue));
    fc.assert(
      fc.property(
        fc.oneof(
          unspaced,
          fc.string({ maxLength: 2_000 }),
          fc.string({ maxLength: 2_000, unit: 'grapheme' }),
          fc.string({ maxLength: 2_000, unit: 'binary' }),
        ),
        (text) => expectSame(text),
      ),
      { numRuns: 200 },
    );
    for (const text of [HOSTILE_SLOT_TEXT, ...HOSTILE_CLAUSE_TEXTS]) expectSame(text);
    expectSame(`${'a'.repeat(299)} b`);
    // Runs that start a piece and end just past its bound, word by word.
    for (let length = 290; length <= 350; length++) {
      const run = 'refund-Payment-'.repeat(30).slice(0, length);
      expectSame(`Email me. ${run} then refund.`);
      expectSame(`Email me ${run.slice(0, length - 200)} then ${run}`);
    }
    expectSame(`${'word '.repeat(59)}wordy ${'abc'.repeat(120)}`);
  });
});
