import { readFile, writeFile } from 'node:fs/promises';
import { assertSafeJson, UnsafeJsonError } from '@toolarsenal/toolmodel';
import { type ParseError, parse as parseJsonc, printParseErrorCode } from 'jsonc-parser';
import { parseDocument } from 'yaml';
import { CliError } from './cli-error.js';

export interface CliIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  /** Reads all of standard input. */
  readStdin: () => Promise<string>;
  /** stderr is a terminal (progress lines are then rewritten in place and shown by default). */
  stderrIsTTY?: boolean;
}

/** Set once the reader of stdout has gone (`toolarsenal … | head -1`): later output is dropped. */
let stdoutClosed = false;

/**
 * A closed stdout (EPIPE) ends output quietly, as Unix tools do, instead of an unhandled error
 * with a stack trace. Installed by the `toolarsenal` bin for the process it runs in.
 */
export function exitQuietlyOnClosedStdout(): void {
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
    stdoutClosed = true;
  });
}

export const processIo: CliIo = {
  stdout: (text) => {
    if (!stdoutClosed) process.stdout.write(text);
  },
  stderr: (text) => process.stderr.write(text),
  get stderrIsTTY() {
    return process.stderr.isTTY === true;
  },
  readStdin: async () => {
    const chunks: Buffer[] = [];
    for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  },
};

/** Reads a file (or `-` for stdin) as text, with a clear error for unreadable paths. */
export async function readText(file: string, io: CliIo): Promise<string> {
  if (file === '-') return io.readStdin();
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const reason =
      code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'is a directory' : (error as Error).message;
    throw new CliError(`cannot read ${file}: ${reason}`);
  }
}

/**
 * Parses JSON or YAML text (JSON Lines too, when every line is a JSON value), reporting the line and
 * column of syntax errors, and rejects unsafe structures (`__proto__` keys, excessive depth).
 */
export function parseStructured(text: string, source: string): unknown {
  const trimmed = text.trim();
  if (trimmed === '') throw new CliError(`${source}: empty input`);
  let value: unknown;
  if (/^[[{]/.test(trimmed)) {
    try {
      value = JSON.parse(trimmed);
    } catch (error) {
      const lines = trimmed.split('\n');
      if (trimmed.startsWith('{') && lines.length > 1 && lines.every((l) => l.trim() === '' || isJson(l))) {
        value = lines.filter((l) => l.trim() !== '').map((l) => JSON.parse(l));
      } else {
        throw new CliError(`${source}: invalid JSON: ${describeJsonError(trimmed, error as Error)}`);
      }
    }
  } else {
    const doc = parseDocument(text, { prettyErrors: true, uniqueKeys: true });
    if (doc.errors.length > 0) {
      const e = doc.errors[0]!;
      const at = e.linePos?.[0];
      const reason = e.message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '');
      throw new CliError(
        `${source}: invalid YAML${at ? ` at line ${at.line}, column ${at.col}` : ''}: ${reason}`,
      );
    }
    try {
      value = doc.toJS({ maxAliasCount: 100 });
    } catch (error) {
      // The yaml library refuses alias bombs ("billion laughs") here.
      throw new CliError(`${source}: invalid YAML: ${(error as Error).message}`);
    }
  }
  try {
    assertSafeJson(value, {}, `${source}: unsafe input`);
  } catch (error) {
    if (UnsafeJsonError.isInstance(error)) throw new CliError(error.message);
    throw error;
  }
  return value;
}

function isJson(line: string): boolean {
  try {
    JSON.parse(line);
    return true;
  } catch {
    return false;
  }
}

/** Locates a JSON syntax error (Node 20's messages often carry no position) with a tolerant parser. */
function describeJsonError(text: string, error: Error): string {
  const errors: ParseError[] = [];
  parseJsonc(text, errors, { disallowComments: true, allowTrailingComma: false });
  const first = errors[0];
  if (!first) return error.message;
  const before = text.slice(0, first.offset);
  const line = before.split('\n').length;
  const column = first.offset - before.lastIndexOf('\n');
  const reason = printParseErrorCode(first.error)
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase();
  return `${reason} at line ${line}, column ${column}`;
}

/** Reads and parses a JSON/YAML file or stdin. */
export async function readStructured(file: string, io: CliIo): Promise<unknown> {
  return parseStructured(await readText(file, io), file === '-' ? '<stdin>' : file);
}

/** Writes text to a file, or to stdout when no file is given. */
export async function writeOutput(text: string, file: string | undefined, io: CliIo): Promise<void> {
  if (!file || file === '-') {
    io.stdout(text.endsWith('\n') ? text : `${text}\n`);
    return;
  }
  try {
    await writeFile(file, text.endsWith('\n') ? text : `${text}\n`);
  } catch (error) {
    throw new CliError(`cannot write ${file}: ${(error as Error).message}`);
  }
}
