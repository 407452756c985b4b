import { afterEach, describe, expect, it } from 'vitest';
import { run, scratch } from '../test-fixtures/cli-kit.js';

// `list`, `config check|print` and `call <tool> --config` over a small config: a tool module
// (plain objects, no imports, so it loads from a temporary directory) and a tool file.

const MODULE = `
const deleted = [];
export const tools = [
  {
    tool: {
      name: 'add',
      description: 'Add two numbers and return their sum.',
      inputSchema: { type: 'object', properties: { a: { type: 'number' }, b: { type: 'number' } }, required: ['a', 'b'] },
      annotations: { readOnlyHint: true },
    },
    handler: (args) => ({ sum: args.a + args.b }),
  },
  {
    tool: {
      name: 'delete_note',
      description: 'Delete a note for good.',
      inputSchema: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] },
      annotations: { destructiveHint: true },
    },
    handler: (args) => { deleted.push(args.id); return 'deleted ' + args.id; },
  },
];
`;
const FILE = JSON.stringify([
  {
    type: 'function',
    function: {
      name: 'get_weather',
      description: 'Current weather for a city.',
      parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
    },
  },
]);
const CONFIG = `
version: 1
sources:
  - name: notes
    module: notes.mjs
  - name: wiki
    file: tools.json
toolsets:
  - id: served
    policy:
      id: no-wiki
      rules:
        - deny: { tool: ['wiki:*'] }
serve:
  toolset: served
`;

let dirs: ReturnType<typeof scratch>[] = [];
afterEach(() => {
  dirs = [];
});
function project(config = CONFIG) {
  const s = scratch();
  dirs.push(s);
  s.write('notes.mjs', MODULE);
  s.write('tools.json', FILE);
  return { ...s, config: s.write('toolarsenal.yaml', config) };
}

describe('toolarsenal list --config', () => {
  it('lists the served tools (the policy applied), or every tool with --all', async () => {
    const { config } = project();
    const served = await run(['list', '--config', config, '--json']);
    expect(served.code).toBe(0);
    const parsed = JSON.parse(served.stdout) as {
      sources: { name: string; status: string }[];
      tools: { id: string }[];
    };
    expect(parsed.sources.map((s) => [s.name, s.status])).toEqual([
      ['notes', 'ready'],
      ['wiki', 'ready'],
    ]);
    expect(parsed.tools.map((t) => t.id).sort()).toEqual(['notes:add@1.0.0', 'notes:delete_note@1.0.0']);
    const all = await run(['list', '--config', config, '--all']);
    expect(all.code).toBe(0);
    expect(all.stdout).toContain('wiki:get_weather@1.0.0');
    expect(all.stderr).toContain('3 tools from 2 sources');
  });

  it('exits 1 and says which source is down and why when one fails', async () => {
    const { config } = project(`version: 1
sources:
  - name: notes
    module: notes.mjs
  - name: broken
    file: missing.json
    retry: { initialDelayMs: 60000 }
`);
    const result = await run(['list', '--config', config, '--json']);
    const parsed = JSON.parse(result.stdout) as {
      sources: { name: string; status: string; error?: string }[];
    };
    expect(result.code).toBe(1);
    const broken = parsed.sources.find((s) => s.name === 'broken')!;
    expect(broken.status).toBe('retrying');
    expect(broken.error).toMatch(/missing\.json/);
  });
});

