import { describe, expect, it } from 'vitest';
import {
  defineTool,
  parseTool,
  parseToolWithChanges,
  safeParseTool,
  toolToJson,
  updateTool,
} from './define-tool.js';
import { validateArguments } from './argument-validator.js';
import { ToolArsenalError, ToolValidationError } from './errors.js';

const weather = {
  name: 'get_weather',
  namespace: 'demo.weather',
  description: 'Current weather for a city.',
  inputSchema: {
    type: 'object',
    properties: { city: { type: 'string', description: 'City name' } },
    required: ['city'],
  },
};

function issuesOf(input: unknown) {
  const result = safeParseTool(input);
  if (result.success) throw new Error('expected a validation failure');
  return result.error.issues;
}

describe('defineTool', () => {
  it('fills defaults, computes id and hash, and freezes the tool', () => {
    const tool = defineTool(weather);
    expect(tool.id).toBe('demo.weather:get_weather@1.0.0');
    expect(tool.version).toBe('1.0.0');
    expect(tool.source).toBe('manual');
    expect(tool.tags).toEqual([]);
    expect(tool.capabilities).toEqual([]);
    expect(tool.requiresConfirmation).toBe(false);
    expect(tool.dependencies).toEqual({ requires: [], suggests: [], conflicts: [] });
    expect(tool.contentHash).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(Object.isFrozen(tool)).toBe(true);
    expect(Object.isFrozen(tool.inputSchema)).toBe(true);
    expect(() => {
      (tool as { name: string }).name = 'x';
    }).toThrow(TypeError);
  });

  it('does not freeze or alias the caller’s objects', () => {
    const input = structuredClone(weather);
    const tool = defineTool(input);
    expect(Object.isFrozen(input.inputSchema)).toBe(false);
    (input.inputSchema.properties.city as { description: string }).description = 'changed';
    expect(tool.inputSchema.properties).toEqual({ city: { type: 'string', description: 'City name' } });
  });

  it('freezes every nested value, including rewritten draft keywords, without touching the input', () => {
    const input = {
      name: 'x',
      inputSchema: {
        $schema: 'http://json-schema.org/draft-07/schema#',
        type: 'object',
        properties: {
          mode: { enum: ['a', 'b'], default: { nested: [1] } },
          pair: { type: 'array', items: [{ type: 'string' }], additionalItems: false },
          ref: { $ref: '#/definitions/A' },
        },
        dependencies: { mode: ['pair'], pair: { required: ['ref'] } },
        definitions: { A: { type: 'string', examples: [['x']] } },
        $defs: { B: { anyOf: [{ const: { k: [2] } }, true] } },
      },
    };
    const before = structuredClone(input);
    const tool = defineTool(input);
    const unfrozen: string[] = [];
    const walk = (value: unknown, pointer: string) => {
      if (value === null || typeof value !== 'object') return;
      if (!Object.isFrozen(value)) unfrozen.push(pointer);
      for (const [key, child] of Object.entries(value)) walk(child, `${pointer}/${key}`);
    };
    walk(tool, '');
    expect(unfrozen).toEqual([]);
    expect(tool.inputSchema.dependentRequired).toEqual({ mode: ['pair'] });
    expect(tool.inputSchema.$defs).toHaveProperty('A');
    // Nothing of the caller's was frozen or shared.
    const frozenInInput: string[] = [];
    const walkInput = (value: unknown, pointer: string) => {
      if (value === null || typeof value !== 'object') return;
      if (Object.isFrozen(value)) frozenInInput.push(pointer);
      for (const [key, child] of Object.entries(value)) walkInput(child, `${pointer}/${key}`);
    };
    walkInput(input, '');
    expect(frozenInInput).toEqual([]);
    expect(input).toEqual(before);
  });

  it('accepts exactly plain objects and booleans as schemas (symbol keys refused as before)', () => {
    expect(defineTool({ name: 'x', outputSchema: false }).outputSchema).toBe(false);
    expect(issuesOf({ name: 'x', outputSchema: [] })[0]?.pointer).toBe('/outputSchema');
    expect(issuesOf({ name: 'x', inputSchema: { type: 'object', [Symbol('s')]: 1 } })[0]?.pointer).toBe(
      '/inputSchema',
    );
    const hidden = { type: 'object' };
    Object.defineProperty(hidden, Symbol('s'), { value: 1, enumerable: false });
    expect(defineTool({ name: 'x', inputSchema: hidden }).inputSchema).toEqual({ type: 'object' });
  });

  it('defaults an absent input schema to an empty object schema', () => {
    const tool = defineTool({ name: 'ping', description: 'Checks liveness of the service.' });
    expect(tool.inputSchema).toEqual({ type: 'object', properties: {} });
  });

  it('normalises tags, trims text and drops empty optional text', () => {
    const tool = defineTool({
      name: 'x',
      description: '  Does x.  ',
      tags: ['Search', 'search ', ' web'],
      title: '  ',
    });
    expect(tool.description).toBe('Does x.');
    expect(tool.tags).toEqual(['search', 'web']);
    expect(tool).not.toHaveProperty('title');
  });

  it('drops null MCP annotation hints', () => {
    const tool = parseTool({ name: 'x', annotations: { readOnlyHint: true, destructiveHint: null } });
    expect(tool.annotations).toEqual({ readOnlyHint: true });
  });

  it('adds a missing root type and reports it', () => {
    const { tool, changes } = parseToolWithChanges({
      name: 'x',
      inputSchema: { properties: { a: { type: 'string' } } },
    });
    expect(tool.inputSchema.type).toBe('object');
    expect(changes).toContainEqual(
      expect.objectContaining({ pointer: '/inputSchema/type', action: 'added' }),
    );
  });

  it('round-trips through JSON', () => {
    const tool = defineTool({
      ...weather,
      tags: ['weather'],
      cost: { latencyMs: 120 },
      meta: { team: 'core' },
    });
    const again = parseTool(JSON.parse(JSON.stringify(toolToJson(tool))));
    expect(again).toEqual(tool);
  });

  it('updateTool re-validates and re-hashes', () => {
    const tool = defineTool(weather);
    const updated = updateTool(tool, { description: 'Weather now, anywhere.' });
    expect(updated.contentHash).not.toBe(tool.contentHash);
    expect(() => updateTool(tool, { name: 'bad name' })).toThrow(ToolValidationError);
  });
});

