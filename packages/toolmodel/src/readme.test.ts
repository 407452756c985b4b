import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';

/** Runs the README's example as written (imports of this package pointed at the source) and checks what it prints. */
describe('README example', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('runs as written and prints what its comments say', async () => {
    const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
    const code = /```ts\n([\s\S]*?)```/.exec(readme)?.[1];
    expect(code).toBeDefined();
    const file = new URL('./readme-example.tmp.ts', import.meta.url);
    writeFileSync(file, code!.replace("from '@toolarsenal/toolmodel'", "from './index.js'"));
    const logs: unknown[] = [];
    vi.spyOn(console, 'log').mockImplementation((value: unknown) => {
      logs.push(value);
    });
    try {
      await import(file.href);
    } finally {
      rmSync(file);
    }
    expect(logs).toEqual([
      'demo.weather:get_weather@1.0.0',
      { namespace: 'demo.weather', name: 'get_weather', version: '1.0.0' },
      expect.stringMatching(/^sha256:[0-9a-f]{64}$/),
      [],
      [{ pointer: '/city', message: 'is required but missing', keyword: 'required' }],
      '/name',
    ]);
  });
});
