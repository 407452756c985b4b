import { markError, subclassGuard, ToolArsenalError } from '@toolarsenal/toolmodel';

const CONVERSION = 'toolarsenal.error.conversion';
const UNKNOWN_DIALECT = 'toolarsenal.error.unknown-dialect';
const FORMAT_DETECTION = 'toolarsenal.error.format-detection';
const DIALECT_MISMATCH = 'toolarsenal.error.dialect-mismatch';

/** Why a conversion failed; stable values for `ConversionError.reason`. */
export type ConversionFailure =
  | 'invalid-input'
  | 'unsupported-direction'
  | 'ref-expansion-too-large'
  | 'recursion-forbidden'
  | 'limit-exceeded'
  | 'unresolved-ref';

/** A tool or document could not be converted; `pointer` locates the offending value. */
export class ConversionError extends ToolArsenalError {
  readonly pointer: string;
  readonly reason: ConversionFailure;
  constructor(
    reason: ConversionFailure,
    pointer: string,
    message: string,
    options: { cause?: unknown } = {},
  ) {
    super('CONVERSION_FAILED', `${message}${pointer ? ` (at ${pointer})` : ''}`, options);
    this.name = 'ConversionError';
    this.pointer = pointer;
    this.reason = reason;
    markError(this, CONVERSION);
  }
  static override isInstance = subclassGuard<ConversionError>(CONVERSION);
}

/** A dialect name that tooladapter does not know. */
export class UnknownDialectError extends ToolArsenalError {
  readonly dialect: string;
  constructor(dialect: string, known: readonly string[]) {
    super(
      'UNKNOWN_DIALECT',
      `Unknown dialect ${JSON.stringify(String(dialect).slice(0, 80))}; known dialects: ${known.join(', ')}`,
    );
    this.name = 'UnknownDialectError';
    this.dialect = dialect;
    markError(this, UNKNOWN_DIALECT);
  }
  static override isInstance = subclassGuard<UnknownDialectError>(UNKNOWN_DIALECT);
}

/** `detectFormat` could not tell which dialect `raw` is in (unknown shape, or several fit). */
export class FormatDetectionError extends ToolArsenalError {
  readonly pointer: string;
  /** Dialects that fit equally well when the input is ambiguous; empty when none fits. */
  readonly candidates: readonly string[];
  constructor(message: string, pointer = '', candidates: readonly string[] = []) {
    super(
      candidates.length > 1 ? 'FORMAT_AMBIGUOUS' : 'FORMAT_UNKNOWN',
      `${message}${pointer ? ` (at ${pointer})` : ''}${
        candidates.length > 1 ? `; candidates: ${candidates.join(', ')} — pass \`from\` explicitly` : ''
      }`,
    );
    this.name = 'FormatDetectionError';
    this.pointer = pointer;
    this.candidates = Object.freeze([...candidates]);
    markError(this, FORMAT_DETECTION);
  }
  static override isInstance = subclassGuard<FormatDetectionError>(FORMAT_DETECTION);
}

/**
 * The input is not in the dialect it was said to be in: it carries none of that dialect's fields
 * and looks like another one (an MCP `tools` document checked as Gemini, an OpenAI chat tool read
 * as Responses). Distinct from violations: the rules of the named dialect do not apply to it at
 * all. `looksLike` lists what it appears to be (several when detection cannot decide).
 */
export class DialectMismatchError extends ToolArsenalError {
  readonly expected: string;
  readonly looksLike: readonly string[];
  /** Pointer of the first tool that is not in `expected` (`""` for the whole input). */
  readonly pointer: string;
  constructor(expected: string, looksLike: readonly string[], pointer: string) {
    super(
      'DIALECT_MISMATCH',
      `${pointer ? `the tool at ${pointer}` : 'the input'} is not in the ${expected} dialect: it has none of its fields and looks like ${looksLike.join(' or ')}; pass the dialect it is in`,
    );
    this.name = 'DialectMismatchError';
    this.expected = expected;
    this.looksLike = Object.freeze([...looksLike]);
    this.pointer = pointer;
    markError(this, DIALECT_MISMATCH);
  }
  static override isInstance = subclassGuard<DialectMismatchError>(DIALECT_MISMATCH);
}