describe('validation errors name each problem by pointer', () => {
  it('rejects bad names with a suggestion', () => {
    const [issue] = issuesOf({ name: 'get weather!' });
    expect(issue?.pointer).toBe('/name');
    expect(issue?.message).toContain('"get_weather"');
  });

  it('accepts MCP-style names and rejects 129 characters', () => {
    expect(parseTool({ name: 'a.b-c_D9' }).name).toBe('a.b-c_D9');
    expect(parseTool({ name: 'a'.repeat(128) }).name).toHaveLength(128);
    expect(issuesOf({ name: 'a'.repeat(129) })[0]?.message).toContain('limit is 128');
    expect(issuesOf({ name: '' })[0]?.pointer).toBe('/name');
  });

  it('validates namespace and semver version', () => {
    const issues = issuesOf({ name: 'x', namespace: 'bad ns', version: '1.0' });
    expect(issues.map((i) => i.pointer).sort()).toEqual(['/namespace', '/version']);
  });

  it('lists every problem at once, including nested ones', () => {
    const issues = issuesOf({
      name: 'x',
      tags: ['ok', 3],
      cost: { monetary: { amount: -1, currency: 'usd' } },
      unknownField: true,
    });
    const pointers = issues.map((i) => i.pointer);
    expect(pointers).toContain('/tags/1');
    expect(pointers).toContain('/cost/monetary/amount');
    expect(pointers).toContain('/cost/monetary/currency');
    expect(issues.some((i) => i.message.includes('"unknownField"'))).toBe(true);
  });

  it('rejects an invalid JSON Schema at the offending keyword', () => {
    const issues = issuesOf({
      name: 'x',
      inputSchema: { type: 'object', properties: { a: { type: 'strin' } } },
    });
    expect(issues[0]?.pointer).toBe('/inputSchema/properties/a/type');
    expect(issues[0]?.message).toContain('2020-12');
  });

  it('rejects non-object input schemas and unresolved local refs', () => {
    expect(issuesOf({ name: 'x', inputSchema: { type: 'string' } })[0]?.pointer).toBe('/inputSchema/type');
    expect(issuesOf({ name: 'x', inputSchema: true })[0]?.pointer).toBe('/inputSchema');
    const refIssue = issuesOf({
      name: 'x',
      inputSchema: { type: 'object', properties: { a: { $ref: '#/$defs/missing' } } },
    })[0];
    expect(refIssue?.pointer).toBe('/inputSchema/properties/a/$ref');
  });

  it('reports schema problems together with shape problems', () => {
    const issues = issuesOf({
      name: 'bad name',
      inputSchema: { type: 'object', properties: { n: { type: 'nmber' } } },
    });
    expect(issues.map((i) => i.pointer)).toEqual(['/name', '/inputSchema/properties/n/type']);
  });

  it('rejects a mismatched id instead of trusting it', () => {
    expect(issuesOf({ name: 'x', id: 'y@1.0.0' })[0]?.pointer).toBe('/id');
  });

  it('throws a ToolValidationError that is also a ToolArsenalError', () => {
    try {
      parseTool({ name: 1 });
      expect.unreachable();
    } catch (error) {
      expect(ToolValidationError.isInstance(error)).toBe(true);
      expect(ToolArsenalError.isInstance(error)).toBe(true);
      expect((error as ToolValidationError).code).toBe('TOOL_VALIDATION');
    }
  });
});

