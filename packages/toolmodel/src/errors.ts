/**
 * Error base for every ToolArsenal package.
 *
 * `isInstance` checks a global symbol marker instead of `instanceof`, so it keeps
 * working when two copies of a package end up in one dependency tree.
 */
const marker = Symbol.for('toolarsenal.error');

export interface ToolArsenalErrorOptions {
  cause?: unknown;
}

export class ToolArsenalError extends Error {
  /** Stable, machine-readable error code (SCREAMING_SNAKE_CASE). */
  readonly code: string;

  constructor(code: string, message: string, options: ToolArsenalErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'ToolArsenalError';
    this.code = code;
    Object.defineProperty(this, marker, { value: true, enumerable: false });
  }

  /** True for any ToolArsenal error, whichever package copy created it. */
  static isInstance(error: unknown): error is ToolArsenalError {
    return hasMarker(error, marker);
  }
}

function hasMarker(error: unknown, symbol: symbol): boolean {
  return typeof error === 'object' && error !== null && (error as Record<symbol, unknown>)[symbol] === true;
}

/**
 * Creates a marker-based `isInstance` for a subclass, so subclasses also work across copies.
 * Usage: `static isInstance = subclassGuard<MyError>('toolarsenal.error.my')`.
 */
export function subclassGuard<T>(name: string): (error: unknown) => error is T {
  const symbol = Symbol.for(String(name));
  return (error: unknown): error is T => hasMarker(error, symbol);
}

/** Tags an instance with a subclass marker; call in the subclass constructor. */
export function markError(error: object, name: string): void {
  if (error === null || typeof error !== 'object')
    throw new InvalidArgumentError('error', 'an error object to mark', error);
  Object.defineProperty(error, Symbol.for(String(name)), { value: true, enumerable: false });
}

/** One problem found in outside data, located by a JSON pointer. */
export interface ValidationIssue {
  /** JSON pointer (RFC 6901) to the offending value, `""` for the root. */
  pointer: string;
  /** Short machine-readable kind, e.g. `invalid_name`, `too_deep`, `cycle`. */
  code: string;
  /** Actionable, human-readable explanation. */
  message: string;
}

const TOOL_VALIDATION = 'toolarsenal.error.tool-validation';

/** Thrown when a tool definition (or any part of it) is invalid. Lists every problem found. */
export class ToolValidationError extends ToolArsenalError {
  readonly issues: readonly ValidationIssue[];

  constructor(
    issues: readonly ValidationIssue[],
    options: ToolArsenalErrorOptions & { subject?: string } = {},
  ) {
    super('TOOL_VALIDATION', formatIssues(options.subject ?? 'Invalid tool definition', issues), options);
    this.name = 'ToolValidationError';
    this.issues = Object.freeze([...issues]);
    markError(this, TOOL_VALIDATION);
  }

  static override isInstance = subclassGuard<ToolValidationError>(TOOL_VALIDATION);
}

const TOOL_ID = 'toolarsenal.error.tool-id';

/** Thrown by `parseToolId`/`formatToolId` for malformed ids or parts. */
export class ToolIdError extends ToolArsenalError {
  readonly input: string;
  constructor(input: string, reason: string) {
    super('TOOL_ID_INVALID', `Invalid tool id ${JSON.stringify(truncate(input, 200))}: ${reason}`);
    this.name = 'ToolIdError';
    this.input = input;
    markError(this, TOOL_ID);
  }
  static override isInstance = subclassGuard<ToolIdError>(TOOL_ID);
}

const UNSAFE_JSON = 'toolarsenal.error.unsafe-json';

/** Thrown when outside data is not plain, bounded JSON (cycles, functions, huge or deep values, `__proto__` keys). */
export class UnsafeJsonError extends ToolArsenalError {
  readonly issues: readonly ValidationIssue[];
  constructor(issues: readonly ValidationIssue[], subject = 'Unsafe JSON input') {
    super('UNSAFE_JSON', formatIssues(subject, issues));
    this.name = 'UnsafeJsonError';
    this.issues = Object.freeze([...issues]);
    markError(this, UNSAFE_JSON);
  }
  static override isInstance = subclassGuard<UnsafeJsonError>(UNSAFE_JSON);
}

const INVALID_ARGUMENT = 'toolarsenal.error.invalid-argument';

/**
 * A library function received an argument of the wrong type or shape (`null` where a tool is
 * expected, a number where options belong…): a typed error instead of a raw `TypeError`.
 */
export class InvalidArgumentError extends ToolArsenalError {
  /** The parameter at fault, e.g. `tool` or `options.limits`. */
  readonly argument: string;
  constructor(argument: string, expected: string, received: unknown) {
    super(
      'INVALID_ARGUMENT',
      `${String(argument)} must be ${String(expected)}, got ${describeValue(received)}`,
    );
    this.name = 'InvalidArgumentError';
    this.argument = String(argument);
    markError(this, INVALID_ARGUMENT);
  }
  static override isInstance = subclassGuard<InvalidArgumentError>(INVALID_ARGUMENT);
}

const JSON_POINTER = 'toolarsenal.error.json-pointer';

/** A string that is not an RFC 6901 JSON pointer (or a `#`-fragment of one). */
export class JsonPointerError extends ToolArsenalError {
  readonly pointer: string;
  constructor(pointer: string, reason: string) {
    super(
      'JSON_POINTER_INVALID',
      `Invalid JSON pointer ${JSON.stringify(truncate(pointer, 200))}: ${reason}`,
    );
    this.name = 'JsonPointerError';
    this.pointer = pointer;
    markError(this, JSON_POINTER);
  }
  static override isInstance = subclassGuard<JsonPointerError>(JSON_POINTER);
}

/** A short description of a value's type for error messages (`null`, `an array`, `a number`…). */
export function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  switch (typeof value) {
    case 'undefined':
      return 'undefined';
    case 'object':
      return 'an object';
    case 'string':
      return 'a string';
    case 'number':
      return `the number ${String(value)}`;
    case 'boolean':
      return `${String(value)}`;
    case 'bigint':
      return 'a BigInt';
    case 'symbol':
      return 'a symbol';
    default:
      return 'a function';
  }
}

const MAX_LISTED = 20;

export function formatIssues(subject: string, issues: readonly ValidationIssue[]): string {
  if (!Array.isArray(issues)) return `${String(subject)} (issues unavailable)`;
  const lines = issues
    .slice(0, MAX_LISTED)
    .map((i: Partial<ValidationIssue> | null) => `  - ${i?.pointer || '(root)'}: ${i?.message}`);
  if (issues.length > MAX_LISTED) lines.push(`  … and ${issues.length - MAX_LISTED} more`);
  return `${subject} (${issues.length} problem${issues.length === 1 ? '' : 's'}):\n${lines.join('\n')}`;
}

export function truncate(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max)}…`;
}
