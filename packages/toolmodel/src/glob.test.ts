import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  compileGlob,
  compileGlobs,
  explainInvalidGlob,
  GlobPatternError,
  globTokens,
  isGlob,
  MAX_GLOB_LENGTH,
  simulate,
} from './glob.js';

/** Reference semantics: the same glob as a RegExp, safe here because the inputs are tiny. */
function reference(pattern: string, separator?: string): RegExp {
  const sep = separator === undefined ? '' : separator.replace(/[\\\]^-]/g, '\\$&');
  const notSep = separator === undefined ? '[^]' : `[^${sep}]`;
  let re = '';
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    if (c === '*') {
      let run = 0;
      while (pattern[i] === '*') {
        i++;
        run++;
      }
      i--;
      re += run >= 2 && separator !== undefined ? '[^]*' : `${notSep}*`;
    } else if (c === '?') re += notSep;
    else re += c.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  }
  return new RegExp(`^${re}$`);
}

describe('compileGlob', () => {
  it.each([
    ['delete_*', 'delete_file', true],
    ['delete_*', 'undelete_file', false],
    ['*_file', 'delete_file', true],
    ['*lete*', 'delete_file', true],
    ['d?lete', 'delete', true],
    ['d?lete', 'dlete', false],
    ['[a-c]x', 'bx', true],
    ['[a-c]x', 'dx', false],
    ['[!a-c]x', 'dx', true],
    ['[^a-c]x', 'ax', false],
    ['{get,list}_*', 'list_pets', true],
    ['{get,list}_*', 'put_pets', false],
    ['a{b,c{d,e}}f', 'acef', true],
    ['a{b,c{d,e}}f', 'acf', false],
    ['\\*literal', '*literal', true],
    ['\\*literal', 'xliteral', false],
    ['gh:*@1.*', 'gh:create_issue@1.2.0', true],
    ['Delete_*', 'delete_x', false],
  ])('%s against %s → %s', (pattern, value, expected) => {
    expect(compileGlob(pattern)(value)).toBe(expected);
  });

  it('is case-sensitive unless asked otherwise', () => {
    expect(compileGlob('DELETE_*')('delete_file')).toBe(false);
    expect(compileGlob('DELETE_*', { caseInsensitive: true })('delete_File')).toBe(true);
  });

  it('with a separator, * stays within a segment and ** crosses segments', () => {
    const paths = { separator: '/' };
    expect(compileGlob('/pets/*', paths)('/pets/1')).toBe(true);
    expect(compileGlob('/pets/*', paths)('/pets/1/photos')).toBe(false);
    expect(compileGlob('/pets/**', paths)('/pets/1/photos')).toBe(true);
    expect(compileGlob('/*/photos', paths)('/pets/photos')).toBe(true);
    expect(compileGlob('/p?ts/*', paths)('/p/ts/x')).toBe(false);
    expect(compileGlob('/**/photos', paths)('/a/b/c/photos')).toBe(true);
  });

  it('compileGlobs matches when any pattern does', () => {
    const m = compileGlobs(['get_*', 'list_*']);
    expect([m('get_a'), m('list_b'), m('put_c')]).toEqual([true, true, false]);
  });

  it.each([
    ['', 'must not be empty'],
    ['[abc', 'unclosed "["'],
    ['{a,b', 'unclosed "{"'],
    ['a}', 'unbalanced "}"'],
    ['!(x)', 'extglobs are not'],
    ['a|b', '"|" is not supported'],
    ['[z-a]', 'out of order'],
    ['x\\', 'escapes nothing'],
    ['{a,b}{c,d}{e,f}{g,h}{i,j}{k,l}{m,n}{o,p}{q,r}', 'more than 256 alternatives'],
    ['a'.repeat(MAX_GLOB_LENGTH + 1), `at most ${MAX_GLOB_LENGTH}`],
  ])('rejects %j with a reason', (pattern, reason) => {
    expect(explainInvalidGlob(pattern)).toContain(reason);
    expect(() => compileGlob(pattern)).toThrow(GlobPatternError);
    try {
      compileGlob(pattern);
    } catch (error) {
      expect(GlobPatternError.isInstance(error)).toBe(true);
      expect((error as GlobPatternError).code).toBe('INVALID_GLOB');
    }
  });

  it('rejects non-strings with a typed error', () => {
    expect(explainInvalidGlob(42)).toBe('a pattern must be a string');
    expect(() => compileGlob(null as unknown as string)).toThrow(GlobPatternError);
  });

  it('isGlob sees wildcards, classes and groups, not escaped ones', () => {
    expect([isGlob('a*'), isGlob('a?'), isGlob('[a]'), isGlob('{a}'), isGlob('a\\*'), isGlob('abc')]).toEqual(
      [true, true, true, true, false, false],
    );
  });

  const alphabet = fc.constantFrom('a', 'b', '_', '/');
  const patternChar = fc.constantFrom('a', 'b', '_', '/', '*', '?');
  it('agrees with the RegExp reference on small random patterns and values', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: patternChar, minLength: 1, maxLength: 8 }),
        fc.string({ unit: alphabet, maxLength: 10 }),
        fc.boolean(),
        (pattern, value, paths) => {
          const separator = paths ? '/' : undefined;
          expect(compileGlob(pattern, { separator })(value)).toBe(reference(pattern, separator).test(value));
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('does bounded work on adversarial patterns: at most (tokens + 1) × (length + 1) steps', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 40 }),
        fc.integer({ min: 16, max: 128 }),
        fc.boolean(),
        (stars, length, paths) => {
          const pattern = `${'*a'.repeat(stars)}*b`;
          const value = 'a'.repeat(length);
          const separator = paths ? '/' : undefined;
          const [tokens] = globTokens(pattern, { separator });
          const steps = { count: 0 };
          expect(simulate(tokens!, value, separator, steps)).toBe(false);
          expect(steps.count).toBeLessThanOrEqual((tokens!.length + 1) * (value.length + 1));
          expect(compileGlob(pattern, { separator })(value)).toBe(false);
        },
      ),
      { numRuns: 200 },
    );
  });
});
