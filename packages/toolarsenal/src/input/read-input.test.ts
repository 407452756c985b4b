import { describe, expect, it } from 'vitest';
import { CliError } from '../cli-error.js';
import { fileLimits, parseInput } from './read-input.js';

function errorOf(text: string): CliError {
  try {
    parseInput(text, 'tools.yaml');
  } catch (error) {
    if (CliError.isInstance(error)) return error;
    throw error;
  }
  throw new Error('expected a CliError');
}

describe('parseInput (every command reads its input through it)', () => {
  it('reads JSON, JSON Lines and YAML', () => {
    expect(parseInput('{"a":1}', 'x')).toEqual({ a: 1 });
    expect(parseInput('{"a":1}\n{"a":2}\n', 'x')).toEqual([{ a: 1 }, { a: 2 }]);
    expect(parseInput('a: 1\nb: [x, y]\n', 'x')).toEqual({ a: 1, b: ['x', 'y'] });
  });

  it('reports the line and column of JSON syntax errors', () => {
    const error = errorOf('{\n  "a": 1,\n  "b": ]\n}');
    expect(error.message).toMatch(/^tools\.yaml: invalid JSON: .* at line 3, column \d+$/);
    expect(error.exitCode).toBe(2);
  });

  it('reports the line and column of YAML syntax errors, once', () => {
    const error = errorOf('a: 1\nb: [1, 2\nc: 3');
    expect(error.message).toMatch(/^tools\.yaml: invalid YAML at line 3, column 1: /);
    expect(error.message.match(/line/g)).toHaveLength(1);
    expect(errorOf('a: 1\na: 2').message).toContain('invalid YAML at line 2');
  });

  it('rejects empty input, prototype pollution and alias bombs', () => {
    expect(errorOf('   ').message).toContain('empty input');
    expect(errorOf('{"__proto__": {"x": 1}}').message).toContain('__proto__');
    const bomb = [
      'a: &a [x, x, x, x, x, x, x, x, x]',
      ...Array.from(
        { length: 8 },
        (_, i) =>
          `${String.fromCharCode(98 + i)}: &${String.fromCharCode(98 + i)} [*${String.fromCharCode(97 + i)}, *${String.fromCharCode(97 + i)}, *${String.fromCharCode(97 + i)}, *${String.fromCharCode(97 + i)}, *${String.fromCharCode(97 + i)}, *${String.fromCharCode(97 + i)}, *${String.fromCharCode(97 + i)}, *${String.fromCharCode(97 + i)}, *${String.fromCharCode(97 + i)}]`,
      ),
    ].join('\n');
    expect(() => parseInput(bomb, 'bomb.yaml')).toThrow(CliError);
  });

  it('refuses repeated keys, naming the pointer (JSON keeps only the last one silently)', () => {
    const error = errorOf('{"name":"safe_read","name":"delete_everything","inputSchema":{"type":"object"}}');
    expect(error.message).toMatch(/^tools\.yaml: invalid JSON at \/name: key "name" appears twice/);
    expect(error.exitCode).toBe(2);
    const row = errorOf('{"a": 1}\n{"b": {"c": 1, "c": 2}}\n');
    expect(row.message).toMatch(/^tools\.yaml: invalid JSON Lines at \/1\/b\/c: key "c" appears twice/);
    expect(errorOf('a: 1\nb: {c: 1, c: 2}').message).toMatch(/invalid YAML at line 2/);
  });

  it('properties named constructor or prototype are data; __proto__ is refused', () => {
    const tool = {
      name: 'x',
      inputSchema: { type: 'object', properties: { constructor: {}, prototype: {} } },
    };
    expect(parseInput(JSON.stringify(tool), 'x')).toEqual(tool);
    expect(parseInput('name: x\ninputSchema: {properties: {constructor: {}}}', 'x')).toMatchObject({
      inputSchema: { properties: { constructor: {} } },
    });
    expect(errorOf('{"inputSchema": {"__proto__": {}}}').message).toMatch(/at \/inputSchema\/__proto__/);
  });

  it('bounds the whole file (exit 2), not the length of one string (a per-definition limit)', () => {
    const many = JSON.stringify(Array.from({ length: 200 }, (_, i) => ({ name: `t${i}` })));
    expect(() => parseInput(many, 'x')).not.toThrow();
    const error = (() => {
      try {
        parseInput(many, 'big.json', fileLimits({ maxNodes: 100 }));
      } catch (e) {
        return e as CliError;
      }
      throw new Error('expected an error');
    })();
    expect(error.exitCode).toBe(2);
    expect(error.message).toMatch(/more than 100 values/);
    const long = JSON.stringify({ name: 'x', description: 'd'.repeat(1_100_000) });
    expect(parseInput(long, 'x')).toMatchObject({ name: 'x' });
  });

  it('10,000-deep YAML says it is nested too deeply', () => {
    const deep = `a: ${'['.repeat(10_000)}${']'.repeat(10_000)}\n`;
    expect(errorOf(deep).message).toMatch(/^tools\.yaml: YAML nested too deeply to read/);
  });
});
