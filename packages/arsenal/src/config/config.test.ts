import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ArsenalConfigError } from '../errors.js';
import { configJsonSchema } from './json-schema.js';
import { findConfig, loadConfig, parseConfig } from './load.js';
import { MASK, printConfig } from './print.js';

const tmp = mkdtempSync(join(tmpdir(), 'arsenal-config-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

function issuesOf(text: string, options: Parameters<typeof parseConfig>[1] = {}) {
  try {
    parseConfig(text, { file: 'toolarsenal.yaml', env: {}, ...options });
  } catch (error) {
    if (!ArsenalConfigError.isInstance(error)) throw error;
    return { error, issues: error.issues };
  }
  throw new Error('expected the config to be refused');
}

const GOOD = `
sources:
  - name: everything
    mcp: { command: npx, args: [-y, '@modelcontextprotocol/server-everything'] }
  - name: api
    openapi: { document: api.yaml, baseUrl: 'http://127.0.0.1:8080', auth: { bearerAuth: '\${API_TOKEN}' } }
  - name: remote
    mcp: { url: 'https://mcp.example.com/mcp', headers: { Authorization: 'Bearer \${REMOTE_TOKEN}' } }
toolsets:
  - id: safe
    annotations: { readOnlyHint: true }
serve:
  toolset: safe
  mode: hybrid
  pinned: [everything_echo]
  http: { port: 8080 }
runner: { timeoutMs: 5000 }
`;

describe('parseConfig', () => {
  it('reads sources, toolsets and the facade sections, interpolating ${ENV} in values', () => {
    const config = parseConfig(GOOD, {
      file: '/srv/toolarsenal.yaml',
      env: { API_TOKEN: 's3cret', REMOTE_TOKEN: 'r3' },
    });
    expect(config.dir).toBe('/srv');
    expect(config.sources.map((s) => s.name)).toEqual(['everything', 'api', 'remote']);
    expect(config.sources[1]!.openapi!.auth).toEqual({ bearerAuth: 's3cret' });
    expect(config.sources[2]!.mcp!.headers).toEqual({ Authorization: 'Bearer r3' });
    expect(config.toolsets.toolsets.map((t) => t.id)).toEqual(['safe']);
    expect(config.serve).toEqual({
      toolset: 'safe',
      mode: 'hybrid',
      pinned: ['everything_echo'],
      http: { port: 8080 },
    });
    expect(config.runner).toEqual({ timeoutMs: 5000 });
    expect(config.index).toEqual({});
  });

  it('reads the same config as JSON', () => {
    const config = parseConfig(
      JSON.stringify({ sources: [{ name: 'tools', file: 'tools.json', dialect: 'openai-chat' }] }),
      { file: 'toolarsenal.json' },
    );
    expect(config.sources[0]).toEqual({ name: 'tools', file: 'tools.json', dialect: 'openai-chat' });
  });

  it('unknown keys: file, line, key path and "did you mean"', () => {
    const top = issuesOf('source:\n  - name: a\n    file: t.json\n');
    expect(top.issues).toEqual([
      {
        pointer: '/source',
        code: 'unknown_field',
        message: 'unknown field "source"; did you mean "sources"?',
        line: 1,
        column: 1,
      },
    ]);
    expect(top.error.message).toContain(
      'toolarsenal.yaml:1:1 /source: unknown field "source"; did you mean "sources"?',
    );
    const nested = issuesOf('sources:\n  - name: a\n    mcp:\n      comand: npx\n');
    expect(nested.issues[0]).toMatchObject({
      pointer: '/sources/0/mcp/comand',
      code: 'unknown_field',
      message: 'unknown field "comand"; did you mean "command"?',
      line: 4,
      column: 7,
    });
    const serve = issuesOf('serve:\n  modes: static\n');
    expect(serve.issues[0]!.message).toBe('unknown field "modes"; did you mean "mode"?');
  });

  it('wrong types and values name the path and line', () => {
    const { issues } = issuesOf('serve:\n  http:\n    port: "eighty"\n  mode: loud\n');
    expect(issues.map((i) => i.pointer).sort()).toEqual(['/serve/http/port', '/serve/mode']);
    const line = (pointer: string) => issues.find((i) => i.pointer === pointer)?.line;
    expect([line('/serve/http/port'), line('/serve/mode')]).toEqual([3, 4]);
  });

  it('a source has exactly one kind; kind-specific fields are checked', () => {
    expect(issuesOf('sources:\n  - name: a\n').issues[0]).toMatchObject({
      pointer: '/sources/0',
      code: 'invalid_entry',
      line: 2,
    });
    expect(
      issuesOf('sources:\n  - name: a\n    file: x.json\n    module: x.mjs\n').issues[0]!.message,
    ).toMatch(/exactly one kind; found module, file/);
    expect(
      issuesOf('sources:\n  - name: a\n    mcp: { url: "https://x.test/mcp", args: [a] }\n').issues[0],
    ).toMatchObject({
      pointer: '/sources/0/mcp/args',
    });
    expect(
      issuesOf('sources:\n  - name: a\n    mcp: { url: "https://x.test/mcp", resolveNpx: false }\n')
        .issues[0],
    ).toMatchObject({ pointer: '/sources/0/mcp/resolveNpx' });
    expect(
      issuesOf('sources:\n  - name: a\n    mcp: { command: npx, resolveNpx: "no" }\n').issues[0]!.pointer,
    ).toBe('/sources/0/mcp/resolveNpx');
    expect(issuesOf('sources:\n  - name: a\n    mcp: {}\n').issues[0]!.message).toMatch(
      /exactly one of "command"/,
    );
    expect(
      issuesOf('sources:\n  - name: a\n    mcp: { url: "file:///etc/passwd" }\n').issues[0]!.pointer,
    ).toBe('/sources/0/mcp/url');
    expect(issuesOf('sources:\n  - name: "bad name"\n    file: t.json\n').issues[0]!.pointer).toBe(
      '/sources/0/name',
    );
    expect(issuesOf('sources:\n  - name: a\n    dialect: mcp\n    module: m.mjs\n').issues[0]!.pointer).toBe(
      '/sources/0/dialect',
    );
  });

  it('duplicate source names and namespaces are refused with the position of the second', () => {
    const names = issuesOf('sources:\n  - name: a\n    file: t.json\n  - name: a\n    file: u.json\n');
    expect(names.issues[0]).toMatchObject({ pointer: '/sources/1/name', code: 'duplicate_id', line: 4 });
    const spaces = issuesOf(
      'sources:\n  - name: a\n    file: t.json\n  - name: b\n    namespace: a\n    file: u.json\n',
    );
    expect(spaces.issues[0]).toMatchObject({
      pointer: '/sources/1/namespace',
      code: 'duplicate_id',
      line: 5,
    });
  });

  it('serve.toolset must name a toolset; pinned is for hybrid mode', () => {
    const { issues } = issuesOf('toolsets:\n  - id: safe\nserve:\n  toolset: unsafe\n  pinned: [a]\n');
    expect(issues).toEqual([
      expect.objectContaining({
        pointer: '/serve/toolset',
        code: 'unknown_reference',
        message: 'unknown toolset "unsafe" (defined: safe)',
        line: 4,
      }),
      expect.objectContaining({ pointer: '/serve/pinned', code: 'invalid_entry', line: 5 }),
    ]);
  });

  it('${ENV}: unset variables are errors; defaults apply; values can neither add keys nor YAML', () => {
    expect(issuesOf('serve:\n  name: ${NAME}\n').issues[0]).toMatchObject({
      pointer: '/serve/name',
      code: 'unset_env',
      line: 2,
    });
    expect(parseConfig('serve:\n  name: ${NAME:-gateway}\n', { env: {} }).serve.name).toBe('gateway');
    const injected = parseConfig('serve:\n  name: ${NAME}\n', {
      env: { NAME: 'x\n  mode: static\ntoolsets: [{ id: evil }]' },
    });
    expect(injected.serve).toEqual({ name: 'x\n  mode: static\ntoolsets: [{ id: evil }]' });
    expect(injected.toolsets.toolsets).toEqual([]);
    const json = parseConfig('{"serve": {"name": "${NAME}"}}', {
      format: 'json',
      env: { NAME: '", "mode": "static' },
    });
    expect(json.serve).toEqual({ name: '", "mode": "static' });
    // Keys are never interpolated: a key spelt as a reference is just an unknown key.
    expect(issuesOf('serve:\n  ${KEY}: static\n', { env: { KEY: 'mode' } }).issues[0]).toMatchObject({
      pointer: '/serve/${KEY}',
      code: 'unknown_field',
    });
    expect(issuesOf('serve:\n  name: ${1BAD}\n').issues[0]!.code).toBe('bad_interpolation');
  });

  it('syntax errors, duplicate keys, forbidden keys and deep nesting', () => {
    expect(issuesOf('sources: [\n').issues[0]).toMatchObject({ code: 'yaml_syntax' });
    expect(issuesOf('{"sources": [}', { format: 'json' }).issues[0]).toMatchObject({ code: 'json_syntax' });
    expect(issuesOf('serve:\n  mode: static\n  mode: dynamic\n').issues[0]).toMatchObject({
      code: 'duplicate_key',
      line: 3,
    });
    expect(issuesOf('serve:\n  __proto__: { polluted: true }\n').issues[0]!.code).toBe('forbidden_key');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(issuesOf(`${'['.repeat(5000)}${']'.repeat(5000)}`).issues[0]!.code).toBe('too_deep');
    expect(issuesOf('').issues[0]!.code).toBe('empty');
  });

  it('an alias bomb and an oversized text are refused', () => {
    const bomb = ['a: &a [x, x, x, x, x, x, x, x, x, x]'];
    for (let i = 1; i < 12; i++)
      bomb.push(
        `${String.fromCharCode(97 + i)}: &${String.fromCharCode(97 + i)} [${Array(10)
          .fill(`*${String.fromCharCode(96 + i)}`)
          .join(', ')}]`,
      );
    const refused = issuesOf(bomb.join('\n'));
    expect(refused.issues[0]!.message).toMatch(/alias/i);
    expect(issuesOf('x'.repeat(100), { maxBytes: 10 }).issues[0]!.code).toBe('too_large');
  });
});

describe('loadConfig', () => {
  it('reads a file, resolving paths against its directory', async () => {
    const file = join(tmp, 'toolarsenal.yaml');
    writeFileSync(file, 'sources:\n  - name: t\n    file: tools.json\n');
    const config = await loadConfig(file);
    expect(config.file).toBe(file);
    expect(config.dir).toBe(tmp);
    expect(await findConfig(tmp)).toBe(file);
    expect(await findConfig(join(tmp, 'nowhere'))).toBeUndefined();
  });

  it('missing files, directories and a 10 MB file are refused before parsing, naming the file', async () => {
    const missing = join(tmp, 'missing.yaml');
    await expect(loadConfig(missing)).rejects.toMatchObject({
      code: 'ARSENAL_CONFIG_INVALID',
      file: missing,
      issues: [expect.objectContaining({ code: 'unreadable' })],
    });
    const dir = join(tmp, 'dir.yaml');
    mkdirSync(dir);
    await expect(loadConfig(dir)).rejects.toMatchObject({
      issues: [expect.objectContaining({ code: 'not_a_file' })],
    });
    const big = join(tmp, 'big.yaml');
    writeFileSync(big, `# ${'x'.repeat(10 * 1024 * 1024)}\n`);
    await expect(loadConfig(big)).rejects.toMatchObject({
      issues: [expect.objectContaining({ code: 'too_large' })],
    });
  });
});

describe('printConfig', () => {
  it('masks credentials, header values, child env values and URL user-info; keeps the rest', () => {
    const config = parseConfig(
      `${GOOD.replace(
        'sources:\n',
        `sources:
  - name: fs
    mcp: { command: node, args: [server.js], env: { GITHUB_TOKEN: ghp_123, MODE: fast } }
  - name: agent
    a2a: { cardUrl: 'https://user:pw@agent.example.com', auth: { apiKey: k3y } }
`,
      )}`,
      { env: { API_TOKEN: 's3cret', REMOTE_TOKEN: 'r3' } },
    );
    const printed = printConfig(config);
    for (const secret of ['s3cret', 'r3', 'ghp_123', 'fast', 'k3y', 'user:pw'])
      expect(printed).not.toContain(secret);
    expect(printed).toContain(MASK);
    expect(printed).toContain('@modelcontextprotocol/server-everything');
    expect(printed).toContain('agent.example.com');
    const json = JSON.parse(printConfig(config, 'json')) as { sources: { openapi?: { auth: unknown } }[] };
    expect(json.sources[3]!.openapi!.auth).toEqual({ bearerAuth: MASK });
  });
});

describe('JSON Schema', () => {
  it('the shipped schema is the one the zod schemas generate', () => {
    const shipped = JSON.parse(
      readFileSync(new URL('../../schema/toolarsenal.schema.json', import.meta.url), 'utf8'),
    );
    expect(shipped).toEqual(configJsonSchema());
    expect(Object.keys(shipped.properties)).toEqual(
      expect.arrayContaining(['sources', 'toolsets', 'policies', 'serve', 'index', 'runner', 'telemetry']),
    );
    expect(shipped.additionalProperties).toBe(false);
  });
});
