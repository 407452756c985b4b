import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { InvalidArgumentError } from './errors.js';
import { invalidPatternReason } from './regex-check.js';
import { toUnicodePattern } from './unicode-pattern.js';

describe('toUnicodePattern', () => {
  it('keeps patterns that already compile in unicode mode', () => {
    expect(toUnicodePattern('^[a-z]{2,3}$')).toBe('^[a-z]{2,3}$');
    expect(toUnicodePattern('^\\p{L}+$')).toBe('^\\p{L}+$');
    expect(toUnicodePattern('^[^\\w-]x{1,}$')).toBe('^[^\\w-]x{1,}$');
  });

  it("rewrites DigitalOcean's tag pattern and other legacy-only forms to the same meaning", () => {
    const cases: Array<[string, string]> = [
      ['^[a-zA-Z0-9_\\-\\:]+$', '^[a-zA-Z0-9_\\-:]+$'],
      ['^[\\w-.]+$', '^[\\w\\-.]+$'],
      ['^[.-\\d]$', '^[.\\-\\d]$'],
      ['a\\-b\\@c\\e', 'a-b@ce'],
      ['^x{$', '^x\\{$'],
      ['a}]', 'a\\}\\]'],
    ];
    for (const [legacy, unicode] of cases) {
      expect(invalidPatternReason(legacy)).toBeDefined();
      expect(toUnicodePattern(legacy)).toBe(unicode);
    }
    expect(new RegExp(toUnicodePattern('^[a-zA-Z0-9_\\-\\:]+$')!, 'u').test('env:prod-1')).toBe(true);
  });

  it('gives up on patterns invalid in both modes or that cannot be rewritten safely', () => {
    expect(toUnicodePattern('([')).toBeUndefined();
    expect(toUnicodePattern('\\1(a)\\08')).toBeUndefined();
    expect(toUnicodePattern('\\')).toBeUndefined();
    expect(() => toUnicodePattern(null as never)).toThrow(InvalidArgumentError);
  });

  it('never changes what a pattern matches (property)', () => {
    const piece = fc.constantFrom(
      'a',
      '-',
      '\\-',
      '\\:',
      '\\w',
      '\\d',
      '[',
      ']',
      '{',
      '}',
      '{2}',
      '^',
      '$',
      '.',
      '_',
      '\\@',
      '\\e',
      '\\z',
    );
    fc.assert(
      fc.property(
        fc.array(piece, { maxLength: 8 }),
        fc.array(fc.string({ maxLength: 4 }), { maxLength: 6 }),
        (parts, inputs) => {
          const legacy = parts.join('');
          const unicode = toUnicodePattern(legacy);
          if (unicode === undefined) return;
          expect(invalidPatternReason(unicode)).toBeUndefined();
          const before = new RegExp(legacy);
          const after = new RegExp(unicode, 'u');
          for (const input of [...inputs, 'a-b', 'x:y', '{}', ']', '_@'])
            expect(after.test(input)).toBe(before.test(input));
        },
      ),
      { numRuns: 500 },
    );
  });
});
