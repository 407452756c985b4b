import { readFile, writeFile } from 'node:fs/promises';
import { CliError } from './cli-error.js';

export interface CliIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  /** Reads all of standard input. */
  readStdin: () => Promise<string>;
  /** stderr is a terminal (progress lines are then rewritten in place and shown by default). */
  stderrIsTTY?: boolean;
}

/** Set once the reader of a stream has gone (`toolarsenal … | head -1`): later output is dropped. */
const closed = { stdout: false, stderr: false };

/**
 * A closed stdout or stderr (EPIPE; both close with `toolarsenal … 2>&1 | head -1`) ends output
 * quietly, as Unix tools do, instead of an unhandled error with a stack trace and exit code 1.
 * Installed by the `toolarsenal` bin for the process it runs in.
 */
export function exitQuietlyOnClosedStdout(): void {
  for (const name of ['stdout', 'stderr'] as const)
    process[name].on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EPIPE') throw error;
      closed[name] = true;
    });
}

export const processIo: CliIo = {
  stdout: (text) => {
    if (!closed.stdout) process.stdout.write(text);
  },
  stderr: (text) => {
    if (!closed.stderr) process.stderr.write(text);
  },
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
