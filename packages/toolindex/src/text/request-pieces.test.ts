import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { referenceReduceQuery, referenceRequestPieces } from '../test-fixtures/request-pieces-reference.js';
import { reduceQuery } from './query-reduction.js';
import { HOSTILE_CLAUSE_TEXTS, HOSTILE_SLOT_TEXT } from '../test-fixtures/hostile-text.js';
import { pieceBounds, scanPieceBounds, separatesOnly } from './piece-bounds.js';
import { requestPieces, type RequestPieces } from './request-pieces.js';
import { tokenize, unicodeWords } from './tokenize.js';

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
  expect(pieceBounds(text)).toEqual(scanPieceBounds(text));
  for (const weigh of [weightOf, () => 1])
    expect(canonical(requestPieces(text, weigh))).toEqual(canonical(referenceRequestPieces(text, weigh)));
}

describe('requestPieces', () => {
  it('reads only characters that split words as the Unicode path does as ASCII punctuation', () => {
    const ascii = Array.from({ length: 95 }, (_, i) => String.fromCharCode(32 + i));
    let count = 0;
    for (let code = 0x80; code < 0x3000; code++) {
      if (!separatesOnly(code)) continue;
      count++;
      const c = String.fromCharCode(code);
      expect(c.normalize('NFKC')).toBe(c);
      expect(/[\p{L}\p{N}\p{M}]/u.test(c)).toBe(false);
      for (const a of ascii) {
        expect(`${a}${c}${a}`.normalize('NFKC')).toBe(`${a}${c}${a}`);
        const text = `Ab${a}x${c}Yz${c}${a}1B`;
        expect(unicodeWords(text, [])).toEqual(tokenize(text.replaceAll(c, '-')));
      }
    }
    expect(count).toBeGreaterThan(10);
  });

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
    '“quoted”',
    'a·b',
    '§2—3',
    '«x»→y',
    '5×3€',
    'wait?!',
    '...',
    '\u{1F600}',
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
    '.\t',
    '.\n',
    '',
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
      .tuple(fc.array(word, { minLength: 1, maxLength: 200 }), fc.constantFrom('', '-', '.', '_', '’', '°'))
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
      expectSame(`Email me. ${run.replaceAll('-', '’')} then refund.`);
      expectSame(`Email me. refund${'’'.repeat(length)} then refund.`);
    }
    expectSame(`${'word '.repeat(59)}wordy ${'abc'.repeat(120)}`);
  });

  it('reduces as the greedy pick over every piece did, looking up only the pieces it can pick', () => {
    const long = fc
      .array(fc.tuple(word, gap), { minLength: 150, maxLength: 1_500 })
      .map((parts) => parts.map(([w, g]) => w + g).join(''));
    const options = fc.record(
      {
        budget: fc.constantFrom(100, 300, 400),
        anchors: fc.constantFrom('none' as const, 'first' as const, 'both' as const),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(
        fc.oneof(long, fc.string({ minLength: 1_001, maxLength: 5_000 })),
        options,
        (text, opts) => {
          for (const weigh of [weightOf, () => 1, (t: string) => (t.length > 5 ? 2 : 0)])
            expect(reduceQuery(text, weigh, opts)).toBe(referenceReduceQuery(text, weigh, opts));
        },
      ),
      { numRuns: 150 },
    );
  });
});
