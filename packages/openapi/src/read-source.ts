import { readFileSync, statSync } from 'node:fs';
import { resolve as resolvePath } from 'node:path';
import { isPlainObject } from '@toolarsenal/toolmodel';
import { OpenApiImportError } from './errors.js';
import { guardJson } from './json-guard.js';
import type { OpenApiLimits } from './limits.js';
import { parseSpecText } from './parse-text.js';

/** A file path, a JSON/YAML string, or an already-parsed document object. */
export type OpenApiSource = string | Record<string, unknown>;

export type SpecKind = 'swagger-2.0' | 'openapi-3.0' | 'openapi-3.1';

export interface SourceOptions {
  /** How a string source is read: a file path, the document's text, or guessed (default). */
  sourceKind?: 'path' | 'text' | undefined;
  /** Name of an in-memory document in messages (default `<string>` / `<object>`). */
  sourceName?: string | undefined;
  limits: OpenApiLimits;
}

export interface ReadSource {
  /** The parsed root document (the caller's own object for object sources: never modified). */
  root: Record<string, unknown>;
  /** How the user named the document (`<string>`/`<object>` for in-memory ones). */
  file: string;
  /** Absolute path of the root document, when it came from a file. */
  path?: string | undefined;
  /** The document's text, when it was given or read as text. */
  text?: string | undefined;
  kind: SpecKind;
  openapiVersion: string;
}

const SUPPORTED_30 = /^3\.0\.[0-4]$/;
const SUPPORTED_31 = /^3\.1\.[0-2]$/;

/**
 * Reads (a path), parses (text) or guards (an object) the root document and identifies its version.
 * Nothing here or later modifies the document: an object source stays the caller's own.
 */
export async function readSource(source: OpenApiSource, options: SourceOptions): Promise<ReadSource> {
  const { limits } = options;
  let root: unknown;
  let file: string;
  let path: string | undefined;
  let text: string | undefined;
  const isPath =
    typeof source === 'string' &&
    (options.sourceKind === 'path' || (options.sourceKind !== 'text' && !looksLikeContent(source)));
  if (typeof source === 'string' && isPath) {
    file = source;
    path = resolvePath(source);
    text = readRoot(path, file, limits);
    root = parseSpecText(text, file, limits);
  } else if (typeof source === 'string') {
    file = options.sourceName ?? '<string>';
    text = source;
    root = parseSpecText(source, file, limits);
  } else {
    file = options.sourceName ?? '<object>';
    guardJson(source, file, limits);
    root = source;
  }
  const { kind, version } = identify(root, file);
  return { root: root as Record<string, unknown>, file, path, text, kind, openapiVersion: version };
}

/** True when the text holds a `$ref` to something other than a local `#/...` pointer. */
export function hasExternalRef(text: string): boolean {
  return /\$ref['"]?\s*:\s*['"]?(?![#'"\s])/.test(text);
}

function looksLikeContent(source: string): boolean {
  const trimmed = source.trimStart();
  // An empty string is empty text, not a path (it would resolve to the working directory).
  return trimmed === '' || trimmed.startsWith('{') || trimmed.startsWith('[') || source.includes('\n');
}

/**
 * Reads one file of a document, refusing directories and files over `limits.maxFileBytes` before
 * reading them. Synchronous on purpose: a multi-file document is thousands of small files (2,907 for
 * DigitalOcean), where each promise-based `stat` + `readFile` costs ~0.1 ms of CPU in thread-pool
 * round trips — ten times the read itself — and each file is then parsed synchronously anyway.
 */
export function readRoot(path: string, file: string, limits: OpenApiLimits): string {
  try {
    const info = statSync(path);
    if (info.isDirectory()) throw Object.assign(new Error('is a directory'), { code: 'EISDIR' });
    if (info.size > limits.maxFileBytes) {
      throw new OpenApiImportError('OPENAPI_TOO_LARGE', {
        file,
        pointer: '',
        reason: `file is ${info.size} bytes; the limit is ${limits.maxFileBytes} (limits.maxFileBytes)`,
      });
    }
    return readFileSync(path, 'utf8');
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
    // YAML reads an unquoted `swagger: 2.0` as the number 2 (the meta-schema then reports it).
    if (String(root.swagger) !== '2.0' && root.swagger !== 2) {
      throw fail(
        'OPENAPI_UNSUPPORTED_VERSION',
        '/swagger',
        `Swagger version ${String(root.swagger)} is not supported; expected "2.0"`,
      );
    }
    requirePaths(root, file);
    return { kind: 'swagger-2.0', version: '2.0' };
  }
  if ('openapi' in root) {
    const version = String(root.openapi);
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
}
