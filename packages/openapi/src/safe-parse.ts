import { inspectJson } from '@toolarsenal/toolmodel';
import { CORE_SCHEMA, load, YAMLException } from 'js-yaml';
import { parseDocument } from 'yaml';
import { OpenApiImportError } from './errors.js';
import type { OpenApiLimits } from './limits.js';

/**
 * Parses JSON or YAML text of one file of a document: YAML 1.2 core schema (no dates, no custom
 * tags), alias expansion bounded, then the plain-JSON guard (`__proto__` keys, depth, size).
 * Errors are `OpenApiImportError`s naming the file and the line.
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
  let value: unknown;
  const trimmed = body.trimStart();
  if (trimmed.startsWith('{') || trimmed.startsWith('[')) {
    try {
      value = JSON.parse(body);
    } catch {
      // Not strict JSON (comments, trailing commas…): YAML flow syntax may still read it.
      value = parseYaml(body, file);
    }
  } else {
    value = parseYaml(body, file);
  }
  const issues = inspectJson(value, {
    maxNodes: limits.maxNodes,
    maxDepth: limits.maxDepth,
    maxStringLength: limits.maxFileBytes,
    maxArrayLength: limits.maxNodes,
  });
  if (issues.length > 0) {
    const first = issues[0]!;
    throw new OpenApiImportError(
      first.code === 'too_large' || first.code === 'too_deep' ? 'OPENAPI_TOO_LARGE' : 'OPENAPI_UNSAFE',
      { file, pointer: first.pointer, reason: first.message },
      issues.map((i) => ({ file, pointer: i.pointer, code: i.code, message: i.message })),
    );
  }
  return value;
}

/** An anchor (`&name`) somewhere in the text: aliases could expand exponentially. */
const ANCHOR = /(?:^|[:\-[{,])[ \t]*&[A-Za-z0-9_.-]+/m;

/**
 * YAML without anchors goes through js-yaml (several times faster on multi-megabyte specs);
 * YAML with anchors goes through `yaml`, which bounds alias expansion. Both use the YAML 1.2
 * core schema: no dates, no custom tags.
 */
function parseYaml(text: string, file: string): unknown {
  if (ANCHOR.test(text)) return parseYamlBounded(text, file);
  try {
    return load(text, { schema: CORE_SCHEMA, json: true, filename: file });
  } catch (error) {
    if (!(error instanceof YAMLException)) throw error;
    const mark = error.mark;
    throw new OpenApiImportError('OPENAPI_SYNTAX', {
      file,
      pointer: '',
      reason: `invalid YAML/JSON${mark ? ` at line ${mark.line + 1}, column ${mark.column + 1}` : ''}: ${error.reason}`,
    });
  }
}

function parseYamlBounded(text: string, file: string): unknown {
  const doc = parseDocument(text, { uniqueKeys: false, prettyErrors: true, version: '1.2' });
  if (doc.errors.length > 0) {
    const e = doc.errors[0]!;
    const at = e.linePos?.[0];
    throw new OpenApiImportError('OPENAPI_SYNTAX', {
      file,
      pointer: '',
      reason: `invalid YAML/JSON${at ? ` at line ${at.line}, column ${at.col}` : ''}: ${e.message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '')}`,
    });
  }
  try {
    return doc.toJS({ maxAliasCount: 100 });
  } catch (error) {
    throw new OpenApiImportError('OPENAPI_UNSAFE', {
      file,
      pointer: '',
      reason: `YAML could not be expanded safely: ${(error as Error).message}`,
    });
  }
}
