import { createRequire } from 'node:module';
import { Command, CommanderError } from 'commander';
import { CliError, EXIT } from './cli-error.js';
import { commands } from './commands/index.js';
import { type CliIo, processIo } from './io.js';

/** The version of this package, from its package.json (one level above `src/` and `dist/`). */
const { version } = createRequire(import.meta.url)('../package.json') as { version: string };

/**
 * Builds the `toolarsenal` command tree. Each command lives in `src/commands/<name>.ts`. With `argv`,
 * only the command it names is loaded (a run pays for the packages of its own command; `--version`
 * loads none); help, an unknown command or no argv load them all.
 */
export async function createProgram(io: CliIo = processIo, argv?: readonly string[]): Promise<Command> {
  const program = new Command('toolarsenal')
    .description('Convert, check, search, import and type LLM tool definitions.')
    .version(version, '-V, --version', 'print the version of toolarsenal')
    .showHelpAfterError()
    .exitOverride()
    .configureOutput({ writeOut: io.stdout, writeErr: io.stderr });
  const named = argv?.find((arg) => !arg.startsWith('-'));
  const only = commands.find(([name]) => name === named);
  const versionOnly = named === undefined && argv?.some((arg) => arg === '-V' || arg === '--version');
  const wanted = only ? [only] : versionOnly ? [] : commands;
  const registers = await Promise.all(wanted.map(([, load]) => load()));
  for (const register of registers) register(program, io);
  return program;
}

/** Runs the CLI and returns the exit code (never calls process.exit, so it is testable in-process). */
export async function runCli(argv: readonly string[], io: CliIo = processIo): Promise<number> {
  const program = await createProgram(io, argv);
  let exitCode: number = EXIT.ok;
  program.hook('postAction', (_this, action) => {
    const code = (action as Command & { exitCodeResult?: number }).exitCodeResult;
    if (typeof code === 'number') exitCode = code;
  });
  try {
    await program.parseAsync([...argv], { from: 'user' });
    return exitCode;
  } catch (error) {
    if (error instanceof CommanderError) {
      return error.exitCode === 0 ? EXIT.ok : EXIT.usage;
    }
    if (CliError.isInstance(error)) {
      io.stderr(`toolarsenal: ${error.message}\n`);
      return error.exitCode;
    }
    io.stderr(`toolarsenal: ${(error as Error).message ?? String(error)}\n`);
    return EXIT.usage;
  }
}

/** Sets the exit code a command's action wants to return (commander actions return nothing). */
export function setExitCode(command: Command, code: number): void {
  (command as Command & { exitCodeResult?: number }).exitCodeResult = code;
}
