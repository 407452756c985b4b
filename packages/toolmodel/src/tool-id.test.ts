import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ToolIdError } from './errors.js';
import { formatToolId, parseToolId, tryParseToolId } from './tool-id.js';

const nameArb = fc.stringMatching(/^[A-Za-z0-9_.-]{1,128}$/);
const segment = fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9_-]{0,10}$/);
const namespaceArb = fc.array(segment, { minLength: 1, maxLength: 4 }).map((s) => s.join('.'));
const versionArb = fc
  .tuple(
    fc.nat(999),
    fc.nat(999),
    fc.nat(999),
    fc.option(fc.stringMatching(/^[a-z]+(\.[1-9][0-9]{0,2})?$/), { nil: undefined }),
  )
  .map(([a, b, c, pre]) => `${a}.${b}.${c}${pre ? `-${pre}` : ''}`);

describe('tool ids', () => {
  it('format → parse round-trips exactly (property)', () => {
    fc.assert(
      fc.property(
        fc.record(
          { namespace: namespaceArb, name: nameArb, version: versionArb },
          { requiredKeys: ['name'] },
        ),
        (parts) => {
          const id = formatToolId(parts);
          expect(parseToolId(id)).toEqual(parts);
          expect(formatToolId(parseToolId(id))).toBe(id);
        },
      ),
    );
  });

  it('formats the documented shapes', () => {
    expect(formatToolId({ namespace: 'mcp.github', name: 'create_issue', version: '2.1.0' })).toBe(
      'mcp.github:create_issue@2.1.0',
    );
    expect(formatToolId({ name: 'a.b' })).toBe('a.b');
    expect(parseToolId('x@1.0.0-rc.1+build.5')).toEqual({ name: 'x', version: '1.0.0-rc.1+build.5' });
  });

  it('rejects malformed ids with a typed error naming the reason', () => {
    for (const bad of ['', 'a@b@c', 'a:b:c', 'ns:', ':x', 'x@1', 'bad name', 'a'.repeat(500)]) {
      expect(() => parseToolId(bad)).toThrow(ToolIdError);
      expect(tryParseToolId(bad)).toBeUndefined();
    }
    try {
      parseToolId('x@1.0');
    } catch (error) {
      expect(ToolIdError.isInstance(error)).toBe(true);
      expect((error as ToolIdError).code).toBe('TOOL_ID_INVALID');
      expect((error as Error).message).toContain('semver');
    }
  });

  it('never accepts arbitrary strings silently (property)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), (s) => {
        const parts = tryParseToolId(s);
        if (parts) expect(formatToolId(parts)).toBe(s);
      }),
    );
  });
});
