import {
  DIALECTS,
  type Dialect,
  fromCanonical,
  fromCanonicalMany,
  type Loss,
} from '@toolarsenal/tooladapter';
import { CliError, EXIT } from '../cli-error.js';
import { type CliIo, writeOutput } from '../io.js';
import { dialectOption } from '../input/dialect-option.js';
import { addInputFlags, type InputFlags, inputSettings } from '../input/input-options.js';
import { CANONICAL, loadTools } from '../input/load-tools.js';
import { readInput, sourceName } from '../input/read-input.js';
import { toCliError } from '../input/to-cli-error.js';
import type { RegisterCommand } from './index.js';

interface ConvertOptions extends InputFlags {
  to: Dialect;
  from?: string;
  strict?: boolean;
  output?: string;
  report?: string | boolean;
}

/** Dialects `convert` can write (legacy-function is import-only). */
const EXPORT_DIALECTS = DIALECTS.filter((d) => d !== 'legacy-function');

export interface ConvertReport {
  from: string;
  to: Dialect;
  strict: boolean | undefined;
  tools: number;
  /** Changes made while reading the input (e.g. legacy types normalised). */
  importLosses: Loss[];
  /** Changes made while writing the target; pointers start with the tool index. */
  losses: Loss[];
  /** Canonical tool id → name used in the target, where they differ. */
  renamed: Record<string, string>;
}

function formatLosses(title: string, losses: readonly Loss[]): string[] {
  if (losses.length === 0) return [];
  return [
    `${title} (${losses.length}):`,
    ...losses.map((l) => `  ${l.pointer || '(root)'}  ${l.keyword}  ${l.action}  ${l.detail}`),
  ];
}

/** The human loss report written to stderr. */
export function formatConvertReport(report: ConvertReport): string {
  const mode = report.strict === undefined ? '' : report.strict ? ' (strict)' : ' (non-strict)';
  const total = report.importLosses.length + report.losses.length;
  const lines = [
    `converted ${report.tools} tool${report.tools === 1 ? '' : 's'} ${report.from} → ${report.to}${mode}: ${
      total === 0 ? 'lossless' : `${total} change${total === 1 ? '' : 's'}`
    }`,
    ...Object.entries(report.renamed).map(([id, name]) => `  name  ${id} → ${name}`),
    ...formatLosses('read', report.importLosses),
    ...formatLosses('written', report.losses),
  ];
  return `${lines.join('\n')}\n`;
}

/** Exit 0 even with losses: they are reported, not failures (`toolarsenal check` gates CI). */
async function runConvert(file: string, options: ConvertOptions, io: CliIo): Promise<void> {
  if (options.to === 'legacy-function')
    throw new CliError(
      `legacy-function is import-only; convert to one of: ${EXPORT_DIALECTS.join(', ')}`,
      EXIT.usage,
      'CLI_UNSUPPORTED_TARGET',
    );
  const settings = inputSettings(options);
  const source = sourceName(file);
  const raw = await readInput(file, io, settings.documentLimits);
  const loaded = loadTools(raw, options.from, source, settings);
  if (loaded.tools.length === 0)
    throw new CliError(`${source}: no tools found`, EXIT.problems, 'CLI_NO_TOOLS');
  const convertOptions = options.strict === undefined ? {} : { strict: options.strict };
  let value: unknown;
  let losses: Loss[];
  let names: Record<string, string>;
  try {
    if (loaded.single) {
      const conversion = fromCanonical(loaded.tools[0]!, options.to, convertOptions);
      value = conversion.value;
      losses = conversion.losses;
      names = { ...conversion.names.toTarget };
    } else {
      const conversion = fromCanonicalMany(loaded.tools, options.to, convertOptions);
      value = conversion.value;
      losses = conversion.losses;
      names = { ...conversion.names.toTarget };
    }
  } catch (error) {
    throw toCliError(error, source);
  }
  const renamed: Record<string, string> = {};
  for (const tool of loaded.tools) {
    const target = names[tool.id];
    if (target !== undefined && target !== tool.name) renamed[tool.id] = target;
  }
  const report: ConvertReport = {
    from: loaded.from === CANONICAL ? CANONICAL : loaded.from,
    to: options.to,
    strict: options.strict,
    tools: loaded.tools.length,
    importLosses: loaded.losses,
    losses,
    renamed,
  };
  await writeOutput(JSON.stringify(value, null, 2), options.output, io);
  if (typeof options.report === 'string')
    await writeOutput(JSON.stringify(report, null, 2), options.report, io);
  else if (options.report === true) io.stderr(`${JSON.stringify(report, null, 2)}\n`);
  else io.stderr(formatConvertReport(report));
}

export const registerConvert: RegisterCommand = (program, io) => {
  const command = program
    .command('convert')
    .description(
      'Convert tool definitions between dialects (JSON or YAML in, JSON out); losses are reported on stderr.',
    )
    .argument('<file>', 'input file (JSON, YAML or JSON Lines), or - for stdin')
    .addOption(dialectOption('--to <dialect>', 'target dialect').makeOptionMandatory())
    .addOption(dialectOption('--from <dialect>', 'input dialect (default: detected)', [CANONICAL]))
    .option('--strict', 'strict mode (OpenAI structured outputs / Anthropic strict tool use)')
    .option('--no-strict', 'non-strict mode (the openai-responses default is strict)')
    .option('-o, --output <file>', 'write the converted JSON here instead of stdout')
    .option('--report [file]', 'write the loss report as JSON to <file> (or to stderr without a file)')
    .addHelpText(
      'after',
      `\nExamples:\n  toolarsenal convert tools.json --to openai-chat --strict -o openai-tools.json\n  cat tools.yaml | toolarsenal convert - --to gemini --report losses.json\n  toolarsenal convert catalogue.jsonl --namespace-from server --to anthropic\n\nDialects: ${DIALECTS.join(', ')} (legacy-function: input only), ${CANONICAL} (input only).\nExit codes: 0 converted (losses are reported, not failures), 1 invalid tools, 2 bad usage or unreadable input.`,
    );
  addInputFlags(command).action(async (file: string, options: ConvertOptions) => {
    await runConvert(file, options, io);
  });
};
