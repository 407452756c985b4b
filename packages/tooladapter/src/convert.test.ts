import { InvalidArgumentError, isPlainObject } from '@toolarsenal/toolmodel';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ConversionError,
  type ConvertInputOptions,
  convert,
  convertMany,
  type Dialect,
  fromCanonicalMany,
  namespaceFromField,
  toCanonical,
} from './index.js';
import { schemaArb, unionRootArb } from './test-fixtures/arbitraries.js';
import { argsFor, bothWays, plain } from './test-fixtures/convert-equivalence.js';

const TARGETS: Dialect[] = [
  'gemini',
  'gemini-json',
  'mcp',
  'openai-chat',
  'openai-responses',
  'anthropic',
  'langchain',
  'a2a-skill',
  'openapi-operation',
];

function nested(depth: number): Record<string, unknown> {
  let schema: Record<string, unknown> = { type: 'string' };
  for (let i = 0; i < depth; i++) schema = { type: 'object', properties: { a: schema } };
  return schema;
}

function cyclic(): Record<string, unknown> {
  const node: Record<string, unknown> = { type: 'object', properties: {} };
  (node.properties as Record<string, unknown>).self = node;
  return node;
}

/** Schemas that break one rule of the read path each, next to ordinary and union-heavy ones. */
const hostileSchemaArb: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: schemaArb.map((s) => ({ type: 'object', properties: { s } })), weight: 3 },
  { arbitrary: unionRootArb, weight: 3 },
  fc.constantFrom<unknown>(
    JSON.parse('{"type":"object","properties":{"__proto__":{"type":"string"}}}'),
    JSON.parse('{"type":"object","__proto__":{"polluted":true}}'),
    nested(140),
    nested(20),
    { type: 'object', properties: { s: { type: 'string', default: 'x'.repeat(5_000) } } },
    { type: 'object', properties: 5 },
    { type: 'object', properties: { a: { type: 'no-such-type' } } },
    { type: 'object', properties: { a: { enum: [] } } },
    { type: 'object', properties: { a: { type: 'number', minimum: Number.NaN } } },
    { type: 'object', properties: { a: { type: 'string', pattern: '(' } } },
    { type: 'object', properties: { a: { type: 'string', pattern: '^[a-z]+$' } } },
    { $ref: '#/$defs/a', $defs: { a: { $ref: '#/$defs/b' }, b: { $ref: '#/$defs/a' } } },
    {
      type: 'object',
      properties: { node: { $ref: '#/$defs/node' } },
      $defs: { node: { type: 'object', properties: { next: { $ref: '#/$defs/node' } } } },
    },
    { type: 'object', properties: { a: { $ref: '#/$defs/missing' } } },
    {
      $schema: 'http://json-schema.org/draft-04/schema#',
      id: 'urn:x',
      type: 'object',
      properties: { n: { type: 'integer', minimum: 1, exclusiveMinimum: true }, t: { items: [{}, {}] } },
      definitions: { d: { type: 'string' } },
    },
    { $schema: 'http://json-schema.org/draft-07/schema#', type: 'object', properties: { a: {} } },
    { type: 'object', properties: { a: { type: 'string' } }, required: ['a', 'b'] },
    { type: 'array', items: { type: 'string' } },
    { properties: { a: { const: 1 } } },
    { type: 'object', properties: { a: { type: 'string', description: undefined } } },
    { type: 'object', properties: { when: new Date(0) } },
    { type: 'object', properties: { f: () => 1 } },
    'not a schema',
    true,
    undefined,
  ),
  fc.constant(null).map(() => cyclic()),
);

const nameArb = fc.constantFrom(
  'search',
  'get.weather',
  'has space',
  '名前',
  'x'.repeat(70),
  '',
  '__proto__',
  'constructor',
);

/** An MCP tool with hostile parts, raw or wrapped as other dialects and documents read it. */
const rawArb = fc
  .record(
    {
      name: nameArb,
      description: fc.constantFrom<unknown>('Finds things.', '  padded  ', 'd'.repeat(300), 5),
      inputSchema: hostileSchemaArb,
      outputSchema: fc.constantFrom<unknown>(
        { type: 'object', properties: { ok: { type: 'boolean' } } },
        'x',
      ),
      annotations: fc.constantFrom<unknown>({ readOnlyHint: true, title: null }, { custom: 1 }, 'x'),
      _meta: fc.constantFrom<unknown>({ 'io.toolarsenal/tool': { tags: ['A'], version: '2.0.0' } }, { a: 1 }),
      parameters: fc.constant({ type: 'object' }),
      // Decoding moves unknown fields three levels down (sourceMeta.mcp.extra): a value that fits
      // the depth limit as read may not once decoded.
      extra: fc.constantFrom<unknown>(1, { nested: [1, 2] }, nested(9)),
    },
    { requiredKeys: ['name', 'inputSchema'] },
  )
  .chain((tool) =>
    fc.constantFrom<[unknown, Dialect | undefined]>(
      [tool, 'mcp'],
      [tool, undefined],
      [{ tools: [tool] }, 'mcp'],
      [[tool], 'mcp'],
      [{ tool, server: 'acme/crm' }, 'mcp'],
      [
        {
          type: 'function',
          function: { name: tool.name, description: tool.description, parameters: tool.inputSchema },
        },
        'openai-chat',
      ],
      [{ name: tool.name, input_schema: tool.inputSchema }, 'anthropic'],
      [{ name: tool.name, parameters: tool.inputSchema }, 'gemini'],
      [{ name: tool.name, parametersJsonSchema: tool.inputSchema }, 'gemini-json'],
      [tool, 'openai-chat'],
    ),
  );

