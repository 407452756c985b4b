import { check, DIALECTS, type Dialect, type Violation } from '@toolarsenal/tooladapter';
import type { Command } from 'commander';
import { CliError, EXIT } from '../cli-error.js';
import { type CliIo, writeOutput } from '../io.js';
import { setExitCode } from '../program.js';
import { dialectOption } from '../input/dialect-option.js';
import { addInputFlags, type InputFlags, inputSettings } from '../input/input-options.js';
import { readInput, sourceName } from '../input/read-input.js';
import { toCliError } from '../input/to-cli-error.js';
import type { RegisterCommand } from './index.js';

interface CheckCommandOptions extends InputFlags {
  dialect: Dialect;
  strict?: boolean;
  format: 'text' | 'json';
}

export interface CheckReport {
  file: string;
  dialect: Dialect;
  strict: boolean | undefined;
  valid: boolean;
  violations: Violation[];
}

/** One line per violation: `pointer  rule  message` (CI logs, grep). */
export function formatViolations(violations: readonly Violation[]): string {
  return violations.map((v) => `${v.pointer || '/'}  ${v.rule}  ${v.message}\n`).join('');
}

async function runCheck(
  file: string,
  options: CheckCommandOptions,
  command: Command,
  io: CliIo,
): Promise<void> {
  const settings = inputSettings(options);
  const source = sourceName(file);
  const raw = await readInput(file, io, settings.documentLimits);
  let violations: Violation[];
  try {
    violations = check(raw, options.dialect, {
      ...(options.strict === undefined ? {} : { strict: options.strict }),
      namespace: settings.namespace,
      definitionLimits: settings.definitionLimits,
      documentLimits: settings.documentLimits,
    });
  } catch (error) {
    throw toCliError(error, source);
  }
  const report: CheckReport = {
    file: source,
    dialect: options.dialect,
    strict: options.strict,
    valid: violations.length === 0,
    violations,
  };
  if (options.format === 'json') await writeOutput(JSON.stringify(report, null, 2), undefined, io);
  else {
    io.stdout(formatViolations(violations));
    const mode = options.strict ? ' (strict)' : '';
    io.stderr(
      violations.length === 0
        ? `${source}: ok for ${options.dialect}${mode}\n`
        : `${source}: ${violations.length} violation${violations.length === 1 ? '' : 's'} of ${options.dialect}${mode}\n`,
    );
  }
  setExitCode(command, violations.length === 0 ? EXIT.ok : EXIT.problems);
}

export const registerCheck: RegisterCommand = (program, io) => {
  const command = program
    .command('check')
    .description(
      "Check tool definitions against a dialect's provider rules; exits 1 when something breaks them.",
    )
    .argument('<file>', 'input file (JSON, YAML or JSON Lines), or - for stdin')
    .addOption(dialectOption('--dialect <dialect>', 'dialect whose rules apply').makeOptionMandatory())
    .option('--strict', 'apply strict-mode rules (OpenAI structured outputs / Anthropic strict tool use)')
    .option('--no-strict', 'apply non-strict rules (the openai-responses default is strict)')
    .option('--format <format>', 'output format: text (one line per violation) or json', 'text')
    .addHelpText(
      'after',
      `\nOutput (text): one line per violation, "pointer  rule  message"; a summary on stderr.\nExit codes: 0 no violations, 1 violations found (invalid tools included), 2 bad usage or input that cannot be read as the named dialect (it says which dialect the input looks like).\n\nExample (CI):\n  npx toolarsenal check tools.json --dialect openai-chat --strict\n\nDialects: ${DIALECTS.join(', ')}.`,
    );
  addInputFlags(command).action(async (file: string, options: CheckCommandOptions, command: Command) => {
    if (options.format !== 'text' && options.format !== 'json')
      throw new CliError(
        `--format must be "text" or "json", not ${JSON.stringify(options.format)}`,
        EXIT.usage,
      );
    await runCheck(file, options, command, io);
  });
};
