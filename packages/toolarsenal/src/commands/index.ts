import type { Command } from 'commander';
import type { CliIo } from '../io.js';
import { registerCall } from './call.js';
import { registerCheck } from './check.js';
import { registerConfig } from './config.js';
import { registerConvert } from './convert.js';
import { registerImport } from './import.js';
import { registerIndex } from './index-migrate.js';
import { registerList } from './list.js';
import { registerInspect } from './inspect.js';
import { registerSearch } from './search.js';
import { registerServe } from './serve.js';
import { registerTypes } from './types.js';

/** A command registers itself on the program; one file per command under src/commands/. */
export type RegisterCommand = (program: Command, io: CliIo) => void;

/** Every command, in the order `--help` lists them. Add one import + one entry per new command. */
export const commands: RegisterCommand[] = [
  registerConvert,
  registerCheck,
  registerSearch,
  registerImport,
  registerTypes,
  registerCall,
  registerServe,
  registerList,
  registerConfig,
  registerInspect,
  registerIndex,
];
