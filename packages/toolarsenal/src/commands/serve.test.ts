import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { Client as V1Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as V1Http } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { run, scratch } from '../test-fixtures/cli-kit.js';

// `toolarsenal serve` in a real child process, driven by the official SDK clients.
const pkg = fileURLToPath(new URL('../../', import.meta.url));
const bin = fileURLToPath(new URL('../../bin/toolarsenal.js', import.meta.url));

const TOOLS = {
  tools: [
    {
      name: 'get_weather',
      description: 'Get the current weather for a city.',
      inputSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
    },
    {
      name: 'send_email',
      description: 'Send an email to a recipient.',
      inputSchema: {
        type: 'object',
        properties: { to: { type: 'string' }, body: { type: 'string' } },
        required: ['to', 'body'],
      },
    },
  ],
};

describe('toolarsenal serve', () => {
  let file: string;
  beforeAll(() => {
    file = scratch().write('tools.json', JSON.stringify(TOOLS));
  }, 120_000);

  it('serves a tool file over stdio (dynamic mode): find, then a call without an executor gets a typed error', async () => {
    const client = new Client({ name: 'test', version: '1.0.0' });
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [bin, 'serve', '--tools', file, '--stdio'],
        stderr: 'ignore',
      }),
    );
    try {
      expect((await client.listTools()).tools.map((t) => t.name)).toEqual([
        'find_tools',
        'describe_tool',
        'call_tool',
      ]);
      const found = await client.callTool({ name: 'find_tools', arguments: { query: 'weather in Paris' } });
      expect((found.structuredContent as { tools: { id: string }[] }).tools[0]!.id).toBe('get_weather');
      const called = await client.callTool({
        name: 'call_tool',
        arguments: { id: 'get_weather', arguments: { city: 'Paris' } },
      });
      expect(called.isError).toBe(true);
      expect(JSON.stringify(called.content)).toContain('EXECUTOR_NOT_FOUND');
    } finally {
      await client.close();
    }
  });

  it('serves over HTTP on 127.0.0.1 (static mode), prints the URL and a client config, stops on SIGTERM', async () => {
    const child = spawn(
      process.execPath,
      [bin, 'serve', '--tools', file, '--http', '0', '--mode', 'static'],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    try {
      const url = await new Promise<string>((resolve, reject) => {
        let out = '';
        child.stdout.on('data', (chunk: Buffer) => {
          out += chunk.toString();
          const match = /at (http:\/\/127\.0\.0\.1:\d+\/mcp)/.exec(out);
          if (match && out.includes('client config')) resolve(match[1]!);
        });
        child.once('exit', (code) => reject(new Error(`exited early with ${code}`)));
      });
      const v2 = new Client({ name: 'test', version: '1.0.0' });
      await v2.connect(new StreamableHTTPClientTransport(new URL(url)));
      expect((await v2.listTools()).tools.map((t) => t.name)).toEqual(['get_weather', 'send_email']);
      await v2.close();
      const v1 = new V1Client({ name: 'test', version: '1.0.0' });
      await v1.connect(new V1Http(new URL(url)));
      expect((await v1.listTools()).tools.map((t) => t.name)).toEqual(['get_weather', 'send_email']);
      await v1.close();
    } finally {
      const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
    }
  });

  it("runs the client config from @toolarsenal/mcp's README as written (the tool file path filled in)", async () => {
    const readme = readFileSync(fileURLToPath(new URL('../../../mcp/README.md', import.meta.url)), 'utf8');
    const json = [...readme.matchAll(/```json\n([\s\S]*?)```/g)].map((m) => m[1]!)[1]!;
    const { command, args } = (
      JSON.parse(json) as { mcpServers: { toolarsenal: { command: string; args: string[] } } }
    ).mcpServers.toolarsenal;
    const client = new Client({ name: 'test', version: '1.0.0' });
    await client.connect(
      new StdioClientTransport({
        command,
        args: args.map((a) => (a === '/absolute/path/to/tools.json' ? file : a)),
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
    } finally {
      await client.close();
    }
  });

  it('refuses bad usage with exit code 2 and a clear message', async () => {
    const both = await run(['serve', '--tools', file, '--stdio', '--http', '1']);
    expect(both.code).toBe(2);
    expect(both.stderr).toMatch(/either --stdio or --http/);
    const port = await run(['serve', '--tools', file, '--http', '99999']);
    expect(port.stderr).toMatch(/port number/);
    const pin = await run(['serve', '--tools', file, '--pin', 'x']);
    expect(pin.stderr).toMatch(/--pin is for --mode hybrid/);
    const mode = await run(['serve', '--tools', file, '--mode', 'loud']);
    expect(mode.code).toBe(2);
    const missing = await run(['serve', '--tools', '/nonexistent/tools.json', '--http', '0']);
    expect(missing.code).not.toBe(0);
  });
});

describe('toolarsenal serve --config: hostile configs', () => {
  /** The real bin in a child process: exit code and stderr (stdin closed). */
  const serve = (config: string) =>
    new Promise<{ code: number | null; stderr: string; stdout: string }>((resolve, reject) => {
      const child = spawn(process.execPath, [bin, 'serve', '--config', config, '--http', '0'], {
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stderr = '';
      let stdout = '';
      child.stderr.on('data', (chunk) => (stderr += chunk));
      child.stdout.on('data', (chunk) => (stdout += chunk));
      child.once('error', reject);
      child.once('exit', (code) => resolve({ code, stderr, stdout }));
    });

  it('refuses a 10 MB config before parsing it, naming the file and the limit; nothing is served', async () => {
    const big = scratch().write(
      'toolarsenal.yaml',
      `version: 1\nsources:\n  - name: a\n    file: tools.json\n# ${'x'.repeat(10 * 1024 * 1024)}\n`,
    );
    const refused = await serve(big);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(big);
    expect(refused.stderr).toMatch(/too large|bytes|MB/i);
    expect(refused.stdout).not.toMatch(/http:\/\//);
  });

  it('refuses a YAML alias bomb with a clear error instead of expanding it', async () => {
    const levels = Array.from(
      { length: 9 },
      (_, i) =>
        `${'b'.repeat(i + 1)}: &${'b'.repeat(i + 1)} [${Array(9)
          .fill(i === 0 ? '*a' : `*${'b'.repeat(i)}`)
          .join(', ')}]`,
    );
    const bomb = scratch().write(
      'toolarsenal.yaml',
      `a: &a [x, x, x, x, x, x, x, x, x]\n${levels.join('\n')}\n`,
    );
    const refused = await serve(bomb);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(bomb);
    expect(refused.stderr).toMatch(/alias/i);
    expect(refused.stdout).not.toMatch(/http:\/\//);
  });

  it('a config refused after its MCP servers were spawned stops them: exit 2, no orphan processes', async () => {
    const dir = scratch();
    const log = join(dir.dir, 'pids');
    // Logs its pid, then lives until its stdin ends (as stdio MCP servers do).
    const server = dir.write(
      'server.mjs',
      `import { appendFileSync } from 'node:fs';\nappendFileSync(${JSON.stringify(log)}, process.pid + '\\n');\nprocess.stdin.on('end', () => process.exit(0)).resume();\n`,
    );
    // Valid for the config loader; createArsenal refuses it (a Postgres index needs a URL).
    const config = dir.write(
      'toolarsenal.yaml',
      `version: 1\nsources:\n  - name: early\n    mcp: { command: ${JSON.stringify(process.execPath)}, args: [${JSON.stringify(server)}], era: legacy }\nindex: { backend: postgres }\n`,
    );
    const refused = await serve(config);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('index.url');
    expect(refused.stdout).not.toMatch(/http:\/\//);
    const pids = existsSync(log) ? readFileSync(log, 'utf8').split('\n').filter(Boolean).map(Number) : [];
    const alive = pids.filter((pid) => {
      try {
        process.kill(pid, 0);
        return true;
      } catch {
        return false;
      }
    });
    expect(alive).toEqual([]);
  });
});
