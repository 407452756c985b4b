import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CliIo } from '../io.js';
import { runCli } from '../program.js';

/** Runs the real CLI in-process with captured output (test helper). */
export async function run(
  argv: string[],
  stdin: string | (() => Promise<string>) = '',
  stderrIsTTY = false,
): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const io: CliIo = {
    stdout: (text) => {
      stdout += text;
    },
    stderr: (text) => {
      stderr += text;
    },
    readStdin: typeof stdin === 'string' ? async () => stdin : stdin,
    stderrIsTTY,
  };
  const code = await runCli(argv, io);
  return { code, stdout, stderr };
}

/** A fresh temporary directory with helpers to write and read files in it. */
export function scratch(): {
  dir: string;
  write: (name: string, text: string) => string;
  read: (name: string) => string;
} {
  const dir = mkdtempSync(join(tmpdir(), 'toolarsenal-cli-'));
  return {
    dir,
    write: (name, text) => {
      const path = join(dir, name);
      writeFileSync(path, text);
      return path;
    },
    read: (name) => readFileSync(join(dir, name), 'utf8'),
  };
}

/** A file written for the CLI's unit tests (`src/test-fixtures/data/<name>`). */
export const fixture = (name: string): string => fileURLToPath(new URL(`data/${name}`, import.meta.url));

/** Runs the real bin (`bin/toolarsenal.js`) in a child process without blocking the test's thread. */
export function runBin(
  bin: string,
  args: string[],
): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bin, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.once('error', reject);
    child.once('close', (status) => resolve({ status, stdout, stderr }));
  });
}
