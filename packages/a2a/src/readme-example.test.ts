import { execFile, spawn } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileScript } from '../../../tools/test-support/compile-fixtures.mjs';
import { connectAgent } from './client/agent.js';
import { type SampleAgent, startSampleAgent } from './test-fixtures/sdk-agent.js';

// The README's examples, run as written. Only the package's own import is pointed at its source,
// so the test does not depend on this package's build having run first.
const pkg = fileURLToPath(new URL('../', import.meta.url));
const readme = readFileSync(join(pkg, 'README.md'), 'utf8');
const blocks = [...readme.matchAll(/```ts\n([\s\S]*?)```/g)].map((m) =>
  m[1]!.replaceAll("'@toolarsenal/a2a'", JSON.stringify(join(pkg, 'src', 'index.ts'))),
);
const dir = join(pkg, 'node_modules', '.cache', 'readme-example');
const run = promisify(execFile);
// A block written as a .mts file, compiled (with the package source it imports) to plain JavaScript
// with esbuild — what tsx would transpile it with — so the child is a plain `node` process.
async function compiled(name: string, code: string): Promise<string> {
  const source = join(dir, `${name}.mts`);
  writeFileSync(source, code);
  const out = join(dir, `${name}.mjs`);
  await compileScript(source, out);
  return out;
}

describe('README examples', () => {
  let sample: SampleAgent;
  beforeAll(async () => {
    mkdirSync(dir, { recursive: true });
    sample = await startSampleAgent();
  });
  afterAll(async () => {
    await sample?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('has the three examples, the first under 15 lines', () => {
    expect(blocks).toHaveLength(3);
    expect(blocks[0]!.trim().split('\n').length).toBeLessThan(15);
  });

  it('wraps a remote agent as a tool and calls it through toolrun', async () => {
    const file = await compiled('client', blocks[0]!);
    const { stdout } = await run(process.execPath, [file], {
      cwd: pkg,
      env: { ...process.env, AGENT_URL: sample.url },
      timeout: 60_000,
    });
    expect(stdout.trim()).toBe('success echo: hello');
  });

  it('answers an input-required task', async () => {
    const file = await compiled('resume', blocks[1]!);
    const { stdout } = await run(process.execPath, [file], {
      cwd: pkg,
      env: { ...process.env, AGENT_URL: sample.url },
      timeout: 60_000,
    });
    expect(stdout.trim().split('\n')).toEqual(['Which city?', 'success booked in Paris']);
  });

  it('serves a toolset at two exposure levels', async () => {
    const file = await compiled('server', blocks[2]!);
    const child = spawn(process.execPath, [file], {
      cwd: pkg,
      env: { ...process.env, PORT: '0', PARTNER_TOKEN: 'readme-token' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    try {
      const line = await new Promise<string>((resolve, reject) => {
        let out = '';
        child.stdout.on('data', (chunk: Buffer) => {
          out += chunk.toString();
          if (out.includes('\n')) resolve(out.trim());
        });
        child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
      });
      const url = /A2A agent at (http:\/\/\S+)\/\.well-known\/agent-card\.json/.exec(line)![1]!;
      const anonymous = await connectAgent({ cardUrl: url });
      expect(anonymous.tools.map((t) => t.name)).toEqual(['get_weather']);
      const partner = await connectAgent({ cardUrl: url, auth: { bearer: 'readme-token' } });
      expect(partner.tools.map((t) => t.name)).toEqual(['get_weather', 'refund_order']);
      const runner = (await import('@toolarsenal/toolrun')).createRunner({
        executors: [partner.executor],
        tools: [...partner.tools],
        confirmation: false,
      });
      const refund = await runner.run({ name: 'refund_order', arguments: { order: 'A-1' } });
      expect(refund.result).toEqual({ refunded: 'A-1' });
    } finally {
      child.kill('SIGTERM');
      await exited;
    }
  });
});
