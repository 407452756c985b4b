import { InvalidArgumentError } from './errors.js';

/**
 * Whether a JSON Schema `pattern` compiles. JSON Schema patterns are ECMA-262 regular expressions;
 * validators here (ajv with `unicodeRegExp`) compile them with the `u` flag, which rejects some
 * patterns the legacy mode accepts (`[\w-.]`, lone `\-` escapes…), so that is the mode checked.
 */

// Schemas repeat the same few patterns; remember verdicts (bounded) instead of recompiling.
const verdicts = new Map<string, string | undefined>();
const MAX_REMEMBERED = 5_000;

/** Why `pattern` is not a valid unicode-mode regular expression, or `undefined` when it is. */
export function invalidPatternReason(pattern: string): string | undefined {
  if (typeof pattern !== 'string') throw new InvalidArgumentError('pattern', 'a string', pattern);
  if (verdicts.has(pattern)) return verdicts.get(pattern);
  let reason: string | undefined;
  try {
    new RegExp(pattern, 'u');
  } catch (error) {
    reason = (error as Error).message.replace(/^Invalid regular expression: /, '');
  }
  if (verdicts.size >= MAX_REMEMBERED) verdicts.clear();
  verdicts.set(pattern, reason);
  return reason;
}
