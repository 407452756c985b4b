import { describe, expect, it } from 'vitest';
import type { CliIo } from './io.js';
import { createProgram } from './program.js';
import { run } from './test-fixtures/cli-kit.js';

const io: CliIo = {
  stdout: () => undefined,
  stderr: () => undefined,
  readStdin: async () => '',
  stderrIsTTY: false,
};
const registered = async (argv?: string[]) =>
  (await createProgram(io, argv)).commands.map((command) => command.name());
const EVERY = [
  'convert',
  'check',
  'search',
  'import',
  'types',
  'call',
  'serve',
  'list',
  'config',
  'inspect',
  'index',
];

describe('the program loads only the command a run names', () => {
  it('a named command is the only one registered (the others and their packages are not loaded)', async () => {
    expect(await registered(['import', 'openapi', 'petstore.json', '-q'])).toEqual(['import']);
    expect(await registered(['check', '-', '--dialect', 'mcp'])).toEqual(['check']);
  });

  it('help, an unknown command, no arguments and no argv see every command; --version needs none', async () => {
    expect(await registered()).toEqual(EVERY);
    expect(await registered([])).toEqual(EVERY);
    expect(await registered(['--help'])).toEqual(EVERY);
    expect(await registered(['help', 'import'])).toEqual(EVERY);
    expect(await registered(['bogus'])).toEqual(EVERY);
    expect(await registered(['-V'])).toEqual([]);
    expect(await registered(['--version'])).toEqual([]);
  });

  it('help and errors still name every command', async () => {
    const help = await run(['--help']);
    expect(help.code).toBe(0);
    for (const name of EVERY) expect(help.stdout).toMatch(new RegExp(`^  ${name}\\b`, 'm'));
    const unknown = await run(['conver']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/unknown command 'conver'[\s\S]*Did you mean convert\?/);
    const version = await run(['-V']);
    expect(version.code).toBe(0);
    expect(version.stdout).toMatch(/^\d+\.\d+\.\d+\S*\n$/);
  });
});
