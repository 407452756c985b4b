import {
  ConfigFileError,
  type ConfigIssue,
  markError,
  subclassGuard,
  ToolArsenalError,
  type ToolArsenalErrorOptions,
} from '@toolarsenal/toolmodel';

const ARSENAL = 'toolarsenal.error.arsenal';

/**
 * Misuse of the facade or a source that cannot work as configured. Codes:
 * `ARSENAL_INVALID_OPTIONS`, `ARSENAL_CLOSED`, `ARSENAL_DUPLICATE_SOURCE`, `ARSENAL_UNKNOWN_TOOLSET`,
 * `ARSENAL_SOURCE_FAILED` (a source's load failed; it is retried), `ARSENAL_BAD_MODULE`, `ARSENAL_BAD_TOOL_FILE`,
 * `ARSENAL_INDEX_BACKEND_MISSING` (`index.backend: postgres` without `@toolarsenal/toolindex-pg`/`pg` installed),
 * `ARSENAL_INDEX_UNAVAILABLE` (the index database failed; the message never holds its URL).
 */
export class ArsenalError extends ToolArsenalError {
  constructor(code: string, message: string, options: ToolArsenalErrorOptions = {}) {
    super(code, message, options);
    this.name = 'ArsenalError';
    markError(this, ARSENAL);
  }
  static override isInstance = subclassGuard<ArsenalError>(ARSENAL);
}

/** One problem in a config file: JSON pointer, machine-readable code, message, and position when known. */
export type ArsenalConfigIssue = ConfigIssue;

const CONFIG = 'toolarsenal.error.arsenal-config';

/** A `toolarsenal.yaml`/`.json` is unreadable or invalid; `issues` lists every problem found in one pass. */
export class ArsenalConfigError extends ConfigFileError {
  constructor(file: string, issues: readonly ArsenalConfigIssue[], options: ToolArsenalErrorOptions = {}) {
    super('ARSENAL_CONFIG_INVALID', 'config', file, issues, options);
    this.name = 'ArsenalConfigError';
    markError(this, CONFIG);
  }
  static override isInstance = subclassGuard<ArsenalConfigError>(CONFIG);
}
