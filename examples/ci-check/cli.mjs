// Runs the real `toolarsenal` bin in a child process, as a CI job would.
import { spawn, spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const bin = join(
  dirname(createRequire(import.meta.url).resolve('toolarsenal/package.json')),
  'bin',
  'toolarsenal.js',
);

/** `toolarsenal <args…>` with `input` on stdin: its exit code, stdout and stderr. */
export function toolarsenal(args, input) {
  const run = spawnSync(process.execPath, [bin, ...args], {
    encoding: 'utf8',
    input,
    maxBuffer: 512 * 1024 * 1024,
  });
  if (run.error) throw run.error;
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}

/** `toolarsenal <args…>` without blocking: resolves with its exit code, stdout and stderr. */
export function toolarsenalAsync(args) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bin, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** Runs `jobs` (functions returning promises) with at most `limit` at a time, results in order. */
export async function inPool(jobs, limit = 2) {
  const results = new Array(jobs.length);
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const i = next++;
      results[i] = await jobs[i]();
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, jobs.length) }, worker));
  return results;
}

/** Every dialect `convert` writes, with the strict variants providers offer. */
export const TARGETS = [
  ['mcp'],
  ['openai-chat'],
  ['openai-chat', '--strict'],
  ['openai-responses'],
  ['anthropic'],
  ['anthropic', '--strict'],
  ['gemini'],
  ['gemini-json'],
  ['langchain'],
  ['a2a-skill'],
  ['openapi-operation'],
];
