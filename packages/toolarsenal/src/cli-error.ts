import { markError, subclassGuard, ToolArsenalError } from '@toolarsenal/toolmodel';

const CLI_ERROR = 'toolarsenal.error.cli';

/** Exit codes: 0 success, 1 the check found problems, 2 bad usage or unreadable input. */
export const EXIT = { ok: 0, problems: 1, usage: 2 } as const;

/** An error the CLI reports as one clear line on stderr, with an exit code. */
export class CliError extends ToolArsenalError {
  readonly exitCode: number;
  constructor(message: string, exitCode: number = EXIT.usage, code = 'CLI_USAGE') {
    super(code, message);
    this.name = 'CliError';
    this.exitCode = exitCode;
    markError(this, CLI_ERROR);
  }
  static override isInstance = subclassGuard<CliError>(CLI_ERROR);
}
