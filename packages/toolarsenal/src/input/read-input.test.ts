import { describe, expect, it } from 'vitest';
import { CliError } from './cli-error.js';
import { parseStructured } from './io.js';

function errorOf(text: string): CliError {
  try {
    parseStructured(text, 'tools.yaml');
  } catch (error) {
    if (CliError.isInstance(error)) return error;
    throw error;
  }
  throw new Error('expected a CliError');
}

describe('parseStructured', () => {
  it('reads JSON, JSON Lines and YAML', () => {
    expect(parseStructured('{"a":1}', 'x')).toEqual({ a: 1 });
    expect(parseStructured('{"a":1}\n{"a":2}\n', 'x')).toEqual([{ a: 1 }, { a: 2 }]);
    expect(parseStructured('a: 1\nb: [x, y]\n', 'x')).toEqual({ a: 1, b: ['x', 'y'] });
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
    expect(() => parseStructured(bomb, 'bomb.yaml')).toThrow(CliError);
  });
});
