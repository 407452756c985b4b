import { describe, expect, it } from 'vitest';
import { version } from './index.js';

describe('toolarsenal', () => {
  it('exports its version', () => {
    expect(version).toMatch(/^\d+\.\d+\.\d+/);
  });
});
