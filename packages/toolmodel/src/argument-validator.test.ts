import { describe, expect, it } from 'vitest';
import { createArgumentValidator, formatArgumentErrors } from './argument-validator.js';
import { defineTool } from './define-tool.js';

const tool = defineTool({
  name: 'book_flight',
  description: 'Book a flight.',
  inputSchema: {
    type: 'object',
    properties: {
      from: { type: 'string', minLength: 3, maxLength: 3 },
      to: { type: 'string', minLength: 3, maxLength: 3 },
      date: { type: 'string', format: 'date' },
      cabin: { enum: ['economy', 'business'] },
      passengers: {
        type: 'array',
        items: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
      },
    },
    required: ['from', 'to', 'date'],
    additionalProperties: false,
  },
  outputSchema: {
    type: 'object',
    properties: { confirmation: { type: 'string' } },
    required: ['confirmation'],
  },
});

describe('argument validation', () => {
  it('accepts valid arguments', () => {
    const v = createArgumentValidator();
    expect(v.validateInput(tool, { from: 'BER', to: 'LIS', date: '2026-12-01', cabin: 'economy' })).toEqual({
      valid: true,
      errors: [],
    });
  });

  it('lists every problem by pointer', () => {
    const v = createArgumentValidator();
    const result = v.validateInput(tool, {
      from: 'Berlin',
      date: 'tomorrow',
      cabin: 'first',
      passengers: [{}],
      extra: 1,
    });
    expect(result.valid).toBe(false);
    const pointers = result.errors.map((e) => e.pointer).sort();
    expect(pointers).toEqual(['/cabin', '/date', '/extra', '/from', '/passengers/0/name', '/to'].sort());
    expect(result.errors.find((e) => e.pointer === '/cabin')?.message).toBe(
      'must be one of "economy", "business"',
    );
    const message = formatArgumentErrors(tool.name, result.errors);
    expect(message).toContain('Invalid arguments for tool "book_flight"');
    expect(message).toContain('- /to: is required but missing');
  });

  it('compiles once per tool and validates outputs', () => {
    const v = createArgumentValidator({ cacheSize: 10 });
    v.validateInput(tool, {});
    v.validateInput(tool, {});
    expect(v.size).toBe(1);
    expect(v.validateOutput(tool, { confirmation: 'X1' }).valid).toBe(true);
    expect(v.validateOutput(tool, {}).valid).toBe(false);
    expect(v.size).toBe(2);
  });

  it('forTool binds compiled validators to one tool (the output schema compiles on first use)', () => {
    const v = createArgumentValidator();
    const bound = v.forTool(tool);
    expect(v.size).toBe(1);
    expect(bound.validateInput({ from: 'BER', to: 'LIS', date: '2026-12-01' }).valid).toBe(true);
    expect(bound.validateInput({ from: 'BER' }).errors.map((e) => e.pointer)).toEqual(['/to', '/date']);
    expect(bound.validateOutput({}).valid).toBe(false);
    expect(v.size).toBe(2);
    expect(v.forTool(defineTool({ name: 'no_output' })).validateOutput('anything').valid).toBe(true);
  });

  it('evicts least recently used validators', () => {
    const v = createArgumentValidator({ cacheSize: 2 });
    for (let i = 0; i < 5; i++) v.validateInput(defineTool({ name: `t${i}` }), {});
    expect(v.size).toBe(2);
  });

  it('hostile arguments are reported, not thrown', () => {
    const v = createArgumentValidator();
    const polluted = JSON.parse('{"from":"BER","to":"LIS","date":"2026-12-01","__proto__":{"admin":true}}');
    expect(v.validateInput(tool, polluted).valid).toBe(false);
    expect(v.validateInput(tool, null).valid).toBe(false);
    expect(v.validateInput(tool, 'x'.repeat(1_000_000)).valid).toBe(false);
  });
});
