import { defineTool, jsonEqual, type Tool, validateArguments } from '@toolarsenal/toolmodel';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ConversionError,
  check,
  type Dialect,
  fromCanonical,
  fromCanonicalMany,
  toCanonical,
} from './index.js';
import { toolArb } from './test-fixtures/arbitraries.js';
import { arbitraryFromSchema } from './test-fixtures/arbitrary-from-schema.js';
import { withPollutedPrototype } from './test-fixtures/polluted-prototype.js';

const TARGETS: Array<{ dialect: Dialect; strict?: boolean }> = [
  { dialect: 'mcp' },
  { dialect: 'openai-chat', strict: false },
  { dialect: 'openai-chat', strict: true },
  { dialect: 'openai-responses', strict: false },
  { dialect: 'openai-responses', strict: true },
  { dialect: 'anthropic', strict: false },
  { dialect: 'anthropic', strict: true },
  { dialect: 'gemini' },
  { dialect: 'gemini-json' },
  { dialect: 'langchain' },
];

const opts = (t: { strict?: boolean }) => (t.strict === undefined ? {} : { strict: t.strict });
const label = (t: { dialect: string; strict?: boolean }) => `${t.dialect}${t.strict ? ' strict' : ''}`;

function withoutNulls(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutNulls);
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value)
        .filter(([, v]) => v !== null)
        .map(([k, v]) => [k, withoutNulls(v)]),
    );
  return value;
}

describe('fromCanonical over generated tools (property)', () => {
  for (const target of TARGETS) {
    it(`${label(target)}: output passes check; lossless ⇒ round trip keeps the content hash`, () => {
      fc.assert(
        fc.property(toolArb, (tool) => {
          const conversion = fromCanonical(tool, target.dialect, opts(target));
          expect(check(conversion.value, target.dialect, opts(target))).toEqual([]);
          if (conversion.losses.length === 0) {
            const back = toCanonical(conversion.value, target.dialect).tools[0]!;
            expect(back.contentHash).toBe(tool.contentHash);
          }
          // With the name map, renamed tools get their names back too.
          const named = toCanonical(conversion.value, target.dialect, { names: conversion.names }).tools[0]!;
          expect(named.name).toBe(tool.name);
        }),
        { numRuns: 40 },
      );
    });

    it(`${label(target)}: decode(encodeArgs(x)) equals x for valid arguments`, () => {
      fc.assert(
        fc.property(
          toolArb.chain((tool) =>
            fc.tuple(fc.constant(tool), arbitraryFromSchema(tool.inputSchema, { maxDepth: 3 })),
          ),
          ([tool, args]: [Tool, unknown]) => {
            fc.pre(validateArguments(tool, args).valid);
            const conversion = fromCanonical(tool, target.dialect, opts(target));
            const decoded = conversion.decode(conversion.encodeArgs(args));
            // Strict mode reads null as "absent" for optional properties that accepted null: a listed loss.
            const nullAmbiguous = conversion.losses.some((l) =>
              l.detail.includes('null is decoded as "absent"'),
            );
            if (nullAmbiguous) expect(withoutNulls(decoded)).toEqual(withoutNulls(args));
            else expect(jsonEqual(decoded, args)).toBe(true);
          },
        ),
        { numRuns: 25 },
      );
    });
  }

  it('every target: the same conversion whatever Object.prototype holds (only own keys are read)', () => {
    fc.assert(
      fc.property(toolArb, (tool) => {
        const convertAll = () =>
          TARGETS.map((t) => {
            const { value, losses, names } = fromCanonical(tool, t.dialect, opts(t));
            return JSON.stringify({ value, losses, names });
          });
        const clean = convertAll();
        expect(withPollutedPrototype(convertAll)).toEqual(clean);
      }),
      { numRuns: 200 },
    );
  });
});

const weather = defineTool({
  name: 'weather.get',
  namespace: 'acme',
  description: 'Current weather',
  inputSchema: {
    type: 'object',
    properties: { city: { type: 'string' }, units: { type: 'string', enum: ['c', 'f'] } },
    required: ['city'],
  },
});

