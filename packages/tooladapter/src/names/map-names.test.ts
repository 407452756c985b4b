import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mapName, mapNames, sanitizeName } from './map-names.js';
import {
  ANTHROPIC_NAME_RULE,
  GEMINI_NAME_RULE,
  MCP_NAME_RULE,
  OPENAI_NAME_RULE,
  PORTABLE_NAME_RULE,
} from './name-rules.js';

describe('mapName', () => {
  it('keeps valid, free names', () => {
    expect(mapName('get_weather', OPENAI_NAME_RULE, new Set())).toBe('get_weather');
    expect(mapName('github.search', MCP_NAME_RULE, new Set())).toBe('github.search');
  });

  it('replaces dots for OpenAI and keeps them for Gemini', () => {
    expect(mapName('github.search', OPENAI_NAME_RULE, new Set())).toBe('github_search');
    expect(mapName('github.search', GEMINI_NAME_RULE, new Set())).toBe('github.search');
  });

  it('fixes a first character Gemini does not accept', () => {
    expect(sanitizeName('1password', GEMINI_NAME_RULE)).toBe('_1password');
    expect(GEMINI_NAME_RULE.pattern.test(mapName('9lives', GEMINI_NAME_RULE, new Set()))).toBe(true);
  });

  it('shortens long names with a hash of the original', () => {
    const long = `a${'b'.repeat(100)}`;
    const mapped = mapName(long, OPENAI_NAME_RULE, new Set());
    expect(mapped).toHaveLength(64);
    expect(mapped).toMatch(/_[0-9a-f]{8}$/);
    expect(mapName(long, OPENAI_NAME_RULE, new Set())).toBe(mapped);
  });

  it('resolves clashes after sanitising without renaming the valid name (issue 15)', () => {
    for (const order of [
      ['a.b', 'a_b'],
      ['a_b', 'a.b'],
    ]) {
      const { names, map } = mapNames(
        order.map((name) => ({ id: `${name}@1.0.0`, name })),
        OPENAI_NAME_RULE,
      );
      const of = (name: string) => names[order.indexOf(name)]!;
      expect(of('a_b')).toBe('a_b');
      expect(of('a.b')).toMatch(/^a_b_[0-9a-f]{8}$/);
      expect(map.fromTarget[of('a.b')]).toBe('a.b@1.0.0');
    }
  });

  it('respects a name length limit below the pattern (an option) for valid names too', () => {
    const rule = { ...OPENAI_NAME_RULE, maxLength: 8 };
    expect(mapName('short', rule, new Set())).toBe('short');
    expect(mapName('much_longer_name', rule, new Set())).toHaveLength(8);
  });

  it('refuses malformed requests with a typed error', () => {
    expect(() => mapNames(null as never, OPENAI_NAME_RULE)).toThrow(/requests must be/);
    expect(() => mapNames([{ id: 'x' }] as never, OPENAI_NAME_RULE)).toThrow(/requests\[0\]/);
    expect(() => mapName(42 as never, OPENAI_NAME_RULE, new Set())).toThrow(/name must be a string/);
  });

  it('PORTABLE_NAME_RULE names pass every provider rule', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), fc.string({ maxLength: 200 }), (a, b) => {
        const name = mapName(a, PORTABLE_NAME_RULE, new Set([b]));
        for (const rule of [OPENAI_NAME_RULE, ANTHROPIC_NAME_RULE, GEMINI_NAME_RULE, MCP_NAME_RULE])
          expect(rule.pattern.test(name), name).toBe(true);
        expect(name).not.toBe(b);
      }),
    );
    expect(mapName('1password', PORTABLE_NAME_RULE, new Set())).toBe('_1password');
    expect(mapName('github.search', PORTABLE_NAME_RULE, new Set())).toBe('github_search');
  });

  it('never uses reserved names', () => {
    expect(mapName('x', OPENAI_NAME_RULE, new Set(['x']))).not.toBe('x');
  });

  it('maps any list of names to valid, unique, reversible target names (property)', () => {
    const nameArb = fc.stringMatching(/^[A-Za-z0-9_.-]{1,128}$/);
    fc.assert(
      fc.property(fc.array(nameArb, { maxLength: 30 }), (raw) => {
        const requests = raw.map((name, i) => ({ id: `t${i}`, name }));
        for (const rule of [OPENAI_NAME_RULE, GEMINI_NAME_RULE, MCP_NAME_RULE, PORTABLE_NAME_RULE]) {
          const { names, map } = mapNames(requests, rule);
          expect(new Set(names).size).toBe(names.length);
          names.forEach((n, i) => {
            expect(rule.pattern.test(n)).toBe(true);
            expect(map.fromTarget[n]).toBe(`t${i}`);
            expect(map.toTarget[`t${i}`]).toBe(n);
          });
        }
      }),
    );
  });
});
