// Runs the real `toolarsenal` bin in a child process, as a CI job would.
import { spawnSync } from 'node:child_process';
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
