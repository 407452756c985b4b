import { type ParseError, printParseErrorCode, parse as parseTolerant, visit } from 'jsonc-parser';
import { InvalidArgumentError, UnsafeJsonError, type ValidationIssue } from './errors.js';
import { joinPointer } from './json-pointer.js';
import type { JsonLimits } from './limits.js';
import { inspectJson, type JsonValue } from './safe-json.js';

/**
 * Reading JSON text from outside. `JSON.parse` keeps the last of two equal keys silently
 * (`{"name":"safe_read","name":"delete_everything"}` becomes `delete_everything`), which lets a
 * reviewer see one value and a program use another; YAML rejects such documents, and so do these
 * readers, naming the pointer of the repeated key.
 */

const MAX_DUPLICATES = 50;

/**
 * Every repeated key in JSON text, located by the JSON pointer of its second (and later)
 * occurrence under `basePointer`. Expects text `JSON.parse` accepts; returns `[]` when there is
 * nothing repeated. Quick exit when the text holds no object with two keys.
 */
export function findDuplicateKeys(text: string, basePointer = ''): ValidationIssue[] {
  if (typeof text !== 'string') throw new InvalidArgumentError('text', 'JSON text (a string)', text);
  const issues: ValidationIssue[] = [];
  // Keys seen per open object, innermost last.
  const open: Array<Set<string>> = [];
  visit(
    text,
    {
      onObjectBegin: () => {
        open.push(new Set());
      },
      onObjectEnd: () => {
        open.pop();
      },
      onObjectProperty: (property, _offset, _length, _line, _column, pathSupplier) => {
        const keys = open[open.length - 1];
        if (keys === undefined) return;
        if (!keys.has(property)) {
          keys.add(property);
          return;
        }
        if (issues.length >= MAX_DUPLICATES) return;
        issues.push({
          pointer: joinPointer(basePointer, ...pathSupplier(), property),
          code: 'duplicate_key',
          message: `key ${JSON.stringify(property)} appears twice in the same object (JSON parsers keep only the last value); remove one`,
        });
      },
    },
    { disallowComments: true, allowTrailingComma: false },
  );
  return issues;
}

/**
 * Parses JSON text from outside: syntax errors (with line and column), repeated keys and unsafe
 * values (`inspectJson` with `limits`) all throw `UnsafeJsonError` naming the pointer.
 */
export function parseJsonSafely(text: string, limits: Partial<JsonLimits> = {}): JsonValue {
  if (typeof text !== 'string')
    throw new UnsafeJsonError(
      [{ pointer: '', code: 'invalid_type', message: 'JSON text must be a string' }],
      'Invalid JSON',
    );
  const value = parseOne(text, '');
  const issues = inspectJson(value, limits);
  if (issues.length > 0) throw new UnsafeJsonError(issues);
  return value as JsonValue;
}

/**
 * Parses JSON Lines (one JSON value per non-empty line) into an array, with the checks of
 * `parseJsonSafely`: a syntax error names its line, a repeated key the pointer `/<row>/…`, and
 * `limits` apply to the whole array (pass the per-file bound, `DEFAULT_DOCUMENT_LIMITS`).
 */
export function parseJsonLinesSafely(text: string, limits: Partial<JsonLimits> = {}): JsonValue[] {
  if (typeof text !== 'string')
    throw new UnsafeJsonError(
      [{ pointer: '', code: 'invalid_type', message: 'JSON Lines text must be a string' }],
      'Invalid JSON Lines',
    );
  const rows: unknown[] = [];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.trim() === '') continue;
    rows.push(parseOne(line, `/${rows.length}`, `line ${i + 1}`));
  }
  const issues = inspectJson(rows, limits);
  if (issues.length > 0) throw new UnsafeJsonError(issues);
  return rows as JsonValue[];
}

function parseOne(text: string, pointer: string, where?: string): unknown {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const at = locateSyntaxError(text);
    const reason = at ?? (error as Error).message;
    throw new UnsafeJsonError(
      [{ pointer, code: 'syntax', message: where ? `${where}: ${reason}` : reason }],
      'Invalid JSON',
    );
  }
  // Only objects can repeat a key; a quick test spares scalars and flat lists the second scan.
  if (typeof value === 'object' && value !== null && text.includes(':')) {
    const duplicates = findDuplicateKeys(text, pointer);
    if (duplicates.length > 0) throw new UnsafeJsonError(duplicates, 'Repeated keys in JSON');
  }
  return value;
}

/** "<reason> at line L, column C" for the first syntax error (Node 20's messages often lack a position). */
function locateSyntaxError(text: string): string | undefined {
  const errors: ParseError[] = [];
  parseTolerant(text, errors, { disallowComments: true, allowTrailingComma: false });
  const first = errors[0];
  if (!first) return undefined;
  const before = text.slice(0, first.offset);
  const line = before.split('\n').length;
  const column = first.offset - before.lastIndexOf('\n');
  const reason = printParseErrorCode(first.error)
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase();
  return `${reason} at line ${line}, column ${column}`;
}
