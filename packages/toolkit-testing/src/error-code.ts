import { ToolArsenalError } from '@toolarsenal/toolmodel';

/**
 * The `code` of the ToolArsenal error `fn` throws (undefined when it returns); any other throw is
 * rethrown, so a crash never passes for a typed refusal.
 */
export function errorCode(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (error) {
    if (ToolArsenalError.isInstance(error)) return error.code;
    throw error;
  }
  return undefined;
}
