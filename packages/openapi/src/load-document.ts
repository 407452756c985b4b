import { readFile, stat } from 'node:fs/promises';
import { isAbsolute, relative, resolve as resolvePath, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import $RefParser, {
  dereferenceInternal,
  ParserError,
  ResolverError,
} from '@apidevtools/json-schema-ref-parser';
import { escapePointerSegment, isPlainObject } from '@toolarsenal/toolmodel';
import { OpenApiImportError, type OpenApiProblem } from './errors.js';
import { guardJson } from './json-guard.js';
import type { OpenApiLimits } from './limits.js';
import { parseSpecText } from './parse-text.js';
import type { ImportPhase } from './progress.js';
import { validateAgainstMetaSchema } from './spec-schema.js';

/** A file path, a JSON/YAML string, or an already-parsed document object. */
export type OpenApiSource = string | Record<string, unknown>;

export type SpecKind = 'swagger-2.0' | 'openapi-3.0' | 'openapi-3.1';

export interface LoadOptions {
  /** Directory relative `$ref`s of an in-memory document resolve against (enables external refs for it). */
  baseDir?: string | undefined;
  /** Follow `$ref`s into other files (default true). URLs are never fetched. */
  externalRefs?: boolean | undefined;
  /** Directory external `$ref`s must stay inside (default: anywhere, but only .json/.yaml/.yml files). */
  refRoot?: string | undefined;
  /** How a string source is read: a file path, the document's text, or guessed (default). */
  sourceKind?: 'path' | 'text' | undefined;
  /** Name of an in-memory document in messages (default `<string>` / `<object>`). */
  sourceName?: string | undefined;
  limits: OpenApiLimits;
  /** Called as each phase starts. */
  onPhase?: ((phase: ImportPhase) => void) | undefined;
}

export interface LoadedDocument {
  /** The fully dereferenced document (circular `$ref`s become object cycles). */
  api: Record<string, unknown>;
  /** How the user named the document (`<string>`/`<object>` for in-memory ones). */
  file: string;
  /** Absolute path of the root document, when it came from a file. */
  path?: string | undefined;
  kind: SpecKind;
  openapiVersion: string;
  /** Name of the `$ref` each dereferenced object came from (last pointer segment), for `$defs`. */
  refNames: WeakMap<object, string>;
  /** Validation problems (meta-schema validation, unresolvable refs). */
  problems: OpenApiProblem[];
  /** Milliseconds spent resolving, validating and dereferencing. */
  dereferenceMs: number;
}

interface ParserLike {
  schema: unknown;
  $refs: { circular: boolean };
  resolve(path: string, api: unknown, options: unknown): Promise<unknown>;
}

const SUPPORTED_30 = /^3\.0\.[0-4]$/;
const SUPPORTED_31 = /^3\.1\.[0-2]$/;

/** Reads, guards, resolves, validates (collecting problems) and dereferences a document. */
export async function loadDocument(source: OpenApiSource, options: LoadOptions): Promise<LoadedDocument> {
  const { limits } = options;
  let root: unknown;
  let file: string;
  let path: string | undefined;
  options.onPhase?.('read');
  const isPath =
    typeof source === 'string' &&
    (options.sourceKind === 'path' || (options.sourceKind !== 'text' && !looksLikeContent(source)));
  if (typeof source === 'string' && isPath) {
    file = source;
    path = resolvePath(source);
    root = parseSpecText(await readRoot(path, file, limits), file, limits);
  } else if (typeof source === 'string') {
    file = options.sourceName ?? '<string>';
    root = parseSpecText(source, file, limits);
  } else {
    file = options.sourceName ?? '<object>';
    guardJson(source, file, limits);
    // The resolver rewrites the document in place: work on a copy (the guard refused __proto__ keys).
    root = structuredClone(source);
  }
  const { kind, version } = identify(root, file);
  const started = performance.now();
  const problems: OpenApiProblem[] = [];

  // In-memory documents still need a location for the ref parser; external refs stay off without baseDir.
  const base = path ?? resolvePath(options.baseDir ?? process.cwd(), '__openapi_inline__.json');
  const external = (options.externalRefs ?? true) && (path !== undefined || options.baseDir !== undefined);
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
      external,
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
    await parser.resolve(base, root, parserOptions);
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
  if (files === 0) {
    // One file: validate it as written (the meta-schemas allow `$ref`s), then dereference once.
    options.onPhase?.('validate');
    problems.push(...validateAgainstMetaSchema(root, kind, file));
    options.onPhase?.('dereference');
    dereference();
  } else {
    // Several files: what they contribute is only in place once dereferenced. Validate the tree with
    // circular refs left as refs (the validator cannot walk object cycles), then close the cycles.
    parserOptions.dereference.circular = 'ignore';
    dereference();
    options.onPhase?.('validate');
    problems.push(...validateAgainstMetaSchema(parser.schema, kind, file));
    options.onPhase?.('dereference');
    if (parser.$refs.circular) {
      parserOptions.dereference.circular = true;
      dereference();
    }
  }
  const dereferenceMs = performance.now() - started;
  problems.push(...leftoverRefs(parser.schema, file));
  if (!isPlainObject(parser.schema)) {
    throw new OpenApiImportError('OPENAPI_NOT_OPENAPI', {
      file,
      pointer: '',
      reason: 'document is not an object',
    });
  }
  return {
    api: parser.schema,
    file,
    path,
    kind,
    openapiVersion: version,
    refNames,
    problems,
    dereferenceMs,
  };
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

function looksLikeContent(source: string): boolean {
  const trimmed = source.trimStart();
  return trimmed.startsWith('{') || trimmed.startsWith('[') || source.includes('\n');
}

async function readRoot(path: string, file: string, limits: OpenApiLimits): Promise<string> {
  try {
    const info = await stat(path);
    if (info.isDirectory()) throw Object.assign(new Error('is a directory'), { code: 'EISDIR' });
    if (info.size > limits.maxFileBytes) {
      throw new OpenApiImportError('OPENAPI_TOO_LARGE', {
        file,
        pointer: '',
        reason: `file is ${info.size} bytes; the limit is ${limits.maxFileBytes} (limits.maxFileBytes)`,
      });
    }
    return await readFile(path, 'utf8');
  } catch (error) {
    if (OpenApiImportError.isInstance(error)) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    const reason =
      code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'is a directory' : (error as Error).message;
    throw new OpenApiImportError('OPENAPI_UNREADABLE', {
      file,
      pointer: '',
      reason: `cannot read: ${reason}`,
    });
  }
}

function identify(root: unknown, file: string): { kind: SpecKind; version: string } {
  const fail = (
    code: 'OPENAPI_NOT_OPENAPI' | 'OPENAPI_UNSUPPORTED_VERSION',
    pointer: string,
    reason: string,
  ) => new OpenApiImportError(code, { file, pointer, reason });
  if (!isPlainObject(root)) {
    throw fail('OPENAPI_NOT_OPENAPI', '', 'not an OpenAPI or Swagger document: the root must be an object');
  }
  if ('swagger' in root) {
    if (String(root.swagger) !== '2.0') {
      throw fail(
        'OPENAPI_UNSUPPORTED_VERSION',
        '/swagger',
        `Swagger version ${String(root.swagger)} is not supported; expected "2.0"`,
      );
    }
    if (typeof root.swagger !== 'string') root.swagger = '2.0';
    requirePaths(root, file);
    return { kind: 'swagger-2.0', version: '2.0' };
  }
  if ('openapi' in root) {
    const version = String(root.openapi);
    if (typeof root.openapi !== 'string') root.openapi = version;
    if (SUPPORTED_30.test(version)) {
      requirePaths(root, file);
      return { kind: 'openapi-3.0', version };
    }
    if (SUPPORTED_31.test(version)) {
      if (!('paths' in root) && !('webhooks' in root)) requirePaths(root, file);
      return { kind: 'openapi-3.1', version };
    }
    throw fail(
      'OPENAPI_UNSUPPORTED_VERSION',
      '/openapi',
      `OpenAPI version ${version} is not supported; expected 3.0.0–3.0.4 or 3.1.0–3.1.2`,
    );
  }
  throw fail(
    'OPENAPI_NOT_OPENAPI',
    '',
    'not an OpenAPI or Swagger document: no "openapi" or "swagger" field at the root',
  );
}

function requirePaths(root: Record<string, unknown>, file: string): void {
  if (!isPlainObject(root.paths)) {
    throw new OpenApiImportError('OPENAPI_NOT_OPENAPI', {
      file,
      pointer: '/paths',
      reason: 'document has no "paths" object',
    });
  }
  if (root.info !== undefined && isPlainObject(root.info) && typeof root.info.version === 'number') {
    root.info.version = String(root.info.version);
  }
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

/** `#/components/schemas/Pet` → `Pet`; `./definitions.yml#/apiAgent` → `apiAgent`; `models/error.yml` → `error`. */
function refName(ref: string): string {
  const hash = ref.indexOf('#');
  const pointer = hash >= 0 ? ref.slice(hash + 1) : '';
  const last = pointer.split('/').filter(Boolean).pop();
  if (last) return last.replace(/~1/g, '/').replace(/~0/g, '~');
  const filePart = (hash >= 0 ? ref.slice(0, hash) : ref).split(/[\\/]/).pop() ?? 'schema';
  return filePart.replace(/\.(ya?ml|json)$/i, '') || 'schema';
}

function mapParserError(error: unknown, file: string): OpenApiImportError {
  if (OpenApiImportError.isInstance(error)) return error;
  const message = (error as Error)?.message ?? String(error);
  return new OpenApiImportError('OPENAPI_REF', { file, pointer: '', reason: message }, [], { cause: error });
}
