import {
  convert,
  DIALECTS,
  type Dialect,
  fromCanonical,
  fromCanonicalMany,
  type Loss,
} from '@toolarsenal/tooladapter';
import { parseToolId } from '@toolarsenal/toolmodel';
import { CliError, EXIT } from '../cli-error.js';
import { type CliIo, writeOutput } from '../io.js';
import { dialectOption } from '../input/dialect-option.js';
import { addInputFlags, type InputFlags, type InputSettings, inputSettings } from '../input/input-options.js';
import { CANONICAL, loadTools, readOptions, type ResolvedInput, resolveInput } from '../input/load-tools.js';
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
  const convertOptions = options.strict === undefined ? {} : { strict: options.strict };
  const input = resolve(raw, options, settings, source);
  const { value, report } =
    input.kind === 'dialect' && input.single
      ? convertOne(raw, input.dialect, options, settings, source, convertOptions)
      : convertAll(raw, options, settings, source, convertOptions);
  await writeOutput(JSON.stringify(value, null, 2), options.output, io);
  if (typeof options.report === 'string')
    await writeOutput(JSON.stringify(report, null, 2), options.report, io);
  else if (options.report === true) io.stderr(`${JSON.stringify(report, null, 2)}\n`);
  else io.stderr(formatConvertReport(report));
}

/** What the input is: one tool of a dialect goes to `convert` in one step, anything else is read first. */
function resolve(
  raw: unknown,
  options: ConvertOptions,
  settings: InputSettings,
  source: string,
): ResolvedInput {
  try {
    return resolveInput(raw, options.from, settings);
  } catch (error) {
    throw toCliError(error, source);
  }
}

interface Converted {
  value: unknown;
  report: ConvertReport;
}

/** One tool straight to the target (`convert`: no canonical tool built in between). */
function convertOne(
  raw: unknown,
  from: Dialect,
  options: ConvertOptions,
  settings: InputSettings,
  source: string,
  write: { strict?: boolean },
): Converted {
  let conversion;
  try {
    conversion = convert(raw, { from, to: options.to, read: readOptions(settings), write });
  } catch (error) {
    throw toCliError(error, source);
  }
  const renamed: Record<string, string> = {};
  for (const [id, target] of Object.entries(conversion.names.toTarget))
    if (target !== parseToolId(id).name) renamed[id] = target;
  return {
    value: conversion.value,
    report: {
      from,
      to: options.to,
      strict: options.strict,
      tools: 1,
      importLosses: conversion.readLosses,
      losses: conversion.losses,
      renamed,
    },
  };
}

/** Canonical tools, or a document of a dialect: read (repeats removed), then converted together. */
function convertAll(
  raw: unknown,
  options: ConvertOptions,
  settings: InputSettings,
  source: string,
  write: { strict?: boolean },
): Converted {
  const loaded = loadTools(raw, options.from, source, settings);
  if (loaded.tools.length === 0)
    throw new CliError(`${source}: no tools found`, EXIT.problems, 'CLI_NO_TOOLS');
  let value: unknown;
  let losses: Loss[];
  let names: Record<string, string>;
  try {
    if (loaded.single) {
      const conversion = fromCanonical(loaded.tools[0]!, options.to, write);
      value = conversion.value;
      losses = conversion.losses;
      names = { ...conversion.names.toTarget };
    } else {
      const conversion = fromCanonicalMany(loaded.tools, options.to, write);
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
  return {
    value,
    report: {
      from: loaded.from === CANONICAL ? CANONICAL : loaded.from,
      to: options.to,
      strict: options.strict,
      tools: loaded.tools.length,
      importLosses: loaded.losses,
      losses,
      renamed,
    },
  };
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
