import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { parseToolsetConfig } from './config.js';
import { interpolate } from './env-interpolate.js';
import { ToolsetConfigError } from './errors.js';

const ident = fc.stringMatching(/^[a-z][a-z0-9-]{0,10}$/);
const nsPattern = fc.stringMatching(/^mcp\.[a-z]{1,6}(\*)?$/);
const entry = fc.record(
  {
    id: ident,
    name: fc.string({ maxLength: 20 }).filter((s) => !s.includes('$')),
    namespace: fc.array(nsPattern, { maxLength: 3 }),
    tagsAny: fc.array(ident, { maxLength: 3 }),
    exclude: fc.array(ident, { maxLength: 3 }),
    annotations: fc.record({ readOnlyHint: fc.boolean() }, { requiredKeys: [] }),
    mode: fc.constantFrom('snapshot' as const, 'live' as const),
  },
  { requiredKeys: ['id'] },
);
const config = fc
  .uniqueArray(entry, { selector: (e) => e.id, maxLength: 5 })
  .map((toolsets) => ({ version: 1 as const, toolsets }));

describe('config parser properties', () => {
  it('valid configs round-trip through YAML and JSON text', () => {
    fc.assert(
      fc.property(config, (c) => {
        const fromYaml = parseToolsetConfig(stringify(c), { env: {} });
        const fromJson = parseToolsetConfig(JSON.stringify(c), { env: {}, format: 'json' });
        expect(fromYaml.toolsets).toEqual(c.toolsets);
        expect(fromJson.toolsets).toEqual(c.toolsets);
      }),
      { numRuns: 150 },
    );
  });

  it('any text either parses or fails with ToolsetConfigError (never another error)', () => {
    const text = fc.oneof(
      fc.string({ maxLength: 200 }),
      fc.json({ maxDepth: 4 }),
      config.map((c) => stringify(c).replace(/[a-z]/, '[')),
      config.map((c) => JSON.stringify(c).slice(0, -3)),
    );
    fc.assert(
      fc.property(text, fc.boolean(), (t, json) => {
        try {
          parseToolsetConfig(t, { env: {}, format: json ? 'json' : 'yaml' });
        } catch (e) {
          expect(ToolsetConfigError.isInstance(e)).toBe(true);
          for (const i of (e as ToolsetConfigError).issues)
            expect(i.pointer === '' || i.pointer.startsWith('/')).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe('interpolation properties', () => {
  const literal = fc.string({ maxLength: 10 }).filter((s) => !s.includes('$'));
  const name = fc.stringMatching(/^[A-Z_][A-Z0-9_]{0,6}$/);

  it('text without "$" is unchanged; references expand to their values', () => {
    fc.assert(
      fc.property(literal, (s) => {
        expect(interpolate(s, {})).toEqual({ ok: true, value: s });
      }),
    );
    fc.assert(
      fc.property(
        fc.array(fc.tuple(literal, name, literal), { maxLength: 4 }),
        fc.dictionary(name, literal),
        (parts, env) => {
          const text = parts.map(([a, n]) => `${a}\${${n}:-fallback}`).join('');
          const expected = parts
            .map(([a, n]) => a + (env[n] !== undefined && env[n] !== '' ? env[n] : 'fallback'))
            .join('');
          expect(interpolate(text, env)).toEqual({ ok: true, value: expected });
        },
      ),
    );
  });

  it('never throws, whatever the text', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 60, unit: fc.constantFrom('$', '{', '}', ':', '-', 'A', 'b', '_', ' ') }),
        (s) => {
          const r = interpolate(s, { A: 'x' });
          expect(typeof r.ok).toBe('boolean');
        },
      ),
      { numRuns: 500 },
    );
  });
});