describe('hostile input never crashes or hangs', () => {
  it('cyclic objects', () => {
    const schema: Record<string, unknown> = { type: 'object' };
    schema.properties = { self: schema };
    expect(issuesOf({ name: 'x', inputSchema: schema }).some((i) => i.code === 'cycle')).toBe(true);
  });

  it('non-JSON values: functions, BigInt, symbols, NaN, class instances', () => {
    const issues = issuesOf({
      name: 'x',
      meta: { f: () => 1, b: 10n, s: Symbol('s'), n: Number.NaN, d: new Date(0), m: new Map() },
    });
    expect(
      issues
        .filter((i) => i.code === 'non_json')
        .map((i) => i.pointer)
        .sort(),
    ).toEqual(['/meta/b', '/meta/d', '/meta/f', '/meta/m', '/meta/n', '/meta/s'].sort());
  });

  it('__proto__ keys are refused (prototype pollution)', () => {
    const polluted = JSON.parse(
      '{"name":"x","inputSchema":{"type":"object","properties":{"__proto__":{"type":"string"}}}}',
    );
    expect(issuesOf(polluted)[0]).toMatchObject({
      code: 'forbidden_key',
      pointer: '/inputSchema/properties/__proto__',
    });
    expect(issuesOf(JSON.parse('{"name":"x","meta":{"__proto__":{"polluted":1}}}'))[0]?.code).toBe(
      'forbidden_key',
    );
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('constructor, prototype and toString are ordinary parameter names', () => {
    const tool = parseTool({
      name: 'x',
      inputSchema: {
        type: 'object',
        properties: {
          constructor: { type: 'string' },
          prototype: { type: 'integer' },
          toString: { type: 'boolean' },
        },
        required: ['constructor'],
      },
      meta: { constructor: 1, prototype: { a: 1 } },
    });
    expect(Object.keys(tool.inputSchema.properties as object)).toEqual([
      'constructor',
      'prototype',
      'toString',
    ]);
    expect(Object.hasOwn(tool.meta!, 'constructor')).toBe(true);
    // Own properties only: the missing `constructor` is missing, the present ones are checked.
    expect(validateArguments(tool, {}).errors).toEqual([
      { pointer: '/constructor', message: 'is required but missing', keyword: 'required' },
    ]);
    expect(validateArguments(tool, { constructor: 'c' }).valid).toBe(true);
    expect(validateArguments(tool, { constructor: 'c', prototype: 'p' }).errors[0]?.pointer).toBe(
      '/prototype',
    );
  });

  it('a 10 MB description', () => {
    const issues = issuesOf({ name: 'x', description: 'a'.repeat(10 * 1024 * 1024) });
    expect(issues[0]?.pointer).toBe('/description');
  });

  it('a 1,000-deep schema', () => {
    let schema: Record<string, unknown> = { type: 'string' };
    for (let i = 0; i < 1_000; i++) schema = { type: 'object', properties: { a: schema } };
    const issues = issuesOf({ name: 'x', inputSchema: schema });
    expect(issues[0]?.code).toBe('too_deep');
  });

  it('100,000-deep nesting does not overflow the stack', () => {
    let value: unknown = 1;
    for (let i = 0; i < 100_000; i++) value = [value];
    expect(issuesOf({ name: 'x', meta: { value } })[0]?.code).toBe('too_deep');
  });

  it('non-object inputs', () => {
    for (const input of [null, undefined, 42, 'tool', [], true]) {
      expect(safeParseTool(input).success).toBe(false);
    }
  });

  it('limits are configurable', () => {
    const result = safeParseTool(
      { name: 'x', description: 'abcdef' },
      { limits: { maxDescriptionLength: 3 } },
    );
    expect(result.success).toBe(false);
  });
});

describe('the content hash', () => {
  it('is computed when first read and is an ordinary, frozen, serialisable property', () => {
    const tool = defineTool(weather);
    expect(Object.isFrozen(tool)).toBe(true);
    expect(Object.keys(tool).at(-1)).toBe('contentHash');
    const hash = tool.contentHash;
    expect(hash).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(tool.contentHash).toBe(hash);
    expect(JSON.parse(JSON.stringify(tool)).contentHash).toBe(hash);
    expect({ ...tool }.contentHash).toBe(hash);
    expect(structuredClone(tool).contentHash).toBe(hash);
    expect(toolToJson(tool).contentHash).toBe(hash);
    expect(() => {
      (tool as { contentHash: string }).contentHash = 'sha256:0';
    }).toThrow(TypeError);
    expect(parseTool(toolToJson(tool)).contentHash).toBe(hash);
  });
});
