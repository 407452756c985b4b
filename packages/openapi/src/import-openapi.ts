import { isAbsolute, relative, sep } from 'node:path';
import { isPlainObject, type Tool } from '@toolarsenal/toolmodel';
import { OpenApiImportError, type OpenApiProblem } from './errors.js';
import { createOperationFilter } from './filters.js';
import { DEFAULT_OPENAPI_LIMITS, type OpenApiLimits } from './limits.js';
import { type LoadedDocument, loadDocument, type OpenApiSource, type SpecKind } from './load-document.js';
import type { NameMapping } from './naming.js';
import { OperationRun } from './operation-run.js';
import { checkOperation, findDuplicateOperationIds, listOperations } from './operations.js';
import type { ImportOpenApiOptions } from './options.js';
import type { ImportProgress } from './progress.js';
import { SchemaConverter } from './schema-convert.js';
import { reportStats } from './schema-stats-report.js';
import { SchemaStats } from './schema-stats.js';
import { validateImportOptions } from './validate-options.js';

/** An operation that did not become a tool, and why. */
export interface SkippedOperation {
  method: string;
  path: string;
  operationId?: string;
  /** JSON pointer of the operation in the root document. */
  pointer: string;
  /** `invalid` (could not become a valid tool) or `deprecated` (skipped by option). */
  code: 'invalid' | 'deprecated';
  reason: string;
}

export interface ImportedDocument {
  title: string;
  version: string;
  openapiVersion: string;
  kind: SpecKind;
  file: string;
  /** Operations found under `paths` (3.1 webhooks are not operations a client calls and are not imported). */
  operations: number;
  /** Operations left out by the include/exclude filters. */
  filtered: number;
  /** Milliseconds spent validating and resolving `$ref`s. */
  dereferenceMs: number;
}

export interface ImportOpenApiResult {
  tools: Tool[];
  /** Every problem found (validation, ignored parameters, dropped keywords, renamed operations). */
  warnings: OpenApiProblem[];
  skipped: SkippedOperation[];
  /** Operations whose tool name differs from their operationId (or that had none), with the reasons. */
  renamed: NameMapping[];
  document: ImportedDocument;
}

/**
 * Imports every operation of an OpenAPI 3.0/3.1 or Swagger 2.0 document as a canonical tool.
 * `source` is a file path, a JSON/YAML string or a parsed object. Lenient by default: validation
 * problems become warnings and operations that cannot be used are skipped and reported; with
 * `strict: true` any problem throws `OpenApiImportError`.
 */
export async function importOpenApi(
  source: OpenApiSource,
  options: ImportOpenApiOptions = {},
): Promise<ImportOpenApiResult> {
  validateImportOptions(options);
  if (typeof source !== 'string' && !isPlainObject(source)) {
    throw new OpenApiImportError('OPENAPI_BAD_OPTION', {
      file: '<source>',
      pointer: '',
      reason: `source must be a file path, a JSON/YAML string or a document object, not ${source === null ? 'null' : Array.isArray(source) ? 'an array' : typeof source}`,
    });
  }
  const limits: OpenApiLimits = { ...DEFAULT_OPENAPI_LIMITS, ...options.limits };
  const strict = options.strict === true;
  const skipInvalid = options.skipInvalid ?? !strict;
  const progress = (event: ImportProgress) => options.onProgress?.(event);
  const doc = await loadDocument(source, {
    baseDir: options.baseDir,
    externalRefs: options.externalRefs,
    refRoot: options.refRoot,
    sourceKind: options.sourceKind,
    sourceName: options.sourceName,
    limits,
    onPhase: (phase) => progress({ phase }),
  });
  const { file } = doc;
  // Shared with the ref resolver, which reports the `$ref`s it cannot follow as operations reach them.
  const warnings: OpenApiProblem[] = doc.problems;
  const warn = (pointer: string, code: string, message: string) =>
    warnings.push({ file, pointer, code, message });

  const maxNameLength = Math.min(128, Math.max(8, options.maxNameLength ?? 64));
  const pending = listOperations(doc, maxNameLength, warn);
  if (pending.length > limits.maxOperations) {
    throw new OpenApiImportError('OPENAPI_TOO_LARGE', {
      file,
      pointer: '/paths',
      reason: `document has ${pending.length} operations; the limit is ${limits.maxOperations} (limits.maxOperations)`,
    });
  }
  for (const [id, pointers] of findDuplicateOperationIds(pending)) {
    warn(
      pointers[1]!,
      'duplicate_operation_id',
      `operationId "${id}" is used by ${pointers.length} operations (${pointers.join(', ')}); tool names made unique`,
    );
  }
  for (const op of pending) warnings.push(...checkOperation(op, file, doc.refs));
  if (strict) failOnProblems(warnings);
  const checked = warnings.length;

  const stats = new SchemaStats();
  const converter = new SchemaConverter(doc.refs, stats);
  const filter = createOperationFilter(options);
  const uriBase = options.sourceUri ?? portablePath(doc);
  const noted = new Set<string>();
  const warnOnce = (pointer: string, code: string, message: string) => {
    const key = `${code}\u0000${message}`;
    if (noted.has(key)) return;
    noted.add(key);
    warn(pointer, code, message);
  };
  const context = { converter, stats, limits, options, uriBase, warn, warnOnce };
  const run = new OperationRun(doc, filter, context, skipInvalid);
  progress({ phase: 'operations', done: 0, total: pending.length });
  for (const [index, op] of pending.entries()) {
    if (index > 0) progress({ phase: 'operations', done: index, total: pending.length });
    run.add(op);
  }
  progress({ phase: 'operations', done: pending.length, total: pending.length });
  // Problems only met while converting: `$ref`s that lead nowhere, schemas validators refuse.
  if (strict) failOnProblems(warnings.slice(checked).filter((w) => LATE_PROBLEMS.has(w.code)));
  reportStats(stats, warn);
  const { tools, skipped, renamed, filtered } = run;
  for (const s of skipped) {
    if (s.code === 'invalid')
      warn(s.pointer, 'operation_skipped', `${s.method.toUpperCase()} ${s.path} skipped: ${s.reason}`);
  }
  return { tools, warnings, skipped, renamed, document: describeDocument(doc, pending.length, filtered) };
}

const LATE_PROBLEMS = new Set(['unresolved_ref', 'schema_repaired']);

function failOnProblems(problems: readonly OpenApiProblem[]): void {
  if (problems.length === 0) return;
  const first = problems[0]!;
  throw new OpenApiImportError(
    'OPENAPI_INVALID',
    { file: first.file, pointer: first.pointer, reason: `${first.message} (strict mode)` },
    problems,
  );
}

function describeDocument(doc: LoadedDocument, operations: number, filtered: number): ImportedDocument {
  const info = isPlainObject(doc.api.info) ? doc.api.info : {};
  return {
    title: typeof info.title === 'string' ? info.title : '',
    version: info.version === undefined ? '' : String(info.version),
    openapiVersion: doc.openapiVersion,
    kind: doc.kind,
    file: doc.file,
    operations,
    filtered,
    dereferenceMs: doc.dereferenceMs,
  };
}

/**
 * Where tools say they came from: the document's path relative to the working directory, with `/`
 * separators, so outputs are the same on every machine and reveal no local directories.
 */
function portablePath(doc: LoadedDocument): string | undefined {
  if (doc.path === undefined) return undefined;
  const rel = relative(process.cwd(), doc.path);
  return (isAbsolute(rel) ? doc.file : rel).split(sep).join('/');
}
