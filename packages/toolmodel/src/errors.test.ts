import { copyFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type * as errorsModule from './errors.js';
import { ToolArsenalError, ToolIdError, ToolValidationError, UnsafeJsonError } from './errors.js';

describe('errors', () => {
  it('carry a stable code and a readable message', () => {
    const error = new ToolValidationError([
      { pointer: '/name', code: 'invalid_value', message: 'bad' },
      { pointer: '', code: 'x', message: 'root problem' },
    ]);
    expect(error.code).toBe('TOOL_VALIDATION');
    expect(error.message).toContain('2 problems');
    expect(error.message).toContain('/name: bad');
    expect(error.message).toContain('(root): root problem');
    expect(error).toBeInstanceOf(Error);
  });

  it('isInstance distinguishes subclasses', () => {
    const id = new ToolIdError('x', 'reason');
    expect(ToolArsenalError.isInstance(id)).toBe(true);
    expect(ToolIdError.isInstance(id)).toBe(true);
    expect(ToolValidationError.isInstance(id)).toBe(false);
    expect(UnsafeJsonError.isInstance(id)).toBe(false);
    for (const other of [new Error('x'), null, undefined, 'ToolArsenalError', { code: 'TOOL_VALIDATION' }]) {
      expect(ToolArsenalError.isInstance(other)).toBe(false);
    }
  });

  it('isInstance works across two copies of the package', async () => {
    // A second copy of the built module, as when two versions end up in node_modules.
    const built = fileURLToPath(new URL('../dist/errors.js', import.meta.url));
    const dir = mkdtempSync(join(tmpdir(), 'toolmodel-copy-'));
    copyFileSync(built, join(dir, 'errors.js'));
    const copy = (await import(join(dir, 'errors.js'))) as typeof errorsModule;
    expect(copy.ToolArsenalError).not.toBe(ToolArsenalError);
    const foreign = new copy.ToolValidationError([]);
    expect(foreign instanceof ToolArsenalError).toBe(false);
    expect(ToolArsenalError.isInstance(foreign)).toBe(true);
    expect(ToolValidationError.isInstance(foreign)).toBe(true);
    expect(copy.ToolIdError.isInstance(new ToolIdError('a', 'b'))).toBe(true);
  });
});
