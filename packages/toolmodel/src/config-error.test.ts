import { describe, expect, it } from 'vitest';
import { ConfigFileError, type ConfigIssue } from './config-error.js';
import { markError, subclassGuard, ToolArsenalError } from './errors.js';

class PackageConfigError extends ConfigFileError {
  constructor(file: string, issues: readonly ConfigIssue[]) {
    super('PACKAGE_CONFIG_INVALID', 'package config', file, issues);
    this.name = 'PackageConfigError';
    markError(this, 'toolarsenal.error.test-package-config');
  }
  static override isInstance = subclassGuard<PackageConfigError>('toolarsenal.error.test-package-config');
}

describe('ConfigFileError', () => {
  it('lists each issue with its position, or the file alone when the parser could not locate it', () => {
    const issues: ConfigIssue[] = [
      { pointer: '/tools/0', code: 'unknown_field', message: 'unknown field "x"', line: 3, column: 5 },
      { pointer: '', code: 'yaml_syntax', message: 'bad indentation', line: 7 },
      { pointer: '/env', code: 'unset_env', message: 'TOKEN is not set' },
    ];
    const error = new PackageConfigError('a.yaml', issues);
    expect(error.message).toBe(
      'Invalid package config a.yaml (3 problems):\n' +
        '  - a.yaml:3:5 /tools/0: unknown field "x"\n' +
        '  - a.yaml:7:1 (root): bad indentation\n' +
        '  - a.yaml /env: TOKEN is not set',
    );
    expect(error.code).toBe('PACKAGE_CONFIG_INVALID');
    expect(error.file).toBe('a.yaml');
    expect(error.issues).toEqual(issues);
    expect(Object.isFrozen(error.issues)).toBe(true);
    expect(error.issues).not.toBe(issues);
  });

  it('lists 20 issues at most and counts the rest', () => {
    const issues = Array.from({ length: 23 }, (_, i) => ({ pointer: `/${i}`, code: 'c', message: `m${i}` }));
    const lines = new PackageConfigError('b.json', issues).message.split('\n');
    expect(lines[0]).toBe('Invalid package config b.json (23 problems):');
    expect(lines).toHaveLength(22);
    expect(lines[20]).toBe('  - b.json /19: m19');
    expect(lines[21]).toBe('  … and 3 more');
    expect(new PackageConfigError('c.json', [issues[0]!]).message).toBe(
      'Invalid package config c.json (1 problem):\n  - c.json /0: m0',
    );
  });

  it('is recognised by its own guard, the subclass guard and the base guard; other errors are not', () => {
    const error = new PackageConfigError('a.yaml', []);
    expect(ConfigFileError.isInstance(error)).toBe(true);
    expect(PackageConfigError.isInstance(error)).toBe(true);
    expect(ToolArsenalError.isInstance(error)).toBe(true);
    expect(error.name).toBe('PackageConfigError');
    const plain = new ConfigFileError('X', 'config', 'a.yaml', []);
    expect(PackageConfigError.isInstance(plain)).toBe(false);
    expect(ConfigFileError.isInstance(new ToolArsenalError('X', 'x'))).toBe(false);
    expect(ConfigFileError.isInstance({ file: 'a.yaml', issues: [] })).toBe(false);
  });
});