const optionsArb: fc.Arbitrary<Omit<ConvertInputOptions, 'from'>> = fc.record(
  {
    to: fc.constantFrom(...TARGETS),
    read: fc.oneof(
      fc.integer({ min: 19, max: 26 }).map((maxDepth) => ({ limits: { maxDepth } })),
      fc.constantFrom<ConvertInputOptions['read']>(
        {},
        { limits: { maxStringLength: 1_000 } },
        { limits: { maxDescriptionLength: 100 } },
        { limits: { maxDepth: 30, maxNodes: 200 } },
        { namespace: 'acme' },
        { namespace: namespaceFromField('server') },
        { restore: false },
        { names: { toTarget: {}, fromTarget: { search: 'demo:search@2.0.0' } } },
      ),
    ),
    write: fc.constantFrom<ConvertInputOptions['write']>(
      {},
      { strict: true },
      { strict: false },
      { limits: { maxProperties: 1 } },
      { limits: { maxNameLength: 8 } },
      { recursion: 'error' },
      { reservedNames: new Set(['search']) },
    ),
  },
  { requiredKeys: ['to'] },
);

describe('convert', () => {
  it('returns what the two steps return, or throws what they throw (property, hostile input)', () => {
    const outcomes = { converted: 0, refused: 0 };
    fc.assert(
      fc.property(rawArb, optionsArb, fc.nat(), ([raw, from], options, seed) => {
        const full: ConvertInputOptions = { ...options, ...(from ? { from } : {}) };
        const { direct, twoSteps } = bothWays(raw, full, argsFor(raw, full, seed));
        expect(direct).toBe(twoSteps);
        if (direct.startsWith('ERROR')) outcomes.refused++;
        else outcomes.converted++;
      }),
      // About one run in five converts: 1,000 runs make the 100 below eight standard deviations away (at 600 it
      // was two, and it failed about once in forty runs).
      { numRuns: 1000 },
    );
    // Both kinds are exercised: conversions and refusals.
    expect(Math.min(outcomes.converted, outcomes.refused)).toBeGreaterThan(100);
  });

  it('converts the common case (one MCP tool to Gemini) as the two steps do', () => {
    const raw = {
      name: 'get_weather',
      description: 'Weather for a city.',
      inputSchema: {
        $schema: 'http://json-schema.org/draft-07/schema#',
        type: 'object',
        properties: {
          city: { type: 'string' },
          unit: { anyOf: [{ type: 'string', enum: ['c', 'f'] }, { type: 'null' }], default: null },
        },
        required: ['city'],
        additionalProperties: false,
      },
    };
    const { direct, twoSteps } = bothWays(raw, { from: 'mcp', to: 'gemini' }, [{ city: 'Oslo', unit: null }]);
    expect(direct).toBe(twoSteps);
    const conversion = convert(raw, { from: 'mcp', to: 'gemini' });
    expect(conversion.changes.map((c) => c.pointer)).toEqual(['/inputSchema/$schema']);
    expect(conversion.losses.length).toBeGreaterThan(0);
  });

  it('shares nothing with the input', () => {
    const raw = {
      name: 'pick',
      inputSchema: {
        type: 'object',
        properties: {
          a: { type: 'string', enum: ['x', 'y'] },
          b: { type: 'object', properties: { c: { type: 'integer' } } },
        },
        required: ['a'],
      },
    };
    const before = plain(convert(raw, { from: 'mcp', to: 'gemini' }).value);
    const conversion = convert(raw, { from: 'mcp', to: 'gemini' });
    const inputObjects = new Set<unknown>();
    const collect = (v: unknown) => {
      if (v === null || typeof v !== 'object') return;
      inputObjects.add(v);
      for (const child of Object.values(v)) collect(child);
    };
    collect(raw);
    const check = (v: unknown) => {
      if (v === null || typeof v !== 'object') return;
      expect(inputObjects.has(v)).toBe(false);
      for (const child of Object.values(v)) check(child);
    };
    check(conversion.value);
    (raw.inputSchema.properties.a.enum as string[]).push('z');
    raw.inputSchema.properties.b.properties.c.type = 'string';
    expect(plain(conversion.value)).toBe(before);
  });

  it('takes one tool: a document of several (or none) is refused, convertMany reads it', () => {
    const doc = {
      tools: [
        { name: 'a', inputSchema: { type: 'object' } },
        { name: 'b', inputSchema: { type: 'object' } },
      ],
    };
    expect(() => convert(doc, { from: 'mcp', to: 'gemini' })).toThrow(ConversionError);
    expect(() => convert(doc, { from: 'mcp', to: 'gemini' })).toThrow(/holds 2; use convertMany/);
    expect(() => convert({ tools: [] }, { from: 'mcp', to: 'gemini' })).toThrow(/holds 0/);
    const many = convertMany(doc, { from: 'mcp', to: 'gemini', write: { strict: false } });
    const read = toCanonical(doc, 'mcp');
    const expected = fromCanonicalMany(read.tools, 'gemini', { strict: false });
    expect(plain(many.value)).toBe(plain(expected.value));
    expect(many.losses).toEqual(expected.losses);
    expect(many.names).toEqual(expected.names);
    expect(many.readLosses).toEqual(read.losses);
    expect(many.changes).toEqual(read.changes);
    expect(many.decodeCall('a', {}).tool).toEqual(read.tools[0]);
  });

  it('checks its own options first', () => {
    for (const bad of [undefined, null, 'gemini', [], { from: 'mcp' }, { to: 5 }])
      expect(() => convert({ name: 'x' }, bad as never)).toThrow(InvalidArgumentError);
    expect(() => convertMany({ name: 'x' }, {} as never)).toThrow(InvalidArgumentError);
    expect(isPlainObject(convert({ name: 'x', inputSchema: {} }, { to: 'mcp' }).value)).toBe(true);
  });
});