describe('toolarsenal config', () => {
  it('check: valid config summarised; invalid one names file, line and key with a suggestion', async () => {
    const { config, write } = project();
    const ok = await run(['config', 'check', '--config', config]);
    expect([ok.code, ok.stdout]).toEqual([0, `${config}: valid (2 sources, 1 toolsets, 0 policies)\n`]);
    const bad = write('bad.yaml', 'version: 1\nsources:\n  - name: a\n    fle: x.json\n');
    const result = await run(['config', 'check', '--config', bad]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(bad);
    expect(result.stderr).toMatch(/:4:/);
    expect(result.stderr).toMatch(/did you mean "file"/);
    const json = await run(['config', 'check', '--config', bad, '--json']);
    expect(JSON.parse(json.stdout)).toMatchObject({ file: bad, valid: false });
  });

  it('print masks secrets, including ones that came from the environment', async () => {
    const { config } = project(`version: 1
sources:
  - name: api
    openapi:
      document: api.yaml
      headers: { X-Api-Key: 'sk-live-\${NOPE_UNSET:-abc123}' }
  - name: srv
    mcp: { command: node, args: [server.js], env: { API_TOKEN: hunter2 } }
`);
    const result = await run(['config', 'print', '--config', config]);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('srv');
    expect(result.stdout).not.toMatch(/hunter2|abc123/);
    const json = await run(['config', '--print', '--json', '--config', config]);
    expect(json.stdout).not.toMatch(/hunter2|abc123/);
    expect(JSON.parse(json.stdout)).toBeTypeOf('object');
  });

  it('a missing or hostile config is a clear usage error, not a crash', async () => {
    const { write, dir } = project();
    const missing = await run(['config', 'print', '--config', `${dir}/nope.yaml`]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/nope\.yaml/);
    const bomb = write(
      'bomb.yaml',
      `a: &a [x, x, x, x, x, x, x, x, x]\n${Array.from(
        { length: 9 },
        (_, i) =>
          `${'b'.repeat(i + 1)}: &${'b'.repeat(i + 1)} [${Array(9)
            .fill(i === 0 ? '*a' : `*${'b'.repeat(i)}`)
            .join(', ')}]`,
      ).join('\n')}\n`,
    );
    const refused = await run(['config', 'print', '--config', bomb]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/alias/i);
  });
});

describe('toolarsenal call <tool> --config', () => {
  it('runs a tool by versionless id through the runner', async () => {
    const { config } = project();
    const result = await run(['call', 'notes:add', '--config', config, '--args', '{"a":2,"b":3}']);
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({ sum: 5 });
  });

  it('a tool needing confirmation is refused without a terminal and runs with --yes', async () => {
    const { config } = project();
    const refused = await run(['call', 'notes:delete_note', '--config', config, '--args', '{"id":"n1"}']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/needs confirmation.*not run\. Pass --yes/);
    expect(refused.stdout).toBe('');
    const confirmed = await run([
      'call',
      'notes:delete_note',
      '--yes',
      '--config',
      config,
      '--args',
      '{"id":"n1"}',
    ]);
    expect([confirmed.code, confirmed.stdout]).toEqual([0, 'deleted n1\n']);
  });

  it('policy-denied, unknown and badly-argued calls fail with exit 1 or 2 and a reason', async () => {
    const { config } = project();
    const denied = await run(['call', 'wiki:get_weather', '--config', config, '--args', '{"city":"Oslo"}']);
    expect(denied.code).toBe(1);
    expect(denied.stderr).toMatch(/toolarsenal: permission_denied/);
    const unknown = await run(['call', 'notes:nope', '--config', config]);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(/toolarsenal: not_found/);
    const invalid = await run(['call', 'notes:add', '--config', config, '--args', '{"a":"two"}']);
    expect(invalid.code).toBe(1);
    expect(invalid.stderr).toMatch(/invalid/i);
    for (const args of ['{not json', '[1,2]', 'null', '"x"']) {
      const bad = await run(['call', 'notes:add', '--config', config, '--args', args]);
      expect(bad.code).toBe(2);
      expect(bad.stderr).toMatch(/--args/);
    }
  });

  it('the config form and the --doc form do not mix: usage errors naming the flag', async () => {
    const { config } = project();
    const both = await run(['call', 'notes:add', '--doc', 'api.yaml', '--operation', 'x']);
    expect([both.code, both.stdout]).toEqual([2, '']);
    expect(both.stderr).toMatch(/either <tool>.*or --doc/);
    const docFlag = await run(['call', 'notes:add', '--config', config, '--dry-run']);
    expect(docFlag.code).toBe(2);
    expect(docFlag.stderr).toMatch(/--dry-run needs --doc/);
    const configFlag = await run(['call', '--doc', 'api.yaml', '--operation', 'x', '--yes']);
    expect(configFlag.code).toBe(2);
    expect(configFlag.stderr).toMatch(/--yes belongs to the config form/);
    const nothing = await run(['call']);
    expect(nothing.code).toBe(2);
    expect(nothing.stderr).toMatch(/name a tool/);
  });
});
