import { isAbsolute, relative, resolve as resolvePath, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ParserError, ResolverError } from '@apidevtools/json-schema-ref-parser';
import { OpenApiImportError, type OpenApiProblem } from './errors.js';
import type { OpenApiLimits } from './limits.js';
import { refName } from './local-refs.js';
import { parseSpecText } from './parse-text.js';
import { readRoot } from './read-source.js';

/**
 * The reading side of a multi-file document: json-schema-ref-parser options whose plugins read
 * files through the project's own guards (refRoot, file types, size and count limits) and parser,
 * remembering what the ref parser would otherwise swallow (`continueOnError`).
 */
export class FileReading {
  /** An error a plugin threw that must stop the import (limits), kept because the ref parser goes on. */
  firstPluginError: unknown;
  files = 0;
  bytes = 0;
  /** Name of the `$ref` each dereferenced object came from (last pointer segment), for `$defs`. */
  readonly refNames = new WeakMap<object, string>();
  private readonly refRoot: string | undefined;

  constructor(
    private readonly file: string,
    private readonly path: string | undefined,
    private readonly limits: OpenApiLimits,
    private readonly problems: OpenApiProblem[],
    refRoot: string | undefined,
  ) {
    this.refRoot = refRoot === undefined ? undefined : resolvePath(refRoot);
  }

  /** How a file is named in problems: as the user named the root, relative paths for the others. */
  readonly displayName = (absolute: string): string =>
    absolute === this.path ? this.file : displayPath(absolute);

  parserOptions() {
    const { file, limits, problems, refRoot, displayName } = this;
    // The ref parser loses the errors of files it could not read; record them here instead.
    const refProblem = (target: string, message: string) =>
      problems.push({ file: displayName(target), pointer: '', code: 'unresolved_ref', message });
    return {
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
          parse: (info: { url: string; data: string | Buffer }) => {
            const target = toFsPath(info.url);
            try {
              const text = typeof info.data === 'string' ? info.data : info.data.toString('utf8');
              return parseSpecText(text, displayName(target), limits);
            } catch (error) {
              if (OpenApiImportError.isInstance(error) && error.code === 'OPENAPI_SYNTAX') {
                refProblem(target, error.reason);
                throw new ParserError(error.reason, info.url);
              }
              this.firstPluginError ??= error;
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
          read: async (info: { url: string }) => {
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
              if (++this.files > limits.maxFiles) {
                throw new OpenApiImportError('OPENAPI_TOO_LARGE', {
                  file,
                  pointer: '',
                  reason: `document references more than ${limits.maxFiles} files (limits.maxFiles)`,
                });
              }
              const text = readRoot(target, displayName(target), limits);
              this.bytes += text.length;
              if (this.bytes > limits.maxTotalBytes) {
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
              this.firstPluginError ??= error;
              throw error;
            }
          },
        },
      },
      dereference: {
        // `true` turns circular refs into object cycles, which the schema converter makes `$defs`.
        circular: true as boolean | 'ignore',
        onDereference: (ref: string, value: unknown) => {
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
          if (value !== null && typeof value === 'object' && !this.refNames.has(value))
            this.refNames.set(value, refName(ref));
        },
      },
    };
  }
}

export function toFsPath(url: string): string {
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
