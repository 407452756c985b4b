import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadToolsetConfigFile, parseToolsetConfig } from './config.js';
import { instantiateConfig } from './config-instantiate.js';
import { interpolate } from './env-interpolate.js';
import { ToolsetConfigError } from './errors.js';
import { TOOLS } from './test-fixtures/tools.js';

const tools = [...TOOLS];
const fixture = new URL('./test-fixtures/config/toolsets.yaml', import.meta.url);
const env = { TENANT: 'acme' };

function issuesOf(text: string, options: Parameters<typeof parseToolsetConfig>[1] = {}) {
  try {
    parseToolsetConfig(text, { env: {}, ...options });
  } catch (e) {
    expect(ToolsetConfigError.isInstance(e)).toBe(true);
    expect((e as ToolsetConfigError).code).toBe('TOOLSET_CONFIG_INVALID');
    return { issues: (e as ToolsetConfigError).issues, message: (e as Error).message };
  }
  throw new Error('expected the config to be rejected');
}

describe('config files: the real fixture', () => {
  it('loads, interpolates and instantiates over the fixture tools', async () => {
    const config = await loadToolsetConfigFile(fileURLToPath(fixture), { env });
    expect(config.toolsets.map((t) => t.id)).toEqual([
      'devops',
      'research',
      'readonly-devops',
      'everything',
      'research-not-devops',
    ]);
    expect(config.policies[0]?.zeroTrust).toBe(true); // ${PROD_ZERO_TRUST:-true} typed as a boolean
    const { toolsets, policies, exposure } = instantiateConfig(config, tools);
    const devops = toolsets.get('devops')!;
    expect(devops.owner).toBe('platform-team');
    expect(devops.policy).toBe(policies.get('prod-readonly'));
    expect(devops.has('mcp.git:git_status@1.0.0')).toBe(true);
    expect(devops.has('mcp.git:git_reset@1.0.0')).toBe(false);
    expect(devops.has('mcp.docker-mcp:deploy-compose@1.0.0')).toBe(false);
    expect(devops.size).toBe(13 - 1 + 4 - 1 + 5);
    const ro = toolsets.get('readonly-devops')!;
    expect(ro.size).toBe(5);
    expect(ro.policy?.id).toBe('prod-readonly'); // inherited
    expect(toolsets.get('everything')!.size).toBe(devops.size + toolsets.get('research')!.size);
    expect(toolsets.get('research-not-devops')!.size).toBe(toolsets.get('research')!.size);
    const d = devops.evaluate({ tenant: 'acme' }, 'mcp.npm-sentinel-mcp:npmSearch@1.0.0');
    expect(d).toMatchObject({
      allow: true,
      obligations: { rateLimit: { requests: 60, intervalMs: 60000, per: 'principal' } },
    });
    expect(devops.evaluate({ tenant: 'other' }, 'mcp.npm-sentinel-mcp:npmSearch@1.0.0').allow).toBe(false);
    expect(exposure?.levels).toEqual(['public', 'partner']);
    expect(exposure?.toolsetFor('partner').size).toBe(toolsets.get('everything')!.size);
  });

  it('JSON configs are equivalent', () => {
    const json = JSON.stringify(
      { toolsets: [{ id: 'git', namespace: ['mcp.git'], exclude: ['git_reset'] }] },
      null,
      2,
    );
    const config = parseToolsetConfig(json, { file: 'sets.json', env: {} });
    expect(instantiateConfig(config, tools).toolsets.get('git')!.size).toBe(12);
  });
});

