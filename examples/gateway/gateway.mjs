// Starts the example: the todo API, then `toolarsenal serve --config toolarsenal.yaml` in a child process.
import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startTodoApi } from './todo-api.mjs';

export const exampleDir = dirname(fileURLToPath(import.meta.url));
export const cli = join(
  dirname(fileURLToPath(import.meta.resolve('toolarsenal/package.json'))),
  'bin',
  'toolarsenal.js',
);

/**
 * Starts the todo API and the gateway. `port` 0 picks a free port; `apiPort` 0 too. With
 * `transport: 'stdio'` the gateway is not spawned: `command`/`args`/`env` say how to (for an
 * MCP client that starts it). Resolves when the gateway prints its URL.
 */
export async function startExample({
  port = 3333,
  apiPort = 4010,
  transport = 'http',
  output = 'inherit',
} = {}) {
  const api = await startTodoApi(apiPort);
  mkdirSync(join(exampleDir, '.data'), { recursive: true });
  const env = {
    ...process.env,
    TODO_API_PORT: String(new URL(api.url).port),
    MEMORY_FILE_PATH: join(exampleDir, '.data', 'memory.jsonl'),
  };
  const config = join(exampleDir, 'toolarsenal.yaml');
  if (transport === 'stdio')
    return {
      api,
      command: process.execPath,
      args: [cli, 'serve', '--config', config, '--stdio'],
      env,
      close: api.close,
    };
  const child = spawn(process.execPath, [cli, 'serve', '--config', config, '--http', String(port)], {
    cwd: exampleDir,
    env,
    stdio: ['ignore', 'pipe', output === 'inherit' ? 'inherit' : 'pipe'],
  });
  let printed = '';
  const url = await new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk) => {
      if (output === 'inherit') process.stdout.write(chunk);
      printed += chunk;
      const match = /at (http:\/\/\S+\/mcp)/.exec(printed);
      if (match && printed.includes('client config')) resolve(match[1]);
    });
    child.once('exit', (code) => reject(new Error(`the gateway exited with code ${code} before serving`)));
  });
  const exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    api,
    child,
    url,
    healthUrl: url.replace(/\/mcp$/, '/healthz'),
    exited,
    /** SIGTERM to the gateway (calls under way finish), then the API. Resolves with the exit code. */
    async stop() {
      if (child.exitCode === null && !child.killed) child.kill('SIGTERM');
      const code = await exited;
      await api.close();
      return code;
    },
  };
}
