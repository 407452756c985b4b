import { inspectJson } from '@toolarsenal/toolmodel';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { appendTagLines, formatTag, parseDescriptionTags } from './description-tags.js';

describe('description tags', () => {
  it('appends tags after a blank line and parses them back', () => {
    const d = appendTagLines('Page size.', ['@minimum 1', '@maximum 100']);
    expect(d).toBe('Page size.\n\n@minimum 1\n@maximum 100');
    const parsed = parseDescriptionTags(d!);
    expect(parsed.description).toBe('Page size.');
    expect(Object.fromEntries(parsed.tags)).toEqual({ minimum: 1, maximum: 100 });
  });

  it('handles a description made only of tags, and the bare @optional mark', () => {
    const d = appendTagLines(undefined, ['@optional', '@pattern "^a+$"']);
    const parsed = parseDescriptionTags(d!);
    expect(parsed.description).toBeUndefined();
    expect(parsed.tags.get('optional')).toBe(true);
    expect(parsed.tags.get('pattern')).toBe('^a+$');
  });

  it('leaves JSDoc-like text alone (unknown keywords or non-JSON values)', () => {
    for (const text of [
      'Search.\n\n@param query the text',
      'Do it.\n\n@returns stuff',
      'x\n\n@minimum one',
    ]) {
      const parsed = parseDescriptionTags(text);
      expect(parsed.tags.size).toBe(0);
      expect(parsed.description).toBe(text);
    }
  });

  it('refuses values with forbidden keys', () => {
    expect(parseDescriptionTags('x\n\n@default {"__proto__":{"a":1}}').tags.size).toBe(0);
  });

  it('drops values too large to carry', () => {
    expect(
      formatTag(
        'enum',
        Array.from({ length: 2000 }, (_, i) => i),
      ),
    ).toBeUndefined();
  });

  it('round-trips any description and JSON values (property)', () => {
    const value = fc.jsonValue({ maxDepth: 2 });
    fc.assert(
      fc.property(fc.option(fc.string({ maxLength: 50 }), { nil: undefined }), value, value, (desc, a, b) => {
        // A description that itself ends in tag lines is ambiguous by design; skip those.
        fc.pre(desc === undefined || parseDescriptionTags(desc).tags.size === 0);
        // Values with prototype-polluting keys are refused by design (tested above).
        fc.pre(inspectJson(a).length === 0 && inspectJson(b).length === 0);
        const lines = [formatTag('minimum', a), formatTag('default', b)].filter((l): l is string => !!l);
        fc.pre(lines.length === 2);
        const parsed = parseDescriptionTags(appendTagLines(desc, lines)!);
        expect(parsed.description).toBe(desc);
        expect(parsed.tags.get('minimum')).toEqual(JSON.parse(JSON.stringify(a)));
        expect(parsed.tags.get('default')).toEqual(JSON.parse(JSON.stringify(b)));
      }),
      { numRuns: 500 },
    );
  });
});
