import type { Command } from 'commander';
import type { CliIo } from '../io.js';

/** A command registers itself on the program; one file per command under src/commands/. */
export type RegisterCommand = (program: Command, io: CliIo) => void;

/**
 * Every command by name, in the order `--help` lists them, each loaded only when it is used: a
 * command's module pulls in the packages behind it (the MCP SDK, undici, the gateway, the
 * inspector…), and loading all of them cost ~0.8 s of CPU before any command ran. Add one entry per
 * new command.
 */
export const commands: ReadonlyArray<readonly [name: string, load: () => Promise<RegisterCommand>]> = [
  ['convert', async () => (await import('./convert.js')).registerConvert],
  ['check', async () => (await import('./check.js')).registerCheck],
  ['search', async () => (await import('./search.js')).registerSearch],
  ['import', async () => (await import('./import.js')).registerImport],
  ['types', async () => (await import('./types.js')).registerTypes],
  ['call', async () => (await import('./call.js')).registerCall],
  ['serve', async () => (await import('./serve.js')).registerServe],
  ['list', async () => (await import('./list.js')).registerList],
  ['config', async () => (await import('./config.js')).registerConfig],
  ['inspect', async () => (await import('./inspect.js')).registerInspect],
];
