import { defineTool, ToolArsenalError } from '@toolarsenal/toolmodel';
import { describe, expect, it } from 'vitest';
import { check, DIALECTS, type Dialect, detectFormat, fromCanonical, toCanonical } from './index.js';
import { TARGET_CONFIGS } from './test-fixtures/corpus-tools.js';

/** Runs `fn`; it must either return or throw a typed ToolArsenal error, and finish quickly. */
function typedOrOk(fn: () => unknown): 'ok' | string {
  const start = performance.now();
  let outcome: string;
  try {
    fn();
    outcome = 'ok';
  } catch (error) {
    expect(ToolArsenalError.isInstance(error), String(error)).toBe(true);
    outcome = (error as ToolArsenalError).code;
  }
  // Generous margin on a shared 2-core machine: the point is "no hang", not speed.
  expect(performance.now() - start).toBeLessThan(5_000);
  return outcome;
}

function nested(depth: number): Record<string, unknown> {
  let schema: Record<string, unknown> = { type: 'string' };
  for (let i = 0; i < depth; i++) schema = { type: 'object', properties: { a: schema } };
  return schema;
}

/** Proof (e): hostile input through the public API gets typed errors, never a crash or a hang. */
describe('corpus proof (e): hostile input', () => {
  it('rejects malformed schemas with typed errors in every import dialect', () => {
    const badSchemas: unknown[] = [
      { type: 'object', properties: 5 },
      { type: 'object', required: 'a' },
      { type: 'object', properties: { a: { type: 'no-such-type' } } },
      'not a schema',
    ];
    for (const bad of badSchemas) {
      const native: Array<[Dialect, unknown]> = [
        ['mcp', { name: 'x', inputSchema: bad }],
        ['openai-chat', { type: 'function', function: { name: 'x', parameters: bad } }],
        ['openai-responses', { type: 'function', name: 'x', parameters: bad, strict: false }],
        ['anthropic', { name: 'x', input_schema: bad }],
        ['gemini-json', { name: 'x', parametersJsonSchema: bad }],
        ['langchain', { name: 'x', description: 'd', schema: bad }],
        ['legacy-function', { name: 'x', parameters: bad }],
        [
          'openapi-operation',
          { path: '/x', method: 'get', operation: { parameters: [{ name: 'a', in: 'query', schema: bad }] } },
        ],
      ];
      for (const [dialect, raw] of native) {
        if (dialect === 'legacy-function' && JSON.stringify(bad).includes('no-such-type')) {
          // Legacy dumps use many ad-hoc type names: unknown ones widen to "any value", reported.
          const { losses } = toCanonical(raw, dialect);
          expect(losses.map((l) => l.detail)).toContain(
            'unknown legacy type "no-such-type" removed (any value accepted)',
          );
          continue;
        }
        expect(
          typedOrOk(() => toCanonical(raw, dialect)),
          `${dialect} ${JSON.stringify(raw)}`,
        ).not.toBe('ok');
        // Detection then import: same typed failure.
        expect(
          typedOrOk(() => toCanonical(raw)),
          `detected ${JSON.stringify(raw)}`,
        ).not.toBe('ok');
      }
    }
    for (const dialect of DIALECTS)
      for (const raw of [42, null, 'tool', [1, 2]])
        expect(
          typedOrOk(() => toCanonical(raw, dialect)),
          `${dialect} ${JSON.stringify(raw)}`,
        ).not.toBe('ok');
  });

  it('refuses $ref cycles without structure at parse time; converts ordinary recursion everywhere', () => {
    const cyclic = {
      name: 'loop',
      inputSchema: {
        type: 'object',
        properties: { a: { $ref: '#/$defs/a' } },
        $defs: { a: { $ref: '#/$defs/b' }, b: { anyOf: [{ $ref: '#/$defs/a' }, { type: 'string' }] } },
      },
    };
    expect(() => defineTool(cyclic)).toThrow(
      /\$ref cycle #\/\$defs\/a → #\/\$defs\/b → #\/\$defs\/b\/anyOf\/0 → #\/\$defs\/a/,
    );
    expect(typedOrOk(() => toCanonical(cyclic, 'mcp'))).toBe('CONVERSION_FAILED');
    const recursive = defineTool({
      name: 'tree',
      inputSchema: {
        type: 'object',
        properties: { a: { $ref: '#/$defs/a' }, self: { $ref: '#' } },
        $defs: {
          a: { anyOf: [{ type: 'object', properties: { next: { $ref: '#/$defs/a' } } }, { type: 'string' }] },
        },
      },
    });
    for (const config of TARGET_CONFIGS)
      typedOrOk(() => {
        const { value } = fromCanonical(
          recursive,
          config.dialect,
          config.strict === undefined ? {} : { strict: config.strict },
        );
        expect(check(value, config.dialect), config.label).toEqual([]);
      });
  });

  it('rejects 1,000-deep nesting on import and on check', () => {
    const deep = { name: 'deep', inputSchema: nested(1000) };
    for (const dialect of DIALECTS)
      expect(
        typedOrOk(() => toCanonical(deep, dialect)),
        dialect,
      ).not.toBe('ok');
    for (const dialect of DIALECTS)
      typedOrOk(() => check({ name: 'deep', input_schema: nested(1000) }, dialect));
    expect(typedOrOk(() => detectFormat({ name: 'deep', inputSchema: nested(1000) }))).not.toBe('ok');
  });

  it('rejects __proto__ keys; constructor and prototype are ordinary names', () => {
    const raws = [
      JSON.parse('{"name":"p","inputSchema":{"type":"object","properties":{"__proto__":{"type":"string"}}}}'),
      JSON.parse('{"name":"p","__proto__":{"polluted":true}}'),
    ];
    for (const raw of raws)
      for (const dialect of DIALECTS)
        expect(
          typedOrOk(() => toCanonical(raw, dialect)),
          `${dialect} ${JSON.stringify(raw)}`,
        ).not.toBe('ok');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    const legit = JSON.parse(
      '{"type":"function","function":{"name":"p","parameters":{"type":"object","properties":{"constructor":{"type":"string"},"prototype":{"type":"integer"}},"required":["constructor"]}}}',
    );
    const [tool] = toCanonical(legit, 'openai-chat').tools;
    expect(Object.keys(tool!.inputSchema.properties as object)).toEqual(['constructor', 'prototype']);
    for (const config of TARGET_CONFIGS) {
      const { value } = fromCanonical(
        tool!,
        config.dialect,
        config.strict === undefined ? {} : { strict: config.strict },
      );
      expect(check(value, config.dialect), config.label).toEqual([]);
    }
  });

  it('handles a 100,000-value enum: typed error or reported limit, fast', () => {
    const values = Array.from({ length: 100_000 }, (_, i) => `v${i}`);
    const huge = {
      name: 'huge',
      inputSchema: { type: 'object', properties: { e: { type: 'string', enum: values } } },
    };
    expect(typedOrOk(() => toCanonical(huge, 'mcp'))).toBe('ok');
    const tool = toCanonical(huge, 'mcp').tools[0]!;
    // Targets with an enum limit (OpenAI, Anthropic: 1,000) refuse it with a typed error; the others
    // convert it and their check passes.
    const limited = new Set(['openai-chat', 'openai-responses', 'anthropic']);
    for (const config of TARGET_CONFIGS) {
      const options = config.strict === undefined ? {} : { strict: config.strict };
      const outcome = typedOrOk(() => {
        const { value } = fromCanonical(tool, config.dialect, options);
        expect(check(value, config.dialect, options), config.label).toEqual([]);
      });
      expect(outcome, config.label).toBe(limited.has(config.dialect) ? 'CONVERSION_FAILED' : 'ok');
    }
  });

  it('reports unknown dialects and undetectable formats with typed errors', () => {
    expect(typedOrOk(() => toCanonical({ name: 'x' }, 'cobol' as never))).toBe('UNKNOWN_DIALECT');
    expect(typedOrOk(() => check({}, 'cobol' as never))).toBe('UNKNOWN_DIALECT');
    expect(typedOrOk(() => detectFormat({ hello: 'world' }))).not.toBe('ok');
  });
});
