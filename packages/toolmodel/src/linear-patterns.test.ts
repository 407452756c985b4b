import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createAjv, translatePattern } from './ajv.js';
import { createArgumentValidator, validateArguments } from './argument-validator.js';
import { defineTool } from './define-tool.js';

const withPattern = (pattern: string) =>
  defineTool({
    name: 'pick',
    inputSchema: { type: 'object', properties: { value: { type: 'string', pattern } } },
  });

describe('schema patterns run on a linear-time engine', () => {
  it('a catastrophic pattern from an untrusted schema answers at once (issue #14)', () => {
    // With a backtracking RegExp this doubles per character: 30 characters took 13 s.
    // A linear engine answers a 100,000-character argument within the default test timeout.
    const tool = withPattern('^(a+)+$');
    const long = `${'a'.repeat(100_000)}!`;
    expect(validateArguments(tool, { value: long })).toMatchObject({ valid: false });
    expect(validateArguments(tool, { value: 'aaaa' })).toEqual({ valid: true, errors: [] });
    const nested = withPattern('^((a|aa)+|b)*c$');
    expect(validateArguments(nested, { value: 'a'.repeat(50_000) }).valid).toBe(false);
  });

  it('patternProperties and propertyNames use the same engine', () => {
    const tool = defineTool({
      name: 'maps',
      inputSchema: {
        type: 'object',
        patternProperties: { '^(x+)+$': { type: 'number' } },
        propertyNames: { pattern: '^(x+)+y?$' },
      },
    });
    const v = createArgumentValidator();
    expect(v.validateInput(tool, { [`${'x'.repeat(50_000)}`]: 1 }).valid).toBe(true);
    expect(v.validateInput(tool, { [`${'x'.repeat(50_000)}!`]: 1 }).valid).toBe(false);
  });

  it('keeps JavaScript pattern syntax schemas use: \\u escapes, surrogate pairs, [^], \\/', () => {
    const cases: Array<[string, string, boolean]> = [
      ['^[\\u4e00-\\u9fa5]+$', '中文', true],
      ['^[\\u4e00-\\u9fa5]+$', 'abc', false],
      ['^\\u{1F600}$', '😀', true],
      ['^\\uD83D\\uDE00$', '😀', true],
      ['^[^]{2}$', 'a\n', true],
      ['^\\/api\\/v\\d+$', '/api/v2', true],
      ['^\\d{4}-\\d{2}-\\d{2}$', '2026-01-31', true],
      ['colou?r', 'the colour red', true],
      ['^[\\w.+-]+@[\\w-]+\\.[\\w.]+$', 'a.b+c@example.org', true],
      ['\\\\u0041', '\\u0041', true],
    ];
    for (const [pattern, value, expected] of cases) {
      expect({ pattern, value, valid: validateArguments(withPattern(pattern), { value }).valid }).toEqual({
        pattern,
        value,
        valid: expected,
      });
    }
  });

  it('agrees with the native RegExp on safe patterns (property)', () => {
    const atom = fc.constantFrom('a', 'b', '\\d', '[a-c]', '.', '[^b]', '(a|b)', '(ab)');
    const quant = fc.constantFrom('', '*', '+', '?', '{1,3}');
    const pattern = fc.array(fc.tuple(atom, quant), { minLength: 1, maxLength: 5 }).chain((parts) =>
      fc.tuple(fc.boolean(), fc.boolean()).map(([start, end]) => {
        const body = parts.map(([a, q]) => a + q).join('');
        return `${start ? '^' : ''}${body}${end ? '$' : ''}`;
      }),
    );
    const value = fc.string({ unit: fc.constantFrom('a', 'b', 'c', '1', '\n'), maxLength: 12 });
    fc.assert(
      fc.property(pattern, value, (p, s) => {
        expect(validateArguments(withPattern(p), { value: s }).valid).toBe(new RegExp(p, 'u').test(s));
      }),
      { numRuns: 400 },
    );
  });

  it('patterns the linear engine cannot run (lookaround, backreferences) fail to compile with a clear error', () => {
    const v = createArgumentValidator();
    for (const pattern of ['^(?=.*[A-Z]).{8,}$', '^(a)\\1$']) {
      expect(() => v.validateInput(withPattern(pattern), { value: 'x' })).toThrow(
        /SCHEMA_COMPILE_FAILED|could not compile schema/,
      );
      expect(() => v.validateInput(withPattern(pattern), { value: 'x' })).toThrow(/linear-time/);
    }
  });

  it('createAjv uses the linear engine by default and lets callers override it', () => {
    const ajv = createAjv();
    expect(ajv.opts.code.regExp.code).toContain('linear');
    expect(ajv.validate({ type: 'string', pattern: '^(a+)+$' }, `${'a'.repeat(100_000)}!`)).toBe(false);
  });

  it('translatePattern rewrites only real escapes', () => {
    expect(translatePattern('\\u0041\\\\u0041[^]\\[^]')).toBe('\\x{0041}\\\\u0041[\\s\\S]\\[^]');
    expect(translatePattern('[\\u0041-\\u005A]')).toBe('[\\x{0041}-\\x{005A}]');
  });
});
