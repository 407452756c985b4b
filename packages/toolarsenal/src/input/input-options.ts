import { namespaceFromField, type NamespaceOption } from '@toolarsenal/tooladapter';
import { explainInvalidNamespace, type JsonLimits } from '@toolarsenal/toolmodel';
import { type Command, InvalidArgumentError, Option } from 'commander';
import { CliError } from '../cli-error.js';
import { fileLimits } from './read-input.js';

/** The reading options `convert`, `check` and `types` share. */
export interface InputFlags {
  namespace?: string;
  namespaceFrom?: string;
  maxNodes?: number;
  maxDocumentNodes?: number;
}

/** What the flags mean for the library calls. */
export interface InputSettings {
  /** One namespace for every tool, or one per tool from a field of its catalogue row. */
  namespace: NamespaceOption | undefined;
  /** Limits on each tool definition (`maxNodes` only when raised or lowered). */
  definitionLimits: Partial<JsonLimits>;
  /** The bound on the whole file. */
  documentLimits: JsonLimits;
}

function positiveInteger(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0) throw new InvalidArgumentError('expected a positive integer.');
  return n;
}

/** Adds `--namespace`, `--namespace-from` and the limit flags to a command. */
export function addInputFlags(command: Command): Command {
  return command
    .addOption(
      new Option(
        '--namespace <ns>',
        'namespace for every tool read (e.g. "acme.crm"); composed with one a tool has',
      ),
    )
    .addOption(
      new Option(
        '--namespace-from <field>',
        'namespace of each tool from a field of its catalogue row, e.g. "server" in {"server": …, "tool": {…}}',
      ).conflicts('namespace'),
    )
    .addOption(
      new Option('--max-nodes <n>', 'most JSON values in one tool definition (default 250000)').argParser(
        positiveInteger,
      ),
    )
    .addOption(
      new Option(
        '--max-document-nodes <n>',
        'most JSON values in the whole file (default 10000000)',
      ).argParser(positiveInteger),
    );
}

/** Checks the flags (bad ones are usage errors before any input is read) and turns them into settings. */
export function inputSettings(flags: InputFlags): InputSettings {
  let namespace: NamespaceOption | undefined;
  if (flags.namespace !== undefined) {
    const why = explainInvalidNamespace(flags.namespace);
    if (why !== undefined) throw new CliError(`--namespace ${JSON.stringify(flags.namespace)}: ${why}`);
    namespace = flags.namespace;
  } else if (flags.namespaceFrom !== undefined) {
    if (flags.namespaceFrom.trim() === '') throw new CliError('--namespace-from needs a field name');
    namespace = namespaceFromField(flags.namespaceFrom);
  }
  return {
    namespace,
    definitionLimits: flags.maxNodes === undefined ? {} : { maxNodes: flags.maxNodes },
    documentLimits: fileLimits(
      flags.maxDocumentNodes === undefined ? {} : { maxNodes: flags.maxDocumentNodes },
    ),
  };
}
