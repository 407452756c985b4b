import { findDuplicateKeys } from '@toolarsenal/toolmodel';
import { parseDocument } from 'yaml';
import { OpenApiImportError } from './errors.js';
import { guardJson } from './json-guard.js';
import type { OpenApiLimits } from './limits.js';

/**
 * Parses the JSON or YAML text of one file of a document with the one YAML parser of the project
 * (`yaml`, YAML 1.2 core schema: no dates, no custom tags, aliases bounded), rejecting duplicate keys
 * in both (JSON would silently keep the last one), then applies the plain-JSON guard. Errors are
 * `OpenApiImportError`s naming the file and the line or JSON pointer.
 */
export function parseSpecText(text: string, file: string, limits: OpenApiLimits): unknown {
  if (text.length > limits.maxFileBytes) {
    throw new OpenApiImportError('OPENAPI_TOO_LARGE', {
      file,
      pointer: '',
      reason: `file is ${text.length} characters long; the limit is ${limits.maxFileBytes} (limits.maxFileBytes)`,
    });
  }
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  if (body.trim() === '') {
    throw new OpenApiImportError('OPENAPI_SYNTAX', {
      file,
      pointer: '',
      reason: 'the file is empty: expected an OpenAPI document in JSON or YAML',
    });
  }
  let value: unknown;
  const trimmed = body.trimStart();
  let json = false;
  if (trimmed.startsWith('{') || trimmed.startsWith('[')) {
    try {
      value = JSON.parse(body);
      json = true;
    } catch {
      // Not strict JSON (comments, trailing commas…): YAML flow syntax may still read it.
    }
  }
  if (json) rejectDuplicateJsonKeys(body, file);
  else value = parseYaml(body, file);
  guardJson(value, file, limits);
  return value;
}

/** JSON.parse keeps the last of two equal keys; a document that says two things is refused instead. */
function rejectDuplicateJsonKeys(text: string, file: string): void {
  const [first] = findDuplicateKeys(text);
  if (first === undefined) return;
  throw new OpenApiImportError('OPENAPI_SYNTAX', { file, pointer: first.pointer, reason: first.message });
}

function parseYaml(text: string, file: string): unknown {
  try {
    const doc = parseDocument(text, { uniqueKeys: true, prettyErrors: true, version: '1.2' });
    if (doc.errors.length > 0) {
      const e = doc.errors[0]!;
      // The parser reports its own stack overflow on pathological nesting as an error of the text.
      if (e.code === 'RESOURCE_EXHAUSTION') throw new RangeError(e.message);
      const at = e.linePos?.[0];
      const what = e.code === 'DUPLICATE_KEY' ? 'duplicate key' : 'invalid YAML/JSON';
      throw new OpenApiImportError('OPENAPI_SYNTAX', {
        file,
        pointer: '',
        reason: `${what}${at ? ` at line ${at.line}, column ${at.col}` : ''}: ${e.message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '')}`,
      });
    }
    try {
      return doc.toJS({ maxAliasCount: 100 });
    } catch (error) {
      if (error instanceof RangeError) throw error;
      throw new OpenApiImportError('OPENAPI_UNSAFE', {
        file,
        pointer: '',
        reason: `YAML could not be expanded safely: ${(error as Error).message}`,
      });
    }
  } catch (error) {
    // Pathological nesting (thousands of levels) exhausts the parser's stack: a size problem, not a syntax one.
    if (error instanceof RangeError) {
      throw new OpenApiImportError('OPENAPI_TOO_LARGE', {
        file,
        pointer: '',
        reason: 'YAML nesting is too deep to read (limits.maxDepth)',
      });
    }
    throw error;
  }
}
