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
    writeFileSync(file, code!.replace("from '@toolarsenal/tooladapter'", "from './index.js'"));
    const logs: unknown[] = [];
    vi.spyOn(console, 'log').mockImplementation((value: unknown) => {
      logs.push(value);
    });
    try {
      await import(file.href);
    } finally {
      rmSync(file);
    }
    expect(logs[0]).toMatchObject({ type: 'function', function: { name: 'github_search', strict: true } });
    expect(logs[1]).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ pointer: '/name', action: 'renamed' }),
        expect.objectContaining({ keyword: 'minLength', action: 'moved-to-description' }),
      ]),
    );
    expect(logs.slice(2)).toEqual([
      [],
      { query: 'bug', labels: { team: 'core' } },
      'github.search',
      'github.search@1.0.0',
      ['json-schema.invalid'],
      ['mcp'],
      ['alpha:search@1.0.0', 'beta:search@1.0.0'],
    ]);
  });
});
