import { createInterface } from 'node:readline/promises';
import type { ToolResult } from '@toolarsenal/toolrun';
import type { Command } from 'commander';
import { CliError, EXIT } from '../cli-error.js';
import type { CliIo } from '../io.js';
import { setExitCode } from '../program.js';
import { openArsenal } from './arsenal-session.js';

/** Asks on a terminal; undefined when there is none to ask on. */
export type Confirm = (question: string) => Promise<boolean | undefined>;

const terminalConfirm: Confirm = async (question) => {
  if (!process.stdin.isTTY || !process.stderr.isTTY) return undefined;
  const rl = createInterface({ input: process.stdin, output: process.stderr });
  try {
    return /^y(es)?$/i.test((await rl.question(`${question} [y/N] `)).trim());
  } finally {
    rl.close();
  }
};

export interface ConfigCallOptions {
  config?: string;
  args?: string;
  yes?: boolean;
  json?: boolean;
}

/**
 * `toolarsenal call <tool> --config`: one call through the gateway's runner (validation, policy,
 * limits). A tool that needs confirmation runs with `--yes`, after a yes on a terminal, and is
 * refused (exit 1) otherwise.
 */
export async function runConfigCall(
  tool: string,
  options: ConfigCallOptions,
  command: Command,
  io: CliIo,
  confirm: Confirm = terminalConfirm,
): Promise<void> {
  let args: unknown;
  try {
    args = JSON.parse(options.args ?? '{}');
  } catch (error) {
    throw new CliError(`--args is not JSON: ${(error as Error).message}`);
  }
  if (typeof args !== 'object' || args === null || Array.isArray(args))
    throw new CliError('--args must be a JSON object');
  const arsenal = await openArsenal(options.config, io, { quiet: options.json === true });
  try {
    let result = await arsenal.call(tool, args);
    if (result.status === 'pending_confirmation' && result.confirmation) {
      const reason = result.confirmation.reason;
      const yes = options.yes
        ? true
        : await confirm(`"${result.toolName}" needs confirmation (${reason}). Run it?`);
      if (yes === undefined) {
        io.stderr(
          `toolarsenal: "${result.toolName}" needs confirmation (${reason}); not run. Pass --yes to confirm.\n`,
        );
        setExitCode(command, EXIT.problems);
        return;
      }
      result = yes
        ? await arsenal.confirm(result.confirmation.token)
        : arsenal.runner.reject(result.confirmation.token);
    }
    print(result, options.json === true, io);
    if (!result.ok) setExitCode(command, EXIT.problems);
  } finally {
    await arsenal.close({ graceMs: 0 });
  }
}

function print(result: ToolResult, json: boolean, io: CliIo): void {
  if (json) {
    io.stdout(`${JSON.stringify(result, null, 2)}\n`);
    return;
  }
  if (result.ok) {
    const value = result.result;
    io.stdout(typeof value === 'string' ? `${value}\n` : `${JSON.stringify(value, null, 2)}\n`);
  } else {
    io.stderr(`toolarsenal: ${result.status} ${result.error?.code}: ${result.error?.message}\n`);
  }
}
