import {
  markError,
  subclassGuard,
  ToolArsenalError,
  type ToolArsenalErrorOptions,
} from '@toolarsenal/toolmodel';

const TOOLSET = 'toolarsenal.error.toolset';

/**
 * Misuse of the toolset API or a source that breaks its contract (duplicate ids, cycles,
 * non-tool values). `code` is one of the `TOOLSET_*` codes documented in the README.
 */
export class ToolsetError extends ToolArsenalError {
  constructor(code: string, message: string, options: ToolArsenalErrorOptions = {}) {
    super(code, message, options);
    this.name = 'ToolsetError';
    markError(this, TOOLSET);
  }
  static override isInstance = subclassGuard<ToolsetError>(TOOLSET);
}

/** One problem in a toolset/policy config file. */
export interface ConfigIssue {
  /** JSON pointer to the offending entry (`""` for the whole document). */
  pointer: string;
  /** Machine-readable kind: `yaml_syntax`, `json_syntax`, `unknown_field`, `invalid_type`, `bad_glob`, `unset_env`, … */
  code: string;
  message: string;
  /** 1-based line and column in the file, when the parser could locate the entry. */
  line?: number;
  column?: number;
}

const CONFIG = 'toolarsenal.error.toolset-config';

/** A toolset or policy config file is malformed; lists every problem with file, pointer and position. */
export class ToolsetConfigError extends ToolArsenalError {
  readonly file: string;
  readonly issues: readonly ConfigIssue[];
  constructor(file: string, issues: readonly ConfigIssue[]) {
    super('TOOLSET_CONFIG_INVALID', formatConfigIssues(file, issues));
    this.name = 'ToolsetConfigError';
    this.file = file;
    this.issues = Object.freeze([...issues]);
    markError(this, CONFIG);
  }
  static override isInstance = subclassGuard<ToolsetConfigError>(CONFIG);
}

const MAX_LISTED = 20;

function formatConfigIssues(file: string, issues: readonly ConfigIssue[]): string {
  const lines = issues.slice(0, MAX_LISTED).map((i) => {
    const at = i.line !== undefined ? `${file}:${i.line}:${i.column ?? 1}` : file;
    return `  - ${at} ${i.pointer || '(root)'}: ${i.message}`;
  });
  if (issues.length > MAX_LISTED) lines.push(`  … and ${issues.length - MAX_LISTED} more`);
  return `Invalid toolset config ${file} (${issues.length} problem${issues.length === 1 ? '' : 's'}):\n${lines.join('\n')}`;
}
