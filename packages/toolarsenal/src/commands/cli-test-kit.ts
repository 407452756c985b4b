import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { toCanonical } from '@toolarsenal/tooladapter';
import { toolToJson, updateTool } from '@toolarsenal/toolmodel';
import type { CliIo } from '../io.js';
import { runCli } from '../program.js';

/** Runs the real CLI in-process with captured output (test helper). */
export async function run(
  argv: string[],
  stdin = '',
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
    readStdin: async () => stdin,
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

/** The shared corpora (packages/toolarsenal/src/commands → /shared/data). */
export const SHARED_DATA = new URL('../../../../../shared/data/', import.meta.url);

/** The first `count` real MCP tools of the LiveMCPTool corpus, as MCP tool objects. */
export function corpusMcpTools(count = Number.POSITIVE_INFINITY): unknown[] {
  const text = readFileSync(new URL('mcp-tools/livemcptool.jsonl', SHARED_DATA), 'utf8');
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .slice(0, count)
    .map((line) => (JSON.parse(line) as { tool: unknown }).tool);
}

/**
 * The 527 real MCP tools as canonical ToolArsenal tools in JSON Lines, namespaced by server (the
 * raw corpus repeats names across servers, which one target document cannot hold).
 */
export function corpusCanonicalJsonl(): string {
  const text = readFileSync(new URL('mcp-tools/livemcptool.jsonl', SHARED_DATA), 'utf8');
  return `${text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => {
      const entry = JSON.parse(line) as { server_key: string; tool: unknown };
      const tool = toCanonical(entry.tool, 'mcp').tools[0]!;
      const namespace = entry.server_key.replace(/[^A-Za-z0-9_-]+/g, '-').replace(/^[^A-Za-z0-9]+/, '');
      return JSON.stringify(toolToJson(updateTool(tool, { namespace })));
    })
    .join('\n')}\n`;
}

/** Builds this package's dist, so `bin/toolarsenal.js` in a child process runs the code under test. */
export function buildCli(): void {
  execFileSync(
    process.execPath,
    [
      fileURLToPath(new URL('../../../../node_modules/typescript/bin/tsc', import.meta.url)),
      '-p',
      'tsconfig.build.json',
    ],
    { cwd: fileURLToPath(new URL('../../', import.meta.url)) },
  );
}
