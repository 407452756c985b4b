import { execFile } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

// The README's example, run as written in a child process.
const pkg = fileURLToPath(new URL('../', import.meta.url));
const readme = readFileSync(join(pkg, 'README.md'), 'utf8');
const [example] = [...readme.matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1]!);
const dir = join(pkg, 'node_modules', '.cache', 'readme-example');

describe('README example', () => {
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('selects tools for a request and runs a call through the runner', { timeout: 60_000 }, async () => {
    mkdirSync(dir, { recursive: true });
    const file = join(dir, 'example.mts');
    writeFileSync(file, example!);
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', file], { cwd: pkg });
    expect(stdout.trim().split('\n')).toEqual([
      "[ 'get_time', 'get_weather' ]",
      '{"city":"Oslo","tempC":21}',
      '- /city: is required but missing',
    ]);
  });
});
