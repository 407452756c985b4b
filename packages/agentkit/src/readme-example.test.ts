import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it, vi } from 'vitest';

// The README's example, run as written (its import of the package resolves to the sources).
const pkg = fileURLToPath(new URL('../', import.meta.url));
const readme = readFileSync(join(pkg, 'README.md'), 'utf8');
const [example] = [...readme.matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1]!);
const dir = join(pkg, 'node_modules', '.cache', 'readme-example');

describe('README example', () => {
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('selects tools for a request and runs a call through the runner', async () => {
    mkdirSync(dir, { recursive: true });
    const file = join(dir, 'example.mts');
    writeFileSync(file, example!);
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    try {
      await import(pathToFileURL(file).href);
      expect(log.mock.calls).toEqual([
        [['get_time', 'get_weather']],
        ['{"city":"Oslo","tempC":21}'],
        ['- /city: is required but missing'],
      ]);
    } finally {
      log.mockRestore();
    }
  });
});
