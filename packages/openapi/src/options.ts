import type { OperationFilterOptions } from './filters.js';
import type { OpenApiLimits } from './limits.js';
import type { ImportProgress } from './progress.js';

export interface ImportOpenApiOptions extends OperationFilterOptions {
  /** Namespace given to every tool (e.g. `stripe`). */
  namespace?: string | undefined;
  /** Server URL that replaces the document's servers in `sourceMeta.openapi.servers`. */
  baseUrl?: string | undefined;
  /** Deprecated operations: `mark` (default, imported with `deprecated: true`) or `skip`. */
  deprecated?: 'mark' | 'skip' | undefined;
  /**
   * Strict mode: any validation problem (schema, spec, duplicate operationId, unresolvable `$ref`)
   * throws `OpenApiImportError`. Default false: problems become warnings.
   */
  strict?: boolean | undefined;
  /**
   * Skip an operation that cannot become a valid tool instead of throwing (each skip is reported).
   * Default: true in lenient mode, false in strict mode.
   */
  skipInvalid?: boolean | undefined;
  /** Longest tool name (default 64, the limit most providers share; at most 128). */
  maxNameLength?: number | undefined;
  /** Directory relative `$ref`s of an in-memory document resolve against. */
  baseDir?: string | undefined;
  /** Follow `$ref`s into other files (default true). URLs are never fetched. */
  externalRefs?: boolean | undefined;
  /** Directory external `$ref`s must stay inside (default: the root document's directory). */
  refRoot?: string | undefined;
  /**
   * `sourceUri` prefix for the tools, e.g. the URL the document was downloaded from (default: the
   * file path relative to the working directory, `/`-separated; nothing for in-memory documents).
   * A JSON pointer to the operation is appended.
   */
  sourceUri?: string | undefined;
  /**
   * How a string `source` is read: `path` (a file), `text` (the document itself, e.g. read from
   * stdin) or, by default, guessed (text when it starts with `{`/`[` or has a line break).
   */
  sourceKind?: 'path' | 'text' | undefined;
  /** Name of an in-memory document in problems and errors (default `<string>` / `<object>`). */
  sourceName?: string | undefined;
  limits?: Partial<OpenApiLimits> | undefined;
  /** Called as the import moves through its phases (read, validate, dereference) and operations. */
  onProgress?: ((progress: ImportProgress) => void) | undefined;
}
