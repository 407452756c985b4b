import {
  ConversionError,
  DialectMismatchError,
  FormatDetectionError,
  UnknownDialectError,
} from '@toolarsenal/tooladapter';
import {
  InvalidArgumentError,
  ToolArsenalError,
  ToolValidationError,
  UnsafeJsonError,
} from '@toolarsenal/toolmodel';
import { CliError, EXIT } from '../cli-error.js';

/**
 * Library errors as CLI errors with the documented exit code: input that is not what it was said to
 * be (another dialect, no dialect at all, an unknown one) and wrong arguments are exit 2; tools that
 * break the rules (invalid definitions, over the per-definition limits) are exit 1.
 */
export function toCliError(error: unknown, source: string): unknown {
  if (CliError.isInstance(error)) return error;
  if (UnknownDialectError.isInstance(error))
    return new CliError(error.message, EXIT.usage, 'CLI_UNKNOWN_DIALECT');
  if (DialectMismatchError.isInstance(error))
    return new CliError(`${source}: ${error.message}`, EXIT.usage, 'CLI_DIALECT_MISMATCH');
  if (FormatDetectionError.isInstance(error))
    return new CliError(`${source}: ${error.message}`, EXIT.usage, 'CLI_UNKNOWN_FORMAT');
  if (InvalidArgumentError.isInstance(error))
    return new CliError(`${source}: ${error.message}`, EXIT.usage, 'CLI_INVALID_ARGUMENT');
  if (
    ToolValidationError.isInstance(error) ||
    UnsafeJsonError.isInstance(error) ||
    ConversionError.isInstance(error) ||
    ToolArsenalError.isInstance(error)
  )
    return new CliError(`${source}: ${error.message}`, EXIT.problems, 'CLI_INVALID_INPUT');
  return error;
}
