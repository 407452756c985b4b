import { execFile } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { transform } from 'esbuild';
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
    // The block's types stripped here and the result run with plain node: one process fewer to load
    // tsx into (the README harness, test:readmes, type-checks README blocks).
    const file = join(dir, 'pool.mjs');
    writeFileSync(
      file,
      (await transform(blocks('ts')[1]!, { loader: 'ts', format: 'esm', target: 'node20' })).code,
    );
    const { stdout } = await promisify(execFile)(process.execPath, [file], {
      cwd: pkg,
      // npx finds server-everything installed here; offline, it never asks the registry.
      env: {
        ...process.env,
        MCP_URL: everything.url,
        npm_config_offline: 'true',
        npm_config_update_notifier: 'false',
      },
      timeout: 60_000,
    });
    expect(stdout.trim()).toBe('success The sum of 2 and 3 is 5.');
    // The example plus two npx → server-everything starts (the SDK's era probe on a sibling process,
    // then the connection): a hang guard sized for a loaded machine and the exec's own 60 s timeout,
    // not a speed bar.
  }, 90_000);
});
