import { type ArgumentValidator, createArgumentValidator, defineTool } from '@toolarsenal/toolmodel';
import { describe, expect, it } from 'vitest';
import { createRunner, ToolRegistrationError, ToolRunError } from './index.js';

/** A real validator that counts how often a tool's validators are compiled. */
function countingValidator(): { validator: ArgumentValidator; compiled: string[] } {
  const real = createArgumentValidator();
  const compiled: string[] = [];
  const validator: ArgumentValidator = {
    validateInput: (tool, args) => real.validateInput(tool, args),
    validateOutput: (tool, output) => real.validateOutput(tool, output),
    forTool: (tool) => {
      compiled.push(tool.name);
      return real.forTool(tool);
    },
    get size() {
      return real.size;
    },
  };
  return { validator, compiled };
}

const schema = { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] };

describe('validators compiled on first call', () => {
  it('registration compiles nothing; the first call compiles that tool only', async () => {
    const { validator, compiled } = countingValidator();
    const runner = createRunner({ validator });
    for (let i = 0; i < 50; i++) runner.register({ name: `t${i}`, inputSchema: schema }, () => 'ok');
    expect(compiled).toEqual([]);
    expect(validator.size).toBe(0);
    expect((await runner.run({ name: 't7', arguments: { id: 'a' } })).status).toBe('success');
    expect(compiled).toEqual(['t7']);
    expect((await runner.run({ name: 't7', arguments: { id: 'b' } })).status).toBe('success');
    expect(compiled).toEqual(['t7']);
  });

  it('concurrent first calls share one compilation and still validate', async () => {
    const { validator, compiled } = countingValidator();
    const runner = createRunner({ validator });
    runner.register({ name: 'lookup', inputSchema: schema }, ({ id }) => `found ${String(id)}`);
    const results = await Promise.all([
      runner.run({ name: 'lookup', arguments: { id: '1' } }),
      runner.run({ name: 'lookup', arguments: { id: '2' } }),
      runner.run({ name: 'lookup', arguments: {} }),
      runner.run({ name: 'lookup', arguments: { id: 3 } }),
    ]);
    expect(results.map((r) => r.status)).toEqual([
      'success',
      'success',
      'invalid_arguments',
      'invalid_arguments',
    ]);
    expect(results[2]!.error?.message).toContain('/id: is required but missing');
    expect(compiled).toEqual(['lookup']);
  });

  it('a schema that cannot compile fails each call with a typed error naming the tool, compiled once', async () => {
    const { validator, compiled } = countingValidator();
    const runner = createRunner({ validator });
    let ran = 0;
    // Valid JSON Schema that defineTool accepts, but the $ref points outside the schema: ajv cannot resolve it.
    const tool = defineTool({
      name: 'remote_ref',
      inputSchema: { type: 'object', properties: { a: { $ref: 'https://example.com/a.json' } } },
    });
    runner.register(tool, () => ran++);
    runner.register({ name: 'fine', inputSchema: schema }, () => 'ok');
    for (let i = 0; i < 2; i++) {
      const result = await runner.run({ name: 'remote_ref', arguments: { a: 1 } });
      expect(result.status).toBe('failure');
      expect(ToolRunError.isInstance(result.error)).toBe(true);
      expect(result.error?.code).toBe('TOOL_SCHEMA_UNCOMPILABLE');
      expect(result.error?.message).toContain('Tool "remote_ref" cannot be called: its inputSchema');
      expect(result.error?.message).toContain("can't resolve reference https://example.com/a.json");
      expect(result.error?.details).toEqual({ tool: tool.id, field: 'inputSchema' });
    }
    expect(ran).toBe(0);
    expect(compiled).toEqual(['remote_ref']);
    // Other tools are unaffected.
    expect((await runner.run({ name: 'fine', arguments: { id: 'x' } })).status).toBe('success');
  });

  it('an output schema that cannot compile fails the call with the same typed error', async () => {
    const runner = createRunner({ validator: createArgumentValidator() });
    runner.register(
      {
        name: 'out_ref',
        inputSchema: { type: 'object' },
        outputSchema: { type: 'object', properties: { a: { $ref: 'other.json#/x' } } },
      },
      { handler: () => ({ a: 1 }), validateOutput: true, retry: false },
    );
    const result = await runner.run({ name: 'out_ref', arguments: {} });
    expect(result.status).toBe('failure');
    expect(result.error?.code).toBe('TOOL_SCHEMA_UNCOMPILABLE');
    expect(result.error?.message).toContain('its outputSchema could not be compiled');
  });

  it('registration still refuses patterns the linear engine cannot run, with their pointer', () => {
    const runner = createRunner({ validator: createArgumentValidator() });
    const lookahead = {
      name: 'nested',
      inputSchema: {
        type: 'object',
        properties: { p: { type: 'object', patternProperties: { '^(?!x)': { type: 'string' } } } },
      },
    };
    expect(() => runner.register(lookahead, () => 'ok')).toThrow(ToolRegistrationError);
    expect(() => runner.register(lookahead, () => 'ok')).toThrow(
      /tool "nested": \/inputSchema\/properties\/p\/patternProperties: pattern "\^\(\?!x\)" cannot run on the linear-time engine/,
    );
    const output = {
      name: 'out',
      inputSchema: { type: 'object' },
      outputSchema: { type: 'object', properties: { v: { type: 'string', pattern: '(a)\\1' } } },
    };
    // Output schemas are checked only when outputs are validated.
    expect(() => runner.register(output, () => 'ok')).not.toThrow();
    expect(() => runner.register(output, { handler: () => 'ok', validateOutput: true })).toThrow(
      /\/outputSchema\/properties\/v\/pattern: pattern "\(a\)\\\\1" cannot run/,
    );
  });
});
