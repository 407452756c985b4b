import { isAbsolute, relative, resolve as resolvePath, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import $RefParser, {
  dereferenceInternal,
  ParserError,
  ResolverError,
} from '@apidevtools/json-schema-ref-parser';
import { escapePointerSegment, isPlainObject } from '@toolarsenal/toolmodel';
import { OpenApiImportError, type OpenApiProblem } from './errors.js';
import type { OpenApiLimits } from './limits.js';
import { refName } from './local-refs.js';
import { parseSpecText } from './parse-text.js';
import type { ImportPhase } from './progress.js';
import { readRoot, type SpecKind } from './read-source.js';
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
  const refRoot = options.refRoot === undefined ? undefined : resolvePath(options.refRoot);
  const displayName = (absolute: string) => (absolute === path ? file : displayPath(absolute));

  // The ref parser loses the errors of files it could not read; record them here instead.
  const refProblem = (target: string, message: string) =>
    problems.push({ file: displayName(target), pointer: '', code: 'unresolved_ref', message });
  let firstPluginError: unknown;
  let files = 0;
  let bytes = 0;
  const refNames = new WeakMap<object, string>();
  const parserOptions = {
    continueOnError: true,
    parse: {
      json: false,
      yaml: false,
      text: false,
      binary: false,
      safe: {
        order: 1,
        allowEmpty: false,
        canParse: true,
        parse(info: { url: string; data: string | Buffer }) {
          const target = toFsPath(info.url);
          try {
            const text = typeof info.data === 'string' ? info.data : info.data.toString('utf8');
            return parseSpecText(text, displayName(target), limits);
          } catch (error) {
            if (OpenApiImportError.isInstance(error) && error.code === 'OPENAPI_SYNTAX') {
              refProblem(target, error.reason);
              throw new ParserError(error.reason, info.url);
            }
            firstPluginError ??= error;
            throw error;
          }
        },
      },
    },
    resolve: {
      external: true,
      http: false,
      file: {
        order: 1,
        canRead: (info: { url: string }) =>
          !/^[a-z][a-z0-9+.-]*:\/\//i.test(info.url) || info.url.startsWith('file:'),
        async read(info: { url: string }) {
          const target = toFsPath(info.url);
          const refuse = (reason: string) => {
            refProblem(target, reason);
            return new ResolverError(new Error(reason), info.url);
          };
          if (refRoot !== undefined && target !== refRoot && !target.startsWith(refRoot + sep)) {
            throw refuse(`external $ref to a file outside refRoot ${refRoot}; not read`);
          }
          if (!/\.(json|ya?ml)$/i.test(target)) {
            throw refuse('external $ref to a file that is not .json, .yaml or .yml; not read');
          }
          try {
            if (++files > limits.maxFiles) {
              throw new OpenApiImportError('OPENAPI_TOO_LARGE', {
                file,
                pointer: '',
                reason: `document references more than ${limits.maxFiles} files (limits.maxFiles)`,
              });
            }
            const text = await readRoot(target, displayName(target), limits);
            bytes += text.length;
            if (bytes > limits.maxTotalBytes) {
              throw new OpenApiImportError('OPENAPI_TOO_LARGE', {
                file,
                pointer: '',
                reason: `document and its referenced files exceed ${limits.maxTotalBytes} bytes (limits.maxTotalBytes)`,
              });
            }
            return text;
          } catch (error) {
            if (OpenApiImportError.isInstance(error) && error.code === 'OPENAPI_UNREADABLE') {
              throw refuse(error.reason);
            }
            firstPluginError ??= error;
            throw error;
          }
        },
      },
    },
    dereference: {
      // `true` turns circular refs into object cycles, which the schema converter makes `$defs`.
      circular: true as boolean | 'ignore',
      onDereference(ref: string, value: unknown) {
        if (value === undefined || value === null) {
          // A pointer to nothing: with continueOnError the ref parser substitutes null silently.
          if (!problems.some((p) => p.message.startsWith(`$ref "${ref}"`)))
            problems.push({
              file,
              pointer: '',
              code: 'unresolved_ref',
              message: `$ref "${ref}" could not be resolved`,
            });
          return;
        }
        if (value !== null && typeof value === 'object' && !refNames.has(value))
          refNames.set(value, refName(ref));
      },
    },
  };

  const parser = new $RefParser() as unknown as ParserLike;
  try {
    // The parser rewrites the document in place: give it a copy.
    await parser.resolve(base, structuredClone(root), parserOptions);
  } catch (error) {
    if (OpenApiImportError.isInstance(firstPluginError)) throw firstPluginError;
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
  if (OpenApiImportError.isInstance(firstPluginError)) throw firstPluginError;
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
  return { api: parser.schema, names: refNames };
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

function toFsPath(url: string): string {
  if (url.startsWith('file:')) return fileURLToPath(url);
  let decoded = url;
  try {
    decoded = decodeURI(url);
  } catch {
    // Keep the raw path when it is not valid percent-encoding.
  }
  return resolvePath(decoded.split('#')[0]!);
}

function displayPath(absolute: string): string {
  const rel = relative(process.cwd(), absolute);
  return rel && !rel.startsWith('..') && !isAbsolute(rel) ? rel : absolute;
}

function mapParserError(error: unknown, file: string): OpenApiImportError {
  if (OpenApiImportError.isInstance(error)) return error;
  const message = (error as Error)?.message ?? String(error);
  return new OpenApiImportError('OPENAPI_REF', { file, pointer: '', reason: message }, [], { cause: error });
}
