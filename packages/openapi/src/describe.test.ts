import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { describeOperation, htmlToText } from './describe.js';

describe('htmlToText', () => {
  it('turns HTML into readable text and keeps Markdown', () => {
    const html =
      '<p>Returns a <b>pet</b>.<br/>See <a href="https://example.com/docs">the docs</a> &amp; <code>petId</code>.</p><ul><li>one</li><li>two</li></ul>';
    expect(htmlToText(html)).toBe(
      'Returns a **pet**.\nSee [the docs](https://example.com/docs) & `petId`.\n\n- one\n- two',
    );
    expect(htmlToText('Use **bold** and `code`\n\n\n\nhere')).toBe('Use **bold** and `code`\n\nhere');
    expect(htmlToText('a &lt; b &#x263A; &#9731; &bogus;')).toBe('a < b ☺ ☃ &bogus;');
    expect(htmlToText('<script>alert(1)</script>safe')).toBe('safe');
  });

  it('never leaves a tag behind and never throws (property)', () => {
    const tag = fc.constantFrom(
      '<p>',
      '</p>',
      '<br>',
      '<b>',
      '</b>',
      '<div class="x">',
      '<li>',
      '<span>',
      '</a>',
    );
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            tag,
            fc.string({ maxLength: 10 }).map((s) => s.replace(/[<>]/g, '')),
          ),
          { maxLength: 30 },
        ),
        (parts) => {
          const out = htmlToText(parts.join(''));
          expect(out).not.toMatch(/<\/?[A-Za-z][^>]*>/);
          expect(out).toBe(out.trim());
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('describeOperation', () => {
  it('combines summary and description, with the summary as title', () => {
    expect(describeOperation('Find pet', 'Returns a single pet', 'GET /pet')).toEqual({
      title: 'Find pet',
      description: 'Find pet\n\nReturns a single pet',
    });
    expect(describeOperation(undefined, '  Only a description  ', 'GET /x')).toEqual({
      description: 'Only a description',
    });
    expect(describeOperation(undefined, undefined, 'GET /x')).toEqual({ description: 'GET /x' });
    expect(describeOperation('Same', 'Same text follows', 'GET /x').description).toBe('Same text follows');
  });
});
