import { generateTypes } from '@toolarsenal/openapi/types';
import { isPlainObject, safeParseTool, type Tool } from '@toolarsenal/toolmodel';
import type { Command } from 'commander';
import { CliError, EXIT } from '../cli-error.js';
import { type CliIo, readStructured, writeOutput } from '../io.js';
import { setExitCode } from '../program.js';
import type { RegisterCommand } from './index.js';

interface TypesCommandOptions {
  output?: string;
  outputs?: boolean;
}

/** Reads canonical tools: a JSON/YAML array, `{tools: [...]}`, or JSON Lines. */
function readTools(value: unknown, source: string): Tool[] {
  const list = isPlainObject(value) && Array.isArray(value.tools) ? value.tools : value;
  if (!Array.isArray(list)) throw new CliError(`${source}: expected an array of canonical tools`);
  return list.map((item, i) => {
    const parsed = safeParseTool(item);
    if (!parsed.success) {
      throw new CliError(
        `${source}: tool ${i} is not a canonical tool: ${parsed.error.message}`,
        EXIT.problems,
      );
    }
    return parsed.tool;
  });
}

async function runTypes(
  file: string,
  options: TypesCommandOptions,
  command: Command,
  io: CliIo,
): Promise<void> {
  const source = file === '-' ? '<stdin>' : file;
  const tools = readTools(await readStructured(file, io), source);
  const generated = await generateTypes(tools, { outputs: options.outputs !== false });
  await writeOutput(generated.source, options.output, io);
  io.stderr(`generated types for ${tools.length} tools\n`);
  setExitCode(command, EXIT.ok);
}

export const registerTypes: RegisterCommand = (program, io) => {
  program
    .command('types')
    .description("Generate TypeScript types for tools' inputs (and outputs) with json-schema-to-typescript")
    .argument(
      '<tools>',
      'canonical tools file (JSON/YAML array, {"tools": [...]}, or JSON Lines; - for stdin)',
    )
    .option('--no-outputs', 'generate input types only')
    .option('-o, --output <file>', 'write the .d.ts/.ts source here instead of stdout')
    .action(async (file: string, options: TypesCommandOptions, command: Command) => {
      await runTypes(file, options, command, io);
    });
};
