import { createRequire } from 'node:module';
import { Command, CommanderError } from 'commander';
import { CliError, EXIT } from './cli-error.js';
import { commands } from './commands/index.js';
import { type CliIo, processIo } from './io.js';

/** The version of this package, from its package.json (one level above `src/` and `dist/`). */
const { version } = createRequire(import.meta.url)('../package.json') as { version: string };

/** Builds the `toolarsenal` command tree. Each command lives in `src/commands/<name>.ts`. */
export function createProgram(io: CliIo = processIo): Command {
  const program = new Command('toolarsenal')
    .description('Convert, check, search, import and type LLM tool definitions.')
    .version(version, '-V, --version', 'print the version of toolarsenal')
    .showHelpAfterError()
    .exitOverride()
    .configureOutput({ writeOut: io.stdout, writeErr: io.stderr });
  for (const register of commands) register(program, io);
  return program;
}

/** Runs the CLI and returns the exit code (never calls process.exit, so it is testable in-process). */
export async function runCli(argv: readonly string[], io: CliIo = processIo): Promise<number> {
  const program = createProgram(io);
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
