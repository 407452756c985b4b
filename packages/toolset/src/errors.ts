import {
  ConfigFileError,
  type ConfigIssue,
  markError,
  subclassGuard,
  ToolArsenalError,
  type ToolArsenalErrorOptions,
} from '@toolarsenal/toolmodel';

/** One problem in a toolset/policy config file (toolmodel's `ConfigIssue`). */
export type { ConfigIssue };

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

const CONFIG = 'toolarsenal.error.toolset-config';

/** A toolset or policy config file is malformed; lists every problem with file, pointer and position. */
export class ToolsetConfigError extends ConfigFileError {
  constructor(file: string, issues: readonly ConfigIssue[]) {
    super('TOOLSET_CONFIG_INVALID', 'toolset config', file, issues);
    this.name = 'ToolsetConfigError';
    markError(this, CONFIG);
  }
  static override isInstance = subclassGuard<ToolsetConfigError>(CONFIG);
}
