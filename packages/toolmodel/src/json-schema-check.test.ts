import { describe, expect, it } from 'vitest';
import { safeParseTool } from './define-tool.js';
import { checkJsonSchema } from './json-schema-check.js';
import { findRefCycles } from './ref-cycles.js';

const codes = (schema: unknown) => checkJsonSchema(schema, '/s').map((i) => [i.pointer, i.code]);

describe('checkJsonSchema', () => {
  it('flags what the meta-schema refuses: unknown type names, non-numeric bounds', () => {
    expect(codes({ type: 'object', properties: { a: { type: 'strin' } } })).toEqual([
      ['/s/properties/a/type', 'invalid_schema'],
    ]);
    expect(codes({ type: 'number', minimum: '1' })).toEqual([['/s/minimum', 'invalid_schema']]);
  });

  it('flags patterns that are not regular expressions in unicode mode', () => {
    expect(codes({ type: 'string', pattern: '([' })).toEqual([['/s/pattern', 'invalid_pattern']]);
    // Valid in the legacy mode, refused in unicode mode (the mode validators compile with).
    expect(codes({ type: 'string', pattern: '^[\\w-.]+$' })).toEqual([['/s/pattern', 'invalid_pattern']]);
    expect(codes({ type: 'object', patternProperties: { '^x(': {} } })).toEqual([
      ['/s/patternProperties/^x(', 'invalid_pattern'],
    ]);
    expect(codes({ type: 'string', pattern: '^[a-z]+\\d{2}$' })).toEqual([]);
  });

  it('flags dangling local refs', () => {
    expect(codes({ type: 'object', properties: { a: { $ref: '#/$defs/missing' } } })).toEqual([
      ['/s/properties/a/$ref', 'unresolved_ref'],
    ]);
  });

  it('flags $ref cycles that never reach a property or item, with their route', () => {
    const issues = checkJsonSchema(
      {
        type: 'object',
        properties: { x: { $ref: '#/$defs/A' } },
        $defs: { A: { $ref: '#/$defs/B' }, B: { $ref: '#/$defs/A' } },
      },
      '/inputSchema',
    );
    expect(issues).toEqual([
      {
        pointer: '/inputSchema/$defs/B/$ref',
        code: 'ref_cycle',
        message: expect.stringContaining(
          '#/$defs/A → #/$defs/B → #/$defs/A never reaches a property or item',
        ),
      },
    ]);
    // Through combinators too, and to the root.
    expect(findRefCycles({ anyOf: [{ $ref: '#' }, { type: 'null' }] }).map((i) => i.pointer)).toEqual([
      '/anyOf/0/$ref',
    ]);
    expect(findRefCycles({ $defs: { A: { allOf: [{ not: { $ref: '#/$defs/A' } }] } } })).toHaveLength(1);
  });

  it('accepts ordinary recursion (through properties or items)', () => {
    const tree = {
      type: 'object',
      properties: { children: { type: 'array', items: { $ref: '#' } }, next: { $ref: '#/$defs/N' } },
      $defs: {
        N: { anyOf: [{ type: 'null' }, { type: 'object', properties: { n: { $ref: '#/$defs/N' } } }] },
      },
    };
    expect(checkJsonSchema(tree, '')).toEqual([]);
  });

  it('parseTool refuses cyclic refs with the pointer (reproduction of issue 15)', () => {
    const result = safeParseTool({
      name: 'cyclic',
      inputSchema: {
        type: 'object',
        properties: { a: { $ref: '#/$defs/A' } },
        $defs: { A: { $ref: '#/$defs/B' }, B: { $ref: '#/$defs/A' } },
      },
    });
    expect(result.success).toBe(false);
    if (!result.success)
      expect(result.error.issues.map((i) => [i.pointer, i.code])).toEqual([
        ['/inputSchema/$defs/B/$ref', 'ref_cycle'],
      ]);
  });

  it('flags empty enums, anywhere (the meta-schema allows them; validators refuse to compile them)', () => {
    expect(codes({ type: 'object', properties: { a: { type: 'string', enum: [] } } })).toEqual([
      ['/s/properties/a/enum', 'empty_enum'],
    ]);
    expect(codes({ $defs: { E: { enum: [] } }, anyOf: [{ enum: [1] }, { $ref: '#/$defs/E' }] })).toEqual([
      ['/s/$defs/E/enum', 'empty_enum'],
    ]);
    // Together with what the meta-schema refuses.
    expect(codes({ properties: { a: { enum: [] }, b: { type: 'strin' } } })).toEqual([
      ['/s/properties/b/type', 'invalid_schema'],
      ['/s/properties/a/enum', 'empty_enum'],
    ]);
    expect(codes({ type: 'string', enum: [''] })).toEqual([]);
  });

  it('parseTool refuses an empty enum that validateArguments could not compile', () => {
    const result = safeParseTool({
      name: 'e',
      inputSchema: { type: 'object', properties: { kind: { type: 'integer', enum: [] } } },
    });
    expect(result.success).toBe(false);
    if (!result.success)
      expect(result.error.issues.map((i) => [i.pointer, i.code])).toEqual([
        ['/inputSchema/properties/kind/enum', 'empty_enum'],
      ]);
  });

  it('parseTool refuses invalid patterns (they would fail to compile in validateArguments)', () => {
    const result = safeParseTool({
      name: 'p',
      inputSchema: { type: 'object', properties: { a: { type: 'string', pattern: '([' } } },
    });
    expect(result.success).toBe(false);
    if (!result.success) expect(result.error.issues[0]?.pointer).toBe('/inputSchema/properties/a/pattern');
  });
});
