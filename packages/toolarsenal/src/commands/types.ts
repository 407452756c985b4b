import { generateTypes, TypesGenerationError } from '@toolarsenal/openapi/types';
import type { Command } from 'commander';
import { CliError, EXIT } from '../cli-error.js';
import { dialectOption } from '../input/dialect-option.js';
import { addInputFlags, type InputFlags, inputSettings } from '../input/input-options.js';
import { CANONICAL, loadTools } from '../input/load-tools.js';
import { readInput, sourceName } from '../input/read-input.js';
import { type CliIo, writeOutput } from '../io.js';
import { setExitCode } from '../program.js';
import type { RegisterCommand } from './index.js';

interface TypesCommandOptions extends InputFlags {
  from?: string;
  output?: string;
  outputs?: boolean;
}

async function runTypes(
  file: string,
  options: TypesCommandOptions,
  command: Command,
  io: CliIo,
): Promise<void> {
  const settings = inputSettings(options);
  const source = sourceName(file);
  const raw = await readInput(file, io, settings.documentLimits);
  const { tools } = loadTools(raw, options.from, source, settings);
  if (tools.length === 0) throw new CliError(`${source}: no tools found`, EXIT.problems, 'CLI_NO_TOOLS');
  let generated: Awaited<ReturnType<typeof generateTypes>>;
  try {
    generated = await generateTypes(tools, { outputs: options.outputs !== false });
  } catch (error) {
    if (TypesGenerationError.isInstance(error))
      throw new CliError(`${source}: ${error.message}`, EXIT.problems, error.code);
    throw error;
  }
  await writeOutput(generated.source, options.output, io);
  io.stderr(`generated types for ${tools.length} tools\n`);
  setExitCode(command, EXIT.ok);
}

export const registerTypes: RegisterCommand = (program, io) => {
  const command = program
    .command('types')
    .description("Generate TypeScript types for tools' inputs (and outputs) with json-schema-to-typescript")
    .argument(
      '<tools>',
      'tools in any dialect convert reads, or canonical tools (JSON/YAML array, {"tools": [...]}, JSON Lines; - for stdin)',
    )
    .addOption(dialectOption('--from <dialect>', 'input dialect (default: detected)', [CANONICAL]))
    .option('--no-outputs', 'generate input types only')
    .option('-o, --output <file>', 'write the .d.ts/.ts source here instead of stdout')
    .addHelpText(
      'after',
      '\nEvery declaration compiles with tsc --strict; a shape several tools share is declared once.\nExit codes: 0 written, 1 invalid tools, 2 bad usage or unreadable input.',
    );
  addInputFlags(command).action(async (file: string, options: TypesCommandOptions, command: Command) => {
    await runTypes(file, options, command, io);
  });
};
