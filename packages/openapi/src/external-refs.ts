import { resolve as resolvePath } from 'node:path';
import { escapePointerSegment, isPlainObject } from '@toolarsenal/toolmodel';
import { OpenApiImportError, type OpenApiProblem } from './errors.js';
import type { OpenApiLimits } from './limits.js';
import type { ImportPhase } from './progress.js';
import type { SpecKind } from './read-source.js';
import { validateAgainstMetaSchema } from './spec-schema.js';

export interface ExternalRefOptions {
  root: Record<string, unknown>;
  file: string;
  /** Absolute path of the root document (absent for in-memory documents). */
  path?: string | undefined;
  kind: SpecKind;
  /** Directory relative `$ref`s of an in-memory document resolve against. */
  baseDir?: string | undefined;
  /** Directory external `$ref`s must stay inside. */
  refRoot?: string | undefined;
  limits: OpenApiLimits;
  problems: OpenApiProblem[];
  onPhase: (phase: ImportPhase) => void;
}

interface ParserLike {
  schema: unknown;
  $refs: { circular: boolean };
  resolve(path: string, api: unknown, options: unknown): Promise<unknown>;
}

/**
 * A document spread over several files: json-schema-ref-parser reads every referenced file (through
 * the same parser and guard as the root, inside `refRoot`, only .json/.yaml/.yml, never URLs) and
 * dereferences the whole tree; circular refs become object cycles. Validation runs on the
 * dereferenced tree, where the other files' content is in place.
 */
export async function dereferenceFiles(
  options: ExternalRefOptions,
): Promise<{ api: Record<string, unknown>; names: WeakMap<object, string> }> {
  const { root, file, path, kind, limits, problems, onPhase } = options;
  // In-memory documents still need a location for the ref parser.
  const base = path ?? resolvePath(options.baseDir ?? process.cwd(), '__openapi_inline__.json');
  // Loaded here: single-file documents (the common case) never need the ref parser.
  const [{ default: $RefParser, dereferenceInternal }, { FileReading, toFsPath }] = await Promise.all([
    import('@apidevtools/json-schema-ref-parser'),
    import('./file-reading.js'),
  ]);
  const reading = new FileReading(file, path, limits, problems, options.refRoot);
  const parserOptions = reading.parserOptions();
  const { displayName } = reading;

  const parser = new $RefParser() as unknown as ParserLike;
  try {
    // The parser rewrites the document in place: give it a copy.
    await parser.resolve(base, structuredClone(root), parserOptions);
  } catch (error) {
    if (OpenApiImportError.isInstance(reading.firstPluginError)) throw reading.firstPluginError;
    const group = (error as { errors?: unknown }).errors;
    if (!Array.isArray(group)) throw mapParserError(error, file);
    for (const e of group as Array<{ message?: string; source?: string; path?: unknown }>) {
      problems.push({
        file: e.source ? displayName(toFsPath(e.source)) : file,
        pointer: Array.isArray(e.path) ? `/${e.path.join('/')}` : '',
        code: 'unresolved_ref',
        message: String(e.message ?? e),
      });
    }
  }
  // Plugin failures the ref parser swallowed (continueOnError) but that must not be ignored.
  if (OpenApiImportError.isInstance(reading.firstPluginError)) throw reading.firstPluginError;
  const dereference = () => {
    try {
      dereferenceInternal(parser as never, parserOptions as never);
    } catch (error) {
      throw mapParserError(error, file);
    }
  };
  // What the other files contribute is only in place once dereferenced. Validate the tree with circular
  // refs left as refs (the validator cannot walk object cycles), then close the cycles.
  parserOptions.dereference.circular = 'ignore';
  dereference();
  onPhase('validate');
  problems.push(...validateAgainstMetaSchema(parser.schema, kind, file));
  onPhase('dereference');
  if (parser.$refs.circular) {
    parserOptions.dereference.circular = true;
    dereference();
  }
  problems.push(...leftoverRefs(parser.schema, file));
  if (!isPlainObject(parser.schema)) {
    throw new OpenApiImportError('OPENAPI_NOT_OPENAPI', {
      file,
      pointer: '',
      reason: 'document is not an object',
    });
  }
  return { api: parser.schema, names: reading.refNames };
}

/** `$ref`s still present after dereferencing could not be resolved; report where they are. */
function leftoverRefs(api: unknown, file: string): OpenApiProblem[] {
  const problems: OpenApiProblem[] = [];
  const seen = new WeakSet<object>();
  const stack: Array<[unknown, string]> = [[api, '']];
  while (stack.length > 0 && problems.length < 100) {
    const [value, pointer] = stack.pop()!;
    if (value === null || typeof value !== 'object' || seen.has(value)) continue;
    seen.add(value);
    const ref = (value as Record<string, unknown>).$ref;
    if (typeof ref === 'string') {
      problems.push({
        file,
        pointer,
        code: 'unresolved_ref',
        message: `$ref "${ref}" could not be resolved`,
      });
      continue;
    }
    for (const [key, child] of Object.entries(value)) {
      if (child !== null && typeof child === 'object')
        stack.push([child, `${pointer}/${escapePointerSegment(key)}`]);
    }
  }
  return problems;
}

function mapParserError(error: unknown, file: string): OpenApiImportError {
  if (OpenApiImportError.isInstance(error)) return error;
  const message = (error as Error)?.message ?? String(error);
  return new OpenApiImportError('OPENAPI_REF', { file, pointer: '', reason: message }, [], { cause: error });
}