describe('fromCanonical', () => {
  it('is lossless and identity-decoding for MCP', () => {
    const c = fromCanonical(weather, 'mcp');
    expect(c.losses).toEqual([]);
    expect(c.value).toMatchObject({
      name: 'weather.get',
      inputSchema: weather.inputSchema,
      _meta: { 'io.toolarsenal/tool': { namespace: 'acme' } },
    });
    expect(toCanonical(c.value, 'mcp').tools[0]!.contentHash).toBe(weather.contentHash);
  });

  it('gives every conversion its one-entry name maps as null-prototype data', () => {
    const c = fromCanonical(weather, 'gemini');
    const expected = { toTarget: { [weather.id]: 'weather.get' }, fromTarget: { 'weather.get': weather.id } };
    expect(c.names).toEqual(expected);
    for (const map of [c.names.toTarget, c.names.fromTarget]) {
      expect(Object.getPrototypeOf(map)).toBe(null);
      expect(Object.getOwnPropertyDescriptors(map)).toEqual(
        Object.getOwnPropertyDescriptors(map === c.names.toTarget ? expected.toTarget : expected.fromTarget),
      );
      // A lookup by an outside name finds only the map's own entries.
      for (const key of ['constructor', 'toString', 'hasOwnProperty', '__proto__'])
        expect(map[key]).toBeUndefined();
    }
    expect(Object.keys(c)).toEqual(['value', 'losses', 'names', 'decode', 'encodeArgs']);
    expect({ ...c }.names).toEqual(expected);
    expect(JSON.parse(JSON.stringify(c)).names).toEqual(expected);
    // A tool may be called __proto__ (or constructor): its entry is an own property, not a prototype change.
    for (const name of ['__proto__', 'constructor']) {
      const odd = defineTool({ name });
      const conversion = fromCanonical(odd, 'mcp');
      expect(Object.hasOwn(conversion.names.fromTarget, name)).toBe(true);
      expect(Object.getPrototypeOf(conversion.names.fromTarget)).toBe(null);
      expect(conversion.names.fromTarget[name]).toBe(odd.id);
      expect(conversion.names.toTarget[odd.id]).toBe(name);
      expect(Object.keys(conversion.names.fromTarget)).toEqual([name]);
    }
    const many = fromCanonicalMany([weather], 'gemini');
    expect(many.tools[0]!.names).toEqual(expected);
    expect(many.names).toEqual(expected);
    const both = fromCanonicalMany([weather, defineTool({ name: 'toString' })], 'gemini');
    for (const map of [
      both.names.toTarget,
      both.names.fromTarget,
      ...both.tools.map((t) => t.names.fromTarget),
    ])
      expect(Object.getPrototypeOf(map)).toBe(null);
    expect(both.names.fromTarget.constructor).toBeUndefined();
    expect(both.names.fromTarget.toString).toBe('toString@1.0.0');
  });

  it('checks a frozen look-alike of a canonical tool like any outside value', () => {
    // Frozen, tool-shaped, a made-up content hash, and a cycle in its schema.
    const schema: Record<string, unknown> = { type: 'object', properties: {} };
    (schema.properties as Record<string, unknown>).self = schema;
    Object.freeze(schema.properties);
    Object.freeze(schema);
    const fake = Object.freeze({
      ...weather,
      inputSchema: schema,
      contentHash: 'sha256:made-up',
    }) as unknown as Tool;
    for (const t of TARGETS) {
      const error = (() => {
        try {
          fromCanonical(fake, t.dialect, opts(t));
        } catch (caught) {
          return caught;
        }
        return undefined;
      })();
      expect(ConversionError.isInstance(error), label(t)).toBe(true);
      expect((error as ConversionError).pointer).toBe('/inputSchema/properties/self');
    }
    expect(() => fromCanonicalMany([weather, fake], 'gemini')).toThrow(
      expect.objectContaining({ pointer: '/1/inputSchema/properties/self' }),
    );
    // An acyclic frozen copy is not canonical either, and converts the same after its check.
    const copy = Object.freeze({ ...weather }) as Tool;
    expect(fromCanonical(copy, 'gemini').value).toEqual(fromCanonical(weather, 'gemini').value);
  });

  it('maps names for OpenAI and reports the rename and the namespace', () => {
    const c = fromCanonical(weather, 'openai-chat', { strict: true });
    expect(c.value).toMatchObject({ type: 'function', function: { name: 'weather_get', strict: true } });
    expect(c.names.toTarget[weather.id]).toBe('weather_get');
    expect(c.names.fromTarget.weather_get).toBe(weather.id);
    expect(c.losses.map((l) => l.keyword)).toEqual(expect.arrayContaining(['name', 'namespace', 'required']));
    expect(c.decode({ city: 'Paris', units: null })).toEqual({ city: 'Paris' });
    expect(c.encodeArgs({ city: 'Paris' })).toEqual({ city: 'Paris', units: null });
    const back = toCanonical(c.value, 'openai-chat', { names: c.names }).tools[0]!;
    expect(back.id).toBe(weather.id);
    // Everything but the added additionalProperties:false (a listed loss) comes back.
    expect(back.inputSchema).toEqual({ ...weather.inputSchema, additionalProperties: false });
    const plain = fromCanonical(weather, 'openai-chat');
    expect(toCanonical(plain.value, 'openai-chat', { names: plain.names }).tools[0]!.contentHash).toBe(
      weather.contentHash,
    );
  });

  it('refuses import-only dialects and unknown dialects with typed errors', () => {
    expect(() => fromCanonical(weather, 'legacy-function')).toThrow(ConversionError);
    expect(() => fromCanonical(weather, 'nope' as Dialect)).toThrow(/Unknown dialect/);
  });

  it('refuses a hand-made object that is not plain JSON', () => {
    const bad = {
      ...weather,
      inputSchema: { type: 'object', properties: { a: { type: 'string', f: () => 1 } } },
    } as unknown as Tool;
    expect(() => fromCanonical(bad, 'openai-chat')).toThrow(ConversionError);
  });
});

