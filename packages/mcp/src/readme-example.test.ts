import { execFile } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, startEverythingHttp } from './test-fixtures/real-servers.js';

// The README's examples, run as written (only the placeholder paths are filled in).
const pkg = fileURLToPath(new URL('../', import.meta.url));
const readme = readFileSync(join(pkg, 'README.md'), 'utf8');
const blocks = (lang: string) =>
  [...readme.matchAll(new RegExp('```' + lang + '\\n([\\s\\S]*?)```', 'g'))].map((m) => m[1]!);
// Inside the package so the example's imports resolve like a user's would.
const dir = join(pkg, 'node_modules', '.cache', 'readme-example');

describe('README examples', () => {
  let everything: RunningServer;
  beforeAll(async () => {
    mkdirSync(dir, { recursive: true });
    everything = await startEverythingHttp();
  });
  afterAll(async () => {
    await everything?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('serve.ts, started the way the Claude Desktop config says, serves its tool', async () => {
    // .mts: the cache folder has no package.json saying "type": "module" as a user's project would.
    const serve = join(dir, 'serve.mts');
    writeFileSync(serve, blocks('ts')[0]!);
    const config = JSON.parse(blocks('json')[0]!) as {
      mcpServers: { toolarsenal: { command: string; args: string[] } };
    };
    const { command, args } = config.mcpServers.toolarsenal;
    const client = new Client({ name: 'readme', version: '1.0.0' });
    await client.connect(
      new StdioClientTransport({
        command,
        args: args.map((a) => (a === '/absolute/path/to/serve.ts' ? serve : a)),
        cwd: pkg,
        stderr: 'ignore',
      }),
    );
    try {
      expect((await client.listTools()).tools.map((t) => t.name)).toEqual([
        'find_tools',
        'describe_tool',
        'call_tool',
      ]);
      const result = await client.callTool({
        name: 'call_tool',
        arguments: { id: 'get_weather', arguments: { city: 'Oslo' } },
      });
      expect(result.structuredContent).toEqual({ city: 'Oslo', tempC: 21 });
    } finally {
      await client.close();
    }
  });

  it('the pool example uses a remote (HTTP) and a stdio server as tools', async () => {
    const file = join(dir, 'pool.mts');
    writeFileSync(file, blocks('ts')[1]!);
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', file], {
      cwd: pkg,
      env: { ...process.env, MCP_URL: everything.url },
      timeout: 60_000,
    });
    expect(stdout.trim()).toBe('success The sum of 2 and 3 is 5.');
  });
});
