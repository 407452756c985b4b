import { defineTool, type Tool, validateArguments } from '@toolarsenal/toolmodel';
import { describe, expect, it } from 'vitest';
import {
  check,
  type Dialect,
  fromCanonical,
  fromCanonicalMany,
  mergeNameMaps,
  toCanonical,
} from './index.js';

/** `constructor`, `prototype`, `toString` are names an API may well use; only `__proto__` is refused. */
const PROPS = {
  constructor: { type: 'string', description: 'who builds it' },
  prototype: { type: 'integer' },
  toString: { type: 'boolean' },
};

const TARGETS: Array<[Dialect, { strict?: boolean }]> = [
  ['mcp', {}],
  ['openai-chat', {}],
  ['openai-chat', { strict: true }],
  ['openai-responses', {}],
  ['anthropic', {}],
  ['anthropic', { strict: true }],
  ['gemini', {}],
  ['gemini-json', {}],
  ['langchain', {}],
  ['openapi-operation', {}],
];

function roundTrips(tool: Tool, args: Record<string, unknown>): void {
  for (const [dialect, options] of TARGETS) {
    const conversion = fromCanonical(tool, dialect, options);
    expect(check(conversion.value, dialect, options), dialect).toEqual([]);
    expect(conversion.decode(JSON.parse(JSON.stringify(conversion.encodeArgs(args)))), dialect).toEqual(args);
    const back = toCanonical(conversion.value, dialect).tools[0]!;
    expect(Object.keys(back.inputSchema.properties as object), dialect).toEqual(Object.keys(PROPS));
  }
}

describe('properties named like Object.prototype members', () => {
  it('convert, check and decode in every target', () => {
    const tool = defineTool({
      name: 'builder',
      inputSchema: { type: 'object', properties: PROPS, required: ['constructor'] },
    });
    roundTrips(tool, { constructor: 'me', toString: true });
    expect(validateArguments(tool, { prototype: 1 }).valid).toBe(false);
  });

  it('survive allOf flattening and root anyOf merging (first definition kept, no false conflict)', () => {
    const merged = defineTool({
      name: 'merged',
      inputSchema: {
        type: 'object',
        allOf: [
          { properties: { constructor: PROPS.constructor } },
          { properties: { prototype: PROPS.prototype } },
        ],
        anyOf: [{ type: 'object', properties: { toString: PROPS.toString } }],
      },
    });
    const strict = fromCanonical(merged, 'openai-chat', { strict: true });
    expect(strict.losses.filter((l) => l.action === 'dropped')).toEqual([]);
    expect(
      Object.keys(
        (strict.value as { function: { parameters: { properties: object } } }).function.parameters.properties,
      ),
    ).toEqual(['constructor', 'prototype', 'toString']);
  });

  it('a tool called __proto__ maps and routes like any other', () => {
    const odd = defineTool({
      name: '__proto__',
      inputSchema: { type: 'object', properties: { a: { type: 'string' } } },
    });
    const other = defineTool({ name: 'constructor', inputSchema: { type: 'object', properties: {} } });
    const many = fromCanonicalMany([odd, other], 'openai-chat');
    expect(many.decodeCall('__proto__', { a: 'x' }).tool.name).toBe('__proto__');
    expect(many.decodeCall('constructor', {}).tool.name).toBe('constructor');
    const merged = mergeNameMaps(many.names, many.tools[0]!.names);
    expect(Object.hasOwn(merged.fromTarget, '__proto__')).toBe(true);
    expect(({} as Record<string, unknown>).a).toBeUndefined();
  });
});
