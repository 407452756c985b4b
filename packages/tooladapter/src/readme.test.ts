import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { expect, it, vi } from 'vitest';

it('the README example runs as written and prints what its comments say', async () => {
  const block = /```ts\n([\s\S]*?)```/.exec(
    readFileSync(new URL('../README.md', import.meta.url), 'utf8'),
  )![1]!;
  // This package's own imports point at the source: the test must not need a build.
  const example = new URL('./readme-example.tmp.ts', import.meta.url);
  writeFileSync(example, block.replace("from '@toolarsenal/tooladapter'", "from './index.js'"));
  const printed: unknown[] = [];
  const log = vi.spyOn(console, 'log').mockImplementation((value: unknown) => void printed.push(value));
  await import(example.href).finally(() => {
    rmSync(example);
    log.mockRestore();
  });
  expect(printed[0]).toMatchObject({ type: 'function', function: { name: 'github_search', strict: true } });
  expect(printed[1]).toEqual(
    expect.arrayContaining([
      expect.objectContaining({ pointer: '/name', action: 'renamed' }),
      expect.objectContaining({ keyword: 'minLength', action: 'moved-to-description' }),
    ]),
  );
  expect(printed.slice(2)).toEqual([
    [],
    { query: 'bug', labels: { team: 'core' } },
    'github.search',
    'github.search@1.0.0',
    ['json-schema.invalid'],
    ['mcp'],
    ['alpha:search@1.0.0', 'beta:search@1.0.0'],
    {
      name: 'get_weather',
      parameters: {
        type: 'object',
        properties: { city: { type: 'string' }, unit: { enum: ['c', 'f'], type: 'string', nullable: true } },
        required: ['city'],
      },
    },
    ['/inputSchema/$schema'],
    ['type', 'type', 'type'],
  ]);
});
