import { afterEach, describe, expect, it } from 'vitest';
import { runCli } from '../program.js';
import { scratch } from '../test-fixtures/cli-kit.js';
import { quietIo, startInspect as start } from '../test-fixtures/inspect-kit.js';

const TOOLS = {
  tools: [
    {
      name: 'get_weather',
      description: 'Get the current weather for a city.',
      inputSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
    },
    {
      name: 'delete_repo',
      description: 'Delete a repository.',
      annotations: { destructiveHint: true },
      inputSchema: { type: 'object', properties: { repo: { type: 'string' } } },
    },
  ],
};

const TOOLSETS = `
version: 1
toolsets:
  - id: public
    annotations: { readOnlyHint: true }
  - id: partner
    include: [delete_repo]
exposure: { public: public, partner: partner }
`;

describe('toolarsenal inspect', () => {
  const running: Array<ReturnType<typeof start>> = [];
  afterEach(async () => {
    for (const r of running.splice(0)) {
      r.stop();
      await r.done;
    }
  });

  it('serves a tool file on 127.0.0.1, prints the URL and stops on the signal', async () => {
    const file = scratch().write('tools.json', JSON.stringify(TOOLS));
    const run = start(['--tools', file]);
    running.push(run);
    const url = await run.url();
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    expect(run.stdout()).toContain('inspecting 2 tools');
    const summary = (await (await fetch(`${url}api/summary`)).json()) as { tools: number; access: unknown };
    expect(summary).toMatchObject({ tools: 2, access: null });
    const page = await fetch(url);
    expect(await page.text()).toContain('<title>ToolArsenal inspector</title>');
  });

  it('takes a toolset config for the policy view', async () => {
    const dir = scratch();
    const run = start([
      '--tools',
      dir.write('tools.json', JSON.stringify(TOOLS)),
      '--toolsets',
      dir.write('toolsets.yaml', TOOLSETS),
    ]);
    running.push(run);
    const url = await run.url();
    const view = async (exposure: string) =>
      (await (
        await fetch(`${url}api/policy`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ subject: { exposure } }),
        })
      ).json()) as { counts: { visible: number } };
    expect((await view('public')).counts.visible).toBe(0);
    expect((await view('partner')).counts.visible).toBe(1);
  });

  it('refuses bad options and unreadable files with a clear message', async () => {
    const bad = await runCli(['inspect', '--tools', 'x.json', '--port', 'http'], quietIo());
    expect(bad).toBe(2);
    const io = quietIo();
    expect(await runCli(['inspect', '--tools', '/nonexistent/tools.json'], io)).toBe(2);
    expect(io.err()).toContain('cannot read /nonexistent/tools.json: no such file');
    const dir = scratch();
    const tools = dir.write('tools.json', JSON.stringify(TOOLS));
    const broken = dir.write('toolsets.yaml', 'toolsets:\n  - id: a\n    nonsense: 1\n');
    const io2 = quietIo();
    expect(await runCli(['inspect', '--tools', tools, '--toolsets', broken], io2)).not.toBe(0);
    expect(io2.err()).toMatch(/nonsense/);
  });
});