describe('config errors point at the file and the entry', () => {
  it('bad YAML: line and column', () => {
    const { issues, message } = issuesOf('toolsets:\n  - id: a\n    namespace: [mcp.git\n', {
      file: 'ops.yaml',
    });
    expect(issues[0]).toMatchObject({
      code: 'yaml_syntax',
      line: expect.any(Number),
      column: expect.any(Number),
    });
    expect(message).toMatch(/^Invalid toolset config ops\.yaml/);
    expect(message).toMatch(/ops\.yaml:\d+:\d+/);
  });

  it('bad JSON: line and column from the position', () => {
    const { issues } = issuesOf('{\n  "toolsets": [\n    {"id": "a",}\n  ]\n}', { file: 'x.json' });
    expect(issues[0]).toMatchObject({ code: 'json_syntax', line: 3 });
  });

  it('duplicate keys', () => {
    const { issues } = issuesOf('toolsets:\n  - id: a\n    id: b\n');
    expect(issues[0]).toMatchObject({ code: 'duplicate_key', line: 3 });
  });

  it('unknown fields: pointer and the position of the key', () => {
    const { issues } = issuesOf('toolsets:\n  - id: a\n    namespaces: [mcp.git]\n');
    expect(issues).toEqual([
      {
        pointer: '/toolsets/0/namespaces',
        code: 'unknown_field',
        message: 'unknown field "namespaces"',
        line: 3,
        column: 5,
      },
    ]);
    const top = issuesOf('toolset: []\n');
    expect(top.issues[0]).toMatchObject({ pointer: '/toolset', code: 'unknown_field', line: 1, column: 1 });
    const rule = issuesOf('policies:\n  - id: p\n    rules:\n      - allow: { rolez: [x] }\n');
    expect(rule.issues[0]).toMatchObject({
      pointer: '/policies/0/rules/0/allow/rolez',
      code: 'unknown_field',
      line: 4,
    });
  });

  it('bad globs', () => {
    const { issues } = issuesOf('toolsets:\n  - id: a\n    include: [ok, "read[file"]\n');
    expect(issues[0]).toMatchObject({ pointer: '/toolsets/0/include/1', code: 'bad_glob', line: 3 });
    expect(issues[0]?.message).toMatch(/unclosed "\["/);
  });

  it('wrong types and bad ids', () => {
    const { issues } = issuesOf('toolsets:\n  - id: "has space"\n    zeroTrust: "yes"\n');
    expect(issues.map((i) => [i.pointer, i.code])).toEqual([
      ['/toolsets/0/id', 'invalid_id'],
      ['/toolsets/0/zeroTrust', 'invalid_type'],
    ]);
  });

  it('unset environment variables, malformed references', () => {
    const { issues } = issuesOf(
      'toolsets:\n  - id: a\n    owner: ${OWNER}\n    description: "${bad name}"\n',
    );
    expect(issues).toEqual([
      {
        pointer: '/toolsets/0/owner',
        code: 'unset_env',
        message: 'environment variable OWNER is not set (use ${OWNER:-default} for a default)',
        line: 3,
        column: 12,
      },
      expect.objectContaining({ pointer: '/toolsets/0/description', code: 'bad_interpolation', line: 4 }),
    ]);
  });

  it('references: unknown policy and toolset, cycles, mixed composition', () => {
    const { issues } = issuesOf(
      [
        'toolsets:',
        '  - id: a',
        '    policy: nope',
        '  - id: b',
        '    extends: c',
        '  - id: c',
        '    union: [b, missing]',
        '  - id: d',
        '    union: [a]',
        '    namespace: [x]',
        '  - id: a',
        'exposure:',
        '  public: ghost',
      ].join('\n'),
    );
    expect(issues.map((i) => [i.pointer, i.code])).toEqual([
      ['/toolsets/4/id', 'duplicate_id'],
      ['/toolsets/0/policy', 'unknown_reference'],
      ['/toolsets/2/union/1', 'unknown_reference'],
      ['/toolsets/3/namespace', 'invalid_entry'],
      ['/toolsets/1', 'cycle'],
      ['/exposure/public', 'unknown_reference'],
    ]);
    expect(issues.find((i) => i.code === 'cycle')?.message).toBe(
      'toolset references form a cycle: b → c → b',
    );
  });

  it('inline policies are validated with pointers into the toolset', () => {
    const { issues } = issuesOf(
      'toolsets:\n  - id: a\n    policy:\n      id: inline\n      rules:\n        - deny: {}\n          allow: {}\n',
    );
    expect(issues[0]).toMatchObject({ pointer: '/toolsets/0/policy/rules/0', code: 'invalid_rule', line: 6 });
  });

  it('empty documents and non-objects', () => {
    expect(issuesOf('').issues[0]?.code).toBe('empty');
    expect(issuesOf('- 1\n- 2\n').issues[0]?.code).toBe('invalid_type');
  });

  it('missing files', async () => {
    await expect(loadToolsetConfigFile('/nonexistent/toolsets.yaml')).rejects.toThrow(/cannot read the file/);
  });
});

describe('hostile config input', () => {
  it('__proto__, constructor and prototype keys are refused, nothing is polluted', () => {
    const y = issuesOf('toolsets:\n  - id: a\n    __proto__: { polluted: true }\n');
    expect(y.issues[0]).toMatchObject({ pointer: '/toolsets/0/__proto__', line: 3 });
    expect(y.message).toMatch(/__proto__/);
    const j = issuesOf('{"toolsets": [], "constructor": {"prototype": {"x": 1}}}', { file: 'p.json' });
    expect(j.issues[0]?.pointer).toBe('/constructor');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('alias bombs are stopped', () => {
    const lines = ['a: &a [x, x, x, x, x, x, x, x, x, x]'];
    for (let i = 0; i < 8; i++)
      lines.push(
        `${String.fromCharCode(98 + i)}: &${String.fromCharCode(98 + i)} [${Array(10)
          .fill(`*${String.fromCharCode(97 + i)}`)
          .join(', ')}]`,
      );
    const { issues } = issuesOf(lines.join('\n'));
    expect(issues[0]?.message).toMatch(/alias|too|excessive|values/i);
  });

  it('deep nesting and oversized input', () => {
    let deep = 'x';
    for (let i = 0; i < 200; i++) deep = `[${deep}]`;
    expect(issuesOf(`toolsets: ${deep}\n`).issues[0]?.code).toBe('too_deep');
    expect(issuesOf('x'.repeat(2000), { maxBytes: 1000 }).issues[0]?.code).toBe('too_large');
  });

  it('huge but valid configs load: 1,000 toolsets', () => {
    const lines = ['toolsets:'];
    for (let i = 0; i < 1000; i++)
      lines.push(`  - id: set-${i}`, `    namespace: [mcp.git]`, `    exclude: [git_reset]`);
    const config = parseToolsetConfig(lines.join('\n'), { env: {} });
    expect(config.toolsets).toHaveLength(1000);
    const { toolsets } = instantiateConfig(config, tools);
    expect(toolsets.get('set-999')!.size).toBe(12);
  });

  it('no code execution through interpolation', () => {
    const r = interpolate('${process.exit(1)}', {});
    expect(r).toMatchObject({ ok: false, code: 'bad_interpolation' });
    expect(interpolate('$${HOME} and ${A:-x} ${B}', { B: 'b' })).toEqual({
      ok: true,
      value: '${HOME} and x b',
    });
    expect(interpolate('${A:-fallback}', { A: '' })).toEqual({ ok: true, value: 'fallback' });
    expect(interpolate('${A}', { A: '' })).toEqual({ ok: true, value: '' });
    expect(interpolate('${toString}', {})).toMatchObject({ ok: false, code: 'unset_env' });
    expect(interpolate('${A:-${B}}', {})).toMatchObject({ ok: false, code: 'bad_interpolation' });
    expect(interpolate('abc ${', {})).toMatchObject({ ok: false, code: 'bad_interpolation' });
  });
});
