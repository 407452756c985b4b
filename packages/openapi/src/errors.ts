import { markError, subclassGuard, ToolArsenalError } from '@toolarsenal/toolmodel';

const OPENAPI_IMPORT = 'toolarsenal.error.openapi-import';

/** Stable codes of `OpenApiImportError`. */
export type OpenApiImportErrorCode =
  | 'OPENAPI_UNREADABLE'
  | 'OPENAPI_SYNTAX'
  | 'OPENAPI_UNSAFE'
  | 'OPENAPI_NOT_OPENAPI'
  | 'OPENAPI_UNSUPPORTED_VERSION'
  | 'OPENAPI_REF'
  | 'OPENAPI_INVALID'
  | 'OPENAPI_TOO_LARGE'
  | 'OPENAPI_OPERATION'
  | 'OPENAPI_BAD_OPTION';

/** One problem found in an OpenAPI document, located by file and JSON pointer. */
export interface OpenApiProblem {
  /** The file (or `<string>` / `<object>` for in-memory documents) the problem is in. */
  file: string;
  /** JSON pointer (RFC 6901) into the root document, `""` for the document itself. */
  pointer: string;
  /** Short machine-readable kind, e.g. `schema_validation`, `duplicate_operation_id`. */
  code: string;
  /** Human-readable reason. */
  message: string;
}

/**
 * Thrown when a document cannot be imported (unreadable, not OpenAPI, unsafe, broken `$ref`s) or,
 * in strict mode, on any validation problem. Names the file, the JSON pointer and the reason.
 */
export class OpenApiImportError extends ToolArsenalError {
  override readonly code: OpenApiImportErrorCode;
  readonly file: string;
  readonly pointer: string;
  readonly reason: string;
  /** Every problem found (the first one is the one named in the message). */
  readonly problems: readonly OpenApiProblem[];

  constructor(
    code: OpenApiImportErrorCode,
    problem: { file: string; pointer: string; reason: string },
    problems: readonly OpenApiProblem[] = [],
    options: { cause?: unknown } = {},
  ) {
    const more =
      problems.length > 1
        ? ` (and ${problems.length - 1} more problem${problems.length > 2 ? 's' : ''})`
        : '';
    super(code, `${problem.file}#${problem.pointer}: ${problem.reason}${more}`, options);
    this.name = 'OpenApiImportError';
    this.code = code;
    this.file = problem.file;
    this.pointer = problem.pointer;
    this.reason = problem.reason;
    this.problems = Object.freeze([...problems]);
    markError(this, OPENAPI_IMPORT);
  }

  static override isInstance = subclassGuard<OpenApiImportError>(OPENAPI_IMPORT);
}
