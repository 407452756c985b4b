import { explainInvalidGlob, explainInvalidNamespace, isPlainObject } from '@toolarsenal/toolmodel';
import { OpenApiImportError } from './errors.js';
import { PATH_GLOB } from './filters.js';
import { DEFAULT_OPENAPI_LIMITS } from './limits.js';
import { HTTP_METHODS } from './source-meta.js';
import type { ImportOpenApiOptions } from './options.js';

const OPTIONS_FILE = '<options>';

function fail(option: string, reason: string): never {
  throw new OpenApiImportError('OPENAPI_BAD_OPTION', {
    file: OPTIONS_FILE,
    pointer: `/${option}`,
    reason: `option ${option}: ${reason}`,
  });
}

function stringList(options: Record<string, unknown>, key: string): readonly string[] | undefined {
  const value = options[key];
  if (value === undefined) return undefined;
  if (!Array.isArray(value) || !value.every((v) => typeof v === 'string'))
    fail(key, `expected an array of strings, got ${describe(value)}`);
  return value as string[];
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array with a non-string item';
  return typeof value === 'string' ? `the string ${JSON.stringify(value.slice(0, 80))}` : typeof value;
}

function optional(options: Record<string, unknown>, key: string, type: 'string' | 'boolean' | 'number') {
  const value = options[key];
  if (value !== undefined && typeof value !== type) fail(key, `expected a ${type}, got ${describe(value)}`);
}

/**
 * Checks `importOpenApi` options before any work, so a mistyped option is a typed error
 * (`OPENAPI_BAD_OPTION`, pointer `/<option>`) rather than a crash or a silently empty import.
 */
export function validateImportOptions(options: unknown): ImportOpenApiOptions {
  if (options === undefined) return {};
  if (!isPlainObject(options)) fail('options', `expected an object, got ${describe(options)}`);
  stringList(options, 'includeTags');
  stringList(options, 'excludeTags');
  for (const key of ['includeOperations', 'excludeOperations', 'includePaths', 'excludePaths']) {
    const globOptions = key.endsWith('Paths') ? PATH_GLOB : {};
    for (const pattern of stringList(options, key) ?? []) {
      const why = explainInvalidGlob(pattern, globOptions);
      if (why !== undefined) fail(key, `${JSON.stringify(pattern)} is not a valid glob: ${why}`);
    }
  }
  for (const method of stringList(options, 'methods') ?? []) {
    if (!(HTTP_METHODS as readonly string[]).includes(method.toLowerCase()))
      fail('methods', `${JSON.stringify(method)} is not an HTTP method (one of ${HTTP_METHODS.join(', ')})`);
  }
  for (const key of ['namespace', 'baseUrl', 'baseDir', 'refRoot', 'sourceUri', 'sourceName'])
    optional(options, key, 'string');
  for (const key of ['strict', 'skipInvalid', 'externalRefs']) optional(options, key, 'boolean');
  optional(options, 'maxNameLength', 'number');
  if (typeof options.namespace === 'string') {
    const why = explainInvalidNamespace(options.namespace);
    if (why !== undefined) fail('namespace', why);
  }
  if (
    typeof options.baseUrl === 'string' &&
    !URL.canParse(options.baseUrl) &&
    !options.baseUrl.startsWith('/')
  )
    fail('baseUrl', `${JSON.stringify(options.baseUrl)} is not an absolute URL or a path starting with "/"`);
  if (options.deprecated !== undefined && options.deprecated !== 'mark' && options.deprecated !== 'skip')
    fail('deprecated', `expected "mark" or "skip", got ${describe(options.deprecated)}`);
  if (options.sourceKind !== undefined && options.sourceKind !== 'path' && options.sourceKind !== 'text')
    fail('sourceKind', `expected "path" or "text", got ${describe(options.sourceKind)}`);
  if (options.onProgress !== undefined && typeof options.onProgress !== 'function')
    fail('onProgress', `expected a function, got ${describe(options.onProgress)}`);
  if (options.limits !== undefined) {
    if (!isPlainObject(options.limits)) fail('limits', `expected an object, got ${describe(options.limits)}`);
    for (const [key, value] of Object.entries(options.limits)) {
      if (!(key in DEFAULT_OPENAPI_LIMITS)) fail('limits', `unknown limit "${key}"`);
      if (typeof value !== 'number' || !(value > 0)) fail('limits', `${key} must be a positive number`);
    }
  }
  return options as ImportOpenApiOptions;
}
