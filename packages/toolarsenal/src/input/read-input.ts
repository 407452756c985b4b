import {
  DEFAULT_DOCUMENT_LIMITS,
  inspectJson,
  type JsonLimits,
  parseJsonLinesSafely,
  parseJsonSafely,
  UnsafeJsonError,
  type ValidationIssue,
} from '@toolarsenal/toolmodel';
import { parseDocument } from 'yaml';
import { CliError, EXIT } from '../cli-error.js';
import { type CliIo, readText } from '../io.js';

/**
 * The per-file bound of the CLI: the documented per-document limits of toolmodel, except string
 * length, which is left to the per-definition limits (a 1 MB description is an invalid tool, exit 1,
 * like a 150 KB one, not an unreadable file).
 */
export function fileLimits(overrides: Partial<JsonLimits> = {}): JsonLimits {
  return { ...DEFAULT_DOCUMENT_LIMITS, maxStringLength: 64 * 1024 * 1024, ...overrides };
}

/** `file` as named in messages (`<stdin>` for `-`). */
export const sourceName = (file: string): string => (file === '-' ? '<stdin>' : file);

/**
 * Reads JSON, JSON Lines or YAML from a file or stdin, once, into a value: syntax errors with line
 * and column, repeated keys (which JSON would silently resolve to the last one) with their pointer,
 * and anything over the per-file bound or unsafe (`__proto__` keys) are bad input (exit 2).
 */
export async function readInput(
  file: string,
  io: CliIo,
  limits: JsonLimits = fileLimits(),
): Promise<unknown> {
  return parseInput(await readText(file, io), sourceName(file), limits);
}

export function parseInput(text: string, source: string, limits: JsonLimits = fileLimits()): unknown {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const trimmed = body.trim();
  if (trimmed === '')
    throw new CliError(`${source}: empty input: expected tool definitions in JSON, JSON Lines or YAML`);
  if (/^[[{]/.test(trimmed)) return parseJson(trimmed, source, limits);
  return parseYaml(body, source, limits);
}

function parseJson(text: string, source: string, limits: JsonLimits): unknown {
  try {
    return parseJsonSafely(text, limits);
  } catch (error) {
    if (!UnsafeJsonError.isInstance(error)) throw error;
    // Several lines, each an object: JSON Lines (a catalogue, one tool per row).
    if (error.issues[0]?.code === 'syntax' && isJsonLines(text)) return parseJsonLines(text, source, limits);
    throw unreadable(source, 'invalid JSON', error.issues);
  }
}

function isJsonLines(text: string): boolean {
  const lines = text.split('\n').filter((line) => line.trim() !== '');
  return lines.length > 1 && lines.every((line) => line.trimStart().startsWith('{'));
}

function parseJsonLines(text: string, source: string, limits: JsonLimits): unknown {
  try {
    return parseJsonLinesSafely(text, limits);
  } catch (error) {
    if (!UnsafeJsonError.isInstance(error)) throw error;
    throw unreadable(source, 'invalid JSON Lines', error.issues);
  }
}

function parseYaml(text: string, source: string, limits: JsonLimits): unknown {
  const doc = parseDocument(text, { prettyErrors: true, uniqueKeys: true });
  const first = doc.errors[0];
  if (first) {
    // The parser reports its own stack overflow on pathological nesting as an error of the text.
    if (first.code === 'RESOURCE_EXHAUSTION')
      throw new CliError(
        `${source}: YAML nested too deeply to read (the limit is ${limits.maxDepth} levels)`,
      );
    const at = first.linePos?.[0];
    const reason = first.message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '');
    throw new CliError(
      `${source}: invalid YAML${at ? ` at line ${at.line}, column ${at.col}` : ''}: ${reason}`,
    );
  }
  let value: unknown;
  try {
    value = doc.toJS({ maxAliasCount: 100 });
  } catch (error) {
    // The yaml library refuses alias bombs ("billion laughs") here.
    throw new CliError(`${source}: invalid YAML: ${(error as Error).message}`);
  }
  const issues = inspectJson(value, limits);
  if (issues.length > 0) throw unreadable(source, 'unsafe input', issues);
  return value;
}

function unreadable(source: string, what: string, issues: readonly ValidationIssue[]): CliError {
  const first = issues[0];
  const where = first?.pointer ? ` at ${first.pointer}` : '';
  const more = issues.length > 1 ? ` (and ${issues.length - 1} more)` : '';
  return new CliError(`${source}: ${what}${where}: ${first?.message ?? 'cannot be read'}${more}`, EXIT.usage);
}