describe('fromCanonicalMany', () => {
  const a = defineTool({
    name: 'a.b',
    inputSchema: { type: 'object', properties: { n: { type: 'integer', enum: [1, 2] } } },
  });
  const b = defineTool({ name: 'a_b', inputSchema: { type: 'object', properties: {} } });

  it('builds each dialect document with collision-free names', () => {
    const openai = fromCanonicalMany([a, b], 'openai-chat');
    const names = (openai.value as Array<{ function: { name: string } }>).map((t) => t.function.name);
    expect(new Set(names).size).toBe(2);
    expect(check(openai.value, 'openai-chat')).toEqual([]);
    expect(fromCanonicalMany([a, b], 'mcp').value).toMatchObject({
      tools: [{ name: 'a.b' }, { name: 'a_b' }],
    });
    const gemini = fromCanonicalMany([a, b], 'gemini').value as Array<{ functionDeclarations: unknown[] }>;
    expect(gemini[0]!.functionDeclarations).toHaveLength(2);
    expect(check(gemini, 'gemini')).toEqual([]);
  });

  it('routes calls back to the right tool with decoded arguments', () => {
    const many = fromCanonicalMany([a, b], 'gemini');
    const call = many.encodeCall(a.id, { n: 2 });
    expect(call.args).toEqual({ n: '2' });
    const decoded = many.decodeCall(call.name, call.args);
    expect(decoded.tool.id).toBe(a.id);
    expect(decoded.args).toEqual({ n: 2 });
    expect(() => many.decodeCall('missing', {})).toThrow(ConversionError);
    expect(many.losses.every((l) => /^\/[01]\//.test(l.pointer))).toBe(true);
  });
});

describe('recursion option', () => {
  const tree = defineTool({
    name: 'tree',
    inputSchema: {
      type: 'object',
      properties: { root: { $ref: '#/$defs/Node' } },
      $defs: {
        Node: {
          type: 'object',
          properties: {
            label: { type: 'string' },
            children: { type: 'array', items: { $ref: '#/$defs/Node' } },
          },
        },
      },
    },
  });

  it('unfolds recursion by default for Gemini and decodes the cut as JSON', () => {
    const c = fromCanonical(tree, 'gemini');
    expect(check(c.value, 'gemini')).toEqual([]);
    const args = {
      root: {
        label: 'a',
        children: [{ label: 'b', children: [{ label: 'c', children: [{ label: 'd' }] }] }],
      },
    };
    expect(c.decode(c.encodeArgs(args))).toEqual(args);
  });

  it('keeps recursion for OpenAI strict via $defs', () => {
    const c = fromCanonical(tree, 'openai-chat', { strict: true });
    expect(check(c.value, 'openai-chat')).toEqual([]);
    expect(JSON.stringify(c.value)).toContain('"$ref":"#/$defs/Node"');
  });

  it("throws a typed error with recursion: 'error' where the target forbids recursion", () => {
    for (const dialect of ['gemini', 'anthropic'] as const) {
      try {
        fromCanonical(tree, dialect, { strict: true, recursion: 'error' });
        expect.unreachable();
      } catch (error) {
        expect(ConversionError.isInstance(error) && error.reason).toBe('recursion-forbidden');
      }
    }
  });
});
