import {
  markError,
  subclassGuard,
  ToolArsenalError,
  type ToolArsenalErrorOptions,
  type ValidationIssue,
} from './errors.js';

/** One problem in a config file: JSON pointer, machine-readable code, message, and position when known. */
export interface ConfigIssue extends ValidationIssue {
  /** 1-based line and column in the file, when the parser could locate the entry. */
  line?: number;
  column?: number;
}

const CONFIG_FILE = 'toolarsenal.error.config-file';
const MAX_LISTED = 20;

/**
 * A config file is unreadable or invalid: `file`, and in `issues` every problem found in one pass. The
 * base of each package's own config error (toolset's `ToolsetConfigError`, the arsenal's
 * `ArsenalConfigError`), which sets the code and names the kind of config in the message.
 */
export class ConfigFileError extends ToolArsenalError {
  readonly file: string;
  readonly issues: readonly ConfigIssue[];
  constructor(
    code: string,
    kind: string,
    file: string,
    issues: readonly ConfigIssue[],
    options: ToolArsenalErrorOptions = {},
  ) {
    super(code, formatConfigIssues(kind, file, issues), options);
    this.name = 'ConfigFileError';
    this.file = file;
    this.issues = Object.freeze([...issues]);
    markError(this, CONFIG_FILE);
  }
  static override isInstance = subclassGuard<ConfigFileError>(CONFIG_FILE);
}

/** `Invalid <kind> <file> (N problems):` then one `file:line:column pointer: message` line per issue, 20 at most. */
function formatConfigIssues(kind: string, file: string, issues: readonly ConfigIssue[]): string {
  const lines = issues.slice(0, MAX_LISTED).map((i) => {
    const at = i.line !== undefined ? `${file}:${i.line}:${i.column ?? 1}` : file;
    return `  - ${at} ${i.pointer || '(root)'}: ${i.message}`;
  });
  if (issues.length > MAX_LISTED) lines.push(`  … and ${issues.length - MAX_LISTED} more`);
  return `Invalid ${kind} ${file} (${issues.length} problem${issues.length === 1 ? '' : 's'}):\n${lines.join('\n')}`;
}
