import {
  type ImportOpenApiOptions,
  type ImportOpenApiResult,
  importOpenApi,
  OpenApiImportError,
  validateImportOptions,
} from '@toolarsenal/openapi';
import { toolToJson } from '@toolarsenal/toolmodel';
import type { Command } from 'commander';
import { CliError, EXIT } from '../cli-error.js';
import { type CliIo, readText, writeOutput } from '../io.js';
import { setExitCode } from '../program.js';
import type { RegisterCommand } from './index.js';
import { progressReporter } from './progress.js';

interface ImportOpenApiCommandOptions {
  includeTag?: string[];
  excludeTag?: string[];
  includeOperation?: string[];
  excludeOperation?: string[];
  includePath?: string[];
  excludePath?: string[];
  method?: string[];
  namespace?: string;
  baseUrl?: string;
  sourceUri?: string;
  strict?: boolean;
  skipDeprecated?: boolean;
  refRoot?: string;
  output?: string;
  quiet?: boolean;
  progress?: boolean;
}

const collect = (value: string, previous: string[] = []) => [...previous, value];

/** Document problems the import was asked to treat as errors exit 1; anything that stops reading exits 2. */
const INVALID_CODES = new Set(['OPENAPI_INVALID', 'OPENAPI_OPERATION']);

function toImportOptions(options: ImportOpenApiCommandOptions): ImportOpenApiOptions {
  return {
    includeTags: options.includeTag,
    excludeTags: options.excludeTag,
    includeOperations: options.includeOperation,
    excludeOperations: options.excludeOperation,
    includePaths: options.includePath,
    excludePaths: options.excludePath,
    methods: options.method,
    namespace: options.namespace,
    baseUrl: options.baseUrl,
    sourceUri: options.sourceUri,
    strict: options.strict === true,
    deprecated: options.skipDeprecated ? 'skip' : 'mark',
    refRoot: options.refRoot,
  };
}

/** The command-line flag behind each `importOpenApi` option the command passes on. */
const FLAGS: Readonly<Record<string, string>> = {
  includeTags: '--include-tag',
  excludeTags: '--exclude-tag',
  includeOperations: '--include-operation',
  excludeOperations: '--exclude-operation',
  includePaths: '--include-path',
  excludePaths: '--exclude-path',
  methods: '--method',
  namespace: '--namespace',
  baseUrl: '--base-url',
  sourceUri: '--source-uri',
  refRoot: '--ref-root',
};

/** An option error names the flag the user typed (`--method`), not the library's option. */
function optionMessage(error: OpenApiImportError): string {
  const option = error.pointer.slice(1);
  const flag = Object.hasOwn(FLAGS, option) ? FLAGS[option] : undefined;
  const prefix = `option ${option}: `;
  return flag && error.reason.startsWith(prefix)
    ? `${flag}: ${error.reason.slice(prefix.length)}`
    : error.reason;
}

function toCliError(error: OpenApiImportError, io: CliIo): CliError {
  const invalid = INVALID_CODES.has(error.code);
  if (invalid) {
    for (const p of error.problems.slice(1, 50)) io.stderr(`  ${p.file}#${p.pointer}: ${p.message}\n`);
  }
  // An option error names the option, not a file.
  const message = error.code === 'OPENAPI_BAD_OPTION' ? optionMessage(error) : error.message;
  return new CliError(message, invalid ? EXIT.problems : EXIT.usage, error.code);
}

async function runImportOpenApi(
  spec: string,
  options: ImportOpenApiCommandOptions,
  command: Command,
  io: CliIo,
): Promise<void> {
  const importOptions = toImportOptions(options);
  let result: ImportOpenApiResult;
  try {
    // Bad options are usage errors before anything is read (stdin included).
    validateImportOptions(importOptions);
    const progress = progressReporter(io, options.progress === true, spec === '-' ? '<stdin>' : spec);
    if (progress) importOptions.onProgress = progress.update;
    const source = spec === '-' ? await readText('-', io) : spec;
    if (spec === '-') Object.assign(importOptions, { sourceKind: 'text', sourceName: '<stdin>' });
    try {
      result = await importOpenApi(source, importOptions);
    } finally {
      progress?.done();
    }
  } catch (error) {
    if (OpenApiImportError.isInstance(error)) throw toCliError(error, io);
    throw error;
  }
  if (!options.quiet) {
    for (const w of result.warnings) io.stderr(`warning: ${w.file}#${w.pointer}: ${w.message}\n`);
    for (const r of result.renamed) {
      if (r.reasons.includes('derived')) continue;
      io.stderr(
        `renamed: operationId ${JSON.stringify(r.operationId)} → tool "${r.name}" (${r.reasons.join(', ')})\n`,
      );
    }
  }
  const { document: doc } = result;
  io.stderr(
    `imported ${result.tools.length} of ${doc.operations} operations from "${doc.title}" ${doc.version} (${doc.kind}): ` +
      `${result.skipped.length} skipped, ${doc.filtered} filtered out, ${result.warnings.length} warnings\n`,
  );
  await writeOutput(JSON.stringify(result.tools.map(toolToJson), null, 2), options.output, io);
  setExitCode(command, EXIT.ok);
}

export const registerImport: RegisterCommand = (program, io) => {
  const importCommand = program.command('import').description('Import tools from another format');
  importCommand
    .command('openapi')
    .description('Import every operation of an OpenAPI 3.x or Swagger 2.0 document as canonical tools (JSON)')
    .argument(
      '<spec>',
      'path of the OpenAPI/Swagger document (JSON or YAML; external $refs are followed), or - for stdin',
    )
    .option('--include-tag <tag>', 'keep only operations with this tag (repeatable)', collect)
    .option('--exclude-tag <tag>', 'drop operations with this tag (repeatable)', collect)
    .option('--include-operation <glob>', 'keep only operationIds matching this glob (repeatable)', collect)
    .option('--exclude-operation <glob>', 'drop operationIds matching this glob (repeatable)', collect)
    .option(
      '--include-path <glob>',
      'keep only paths matching this glob, e.g. "/pets/**" (repeatable)',
      collect,
    )
    .option('--exclude-path <glob>', 'drop paths matching this glob (repeatable)', collect)
    .option('--method <method>', 'keep only this HTTP method (repeatable)', collect)
    .option('--namespace <ns>', 'namespace for every tool, e.g. "stripe"')
    .option('--base-url <url>', "server URL to record instead of the document's servers")
    .option(
      '--source-uri <uri>',
      'where the tools say they come from, e.g. the URL the document was downloaded from',
    )
    .option('--skip-deprecated', 'leave deprecated operations out (default: import them marked deprecated)')
    .option('--ref-root <dir>', 'directory external $refs must stay inside')
    .option('--strict', 'fail (exit 1) on any validation problem instead of reporting it')
    .option('--progress', 'report progress on stderr (default: only when stderr is a terminal)')
    .option('-q, --quiet', 'print only the summary line on stderr')
    .option('-o, --output <file>', 'write the tools JSON here instead of stdout')
    .addHelpText(
      'after',
      '\nExit codes: 0 imported, 1 the document is invalid (--strict) or an operation cannot become a tool, 2 bad usage or unreadable document.',
    )
    .action(async (spec: string, options: ImportOpenApiCommandOptions, command: Command) => {
      await runImportOpenApi(spec, options, command, io);
    });
};
