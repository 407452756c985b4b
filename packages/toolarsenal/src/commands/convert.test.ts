import { fromCanonical, toCanonical } from '@toolarsenal/tooladapter';
import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { fixture, run, scratch } from '../test-fixtures/cli-kit.js';

const weather = {
  name: 'weather.current',
  description: 'Current weather',
  inputSchema: {
    type: 'object',
    properties: { city: { type: 'string' }, days: { type: 'integer', minimum: 1, maximum: 7 } },
    required: ['city'],
  },
};

describe('toolarsenal convert', () => {
  it('converts a YAML MCP tools/list document to OpenAI strict and reports the losses on stderr', async () => {
    const files = scratch();
    const input = files.write(
      'tools.yaml',
      stringify({ tools: [weather, { name: 'ping', inputSchema: { type: 'object' } }] }),
    );
    const { code, stdout, stderr } = await run(['convert', input, '--to', 'openai-chat', '--strict']);
    expect(stderr).toContain('converted 2 tools mcp → openai-chat (strict)');
    expect(code).toBe(0);
    const out = JSON.parse(stdout) as Array<{
      type: string;
      function: { name: string; strict: boolean; parameters: { required: string[] } };
    }>;
    expect(out).toHaveLength(2);
    expect(out[0]!.type).toBe('function');
    expect(out[0]!.function.strict).toBe(true);
    // Dots are not allowed in OpenAI names: mapped reversibly and reported.
    expect(out[0]!.function.name).not.toContain('.');
    expect(stderr).toMatch(/weather\.current.* → /);
    // Strict mode: every property required, the optional one reported as rewritten.
    expect(out[0]!.function.parameters.required.sort()).toEqual(['city', 'days']);
    expect(stderr).toContain('/0/inputSchema');
  });

  it('writes output and a JSON loss report to files', async () => {
    const files = scratch();
    const input = files.write('tool.json', JSON.stringify(weather));
    const outFile = `${files.dir}/gemini.json`;
    const reportFile = `${files.dir}/report.json`;
    const { code, stdout } = await run([
      'convert',
      input,
      '--to',
      'gemini',
      '-o',
      outFile,
      '--report',
      reportFile,
    ]);
    expect(code).toBe(0);
    expect(stdout).toBe('');
    const value = JSON.parse(files.read('gemini.json')) as { name: string; parameters: unknown };
    expect(value.parameters).toBeDefined();
    const report = JSON.parse(files.read('report.json')) as {
      from: string;
      to: string;
      tools: number;
      losses: unknown[];
    };
    expect(report).toMatchObject({ from: 'mcp', to: 'gemini', tools: 1 });
    expect(Array.isArray(report.losses)).toBe(true);
  });

  it('reads stdin and prints the JSON report on stderr with a bare --report', async () => {
    const { code, stdout, stderr } = await run(
      ['convert', '-', '--to', 'anthropic', '--report'],
      JSON.stringify(weather),
    );
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toMatchObject({ input_schema: { type: 'object' } });
    expect(JSON.parse(stderr)).toMatchObject({ from: 'mcp', to: 'anthropic', tools: 1 });
  });

  it('imports legacy functions (JSONL, BFCL style) and re-exports them as an OpenAPI document', async () => {
    const files = scratch();
    const legacy = fixture('legacy.jsonl');
    const first = await run(['convert', legacy, '--from', 'legacy-function', '--to', 'mcp']);
    expect(first.code).toBe(0);
    expect(first.stderr).toContain('converted 2 tools legacy-function → mcp');
    expect(first.stderr).toContain('legacy type "dict" → "object"');
    const mcp = files.write('mcp.json', first.stdout);
    const openapi = await run(['convert', mcp, '--to', 'openapi-operation']);
    expect(openapi.code).toBe(0);
    expect(JSON.parse(openapi.stdout)).toMatchObject({ openapi: '3.1.0' });
    // One operation `{path, method, operation}` is detected as the openapi-operation single form.
    const single = files.write(
      'op.json',
      JSON.stringify({
        path: '/tools/x',
        method: 'post',
        operation: {
          operationId: 'x',
          'x-toolarsenal-input': 'body',
          requestBody: {
            content: {
              'application/json': { schema: { type: 'object', properties: { a: { type: 'integer' } } } },
            },
          },
        },
      }),
    );
    const back = await run(['convert', single, '--to', 'mcp']);
    expect(back.code).toBe(0);
    expect(JSON.parse(back.stdout)).toMatchObject({
      name: 'x',
      inputSchema: { properties: { a: { type: 'integer' } } },
    });
  });

  it('converts a single tool in one step, with the output and report of reading it first', async () => {
    const files = scratch();
    const draft07 = {
      ...weather,
      inputSchema: { $schema: 'http://json-schema.org/draft-07/schema#', ...weather.inputSchema },
    };
    const cases: Array<{ raw: unknown; from?: string; to: string; args?: string[]; namespace?: string }> = [
      { raw: draft07, to: 'gemini' },
      { raw: draft07, to: 'openai-chat', args: ['--strict'] },
      {
        raw: { server: 'acme-crm', tool: weather },
        from: 'mcp',
        to: 'anthropic',
        args: ['--namespace-from', 'server'],
      },
      { raw: weather, to: 'mcp', args: ['--namespace', 'demo'], namespace: 'demo' },
    ];
    for (const [i, c] of cases.entries()) {
      const input = files.write(`tool${i}.json`, JSON.stringify(c.raw));
      const reportFile = `${files.dir}/report${i}.json`;
      const args = ['convert', input, '--to', c.to, '--report', reportFile, ...(c.args ?? [])];
      if (c.from) args.push('--from', c.from);
      const { code, stdout } = await run(args);
      expect(code, c.to).toBe(0);
      const namespace = c.namespace ?? (c.args?.includes('--namespace-from') ? () => 'acme-crm' : undefined);
      const read = toCanonical(c.raw, 'mcp', namespace ? { namespace } : {});
      const expected = fromCanonical(
        read.tools[0]!,
        c.to as 'gemini',
        c.args?.includes('--strict') ? { strict: true } : {},
      );
      expect(JSON.parse(stdout)).toEqual(JSON.parse(JSON.stringify(expected.value)));
      const report = JSON.parse(files.read(`report${i}.json`)) as Record<string, unknown>;
      expect(report.importLosses).toEqual(read.losses);
      expect(report.losses).toEqual(expected.losses);
      const tool = read.tools[0]!;
      const target = expected.names.toTarget[tool.id];
      expect(report.renamed).toEqual(target === tool.name ? {} : { [tool.id]: target });
    }
  });

  it('converts to every export dialect', async () => {
    const files = scratch();
    for (const to of ['openai-responses', 'gemini-json', 'langchain', 'a2a-skill']) {
      const { code, stdout } = await run([
        'convert',
        fixture('mcp-tools.json'),
        '--to',
        to,
        '-o',
        `${files.dir}/${to}.json`,
      ]);
      expect(code, to).toBe(0);
      expect(stdout).toBe('');
    }
    const skills = JSON.parse(files.read('a2a-skill.json')) as { skills: unknown[] };
    expect(skills.skills).toHaveLength(3);
  });

  it('refuses different tools sharing a name', async () => {
    const files = scratch();
    const search = (description: string) => ({
      name: 'search',
      description,
      inputSchema: { type: 'object' },
    });
    const input = files.write('raw.json', JSON.stringify({ tools: [search('docs'), search('tickets')] }));
    const { code, stderr } = await run(['convert', input, '--to', 'openai-chat']);
    expect(code).toBe(1);
    expect(stderr).toMatch(/tools \/0 and \/1 are both "search@1.0.0" but differ/);
  });

  it('fails clearly on unreadable files, bad JSON/YAML and unknown or import-only dialects', async () => {
    const files = scratch();
    const missing = await run(['convert', `${files.dir}/nope.json`, '--to', 'mcp']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('no such file');

    const badJson = await run([
      'convert',
      files.write('bad.json', '{\n  "name": "x",\n  "inputSchema": {,}\n}'),
      '--to',
      'mcp',
    ]);
    expect(badJson.code).toBe(2);
    expect(badJson.stderr).toMatch(/invalid JSON.*line 3, column \d+/);

    const badYaml = await run([
      'convert',
      files.write('bad.yaml', 'name: x\n  inputSchema: [\n'),
      '--to',
      'mcp',
    ]);
    expect(badYaml.code).toBe(2);
    expect(badYaml.stderr).toMatch(/invalid YAML at line \d+, column \d+/);

    const unknown = await run(['convert', files.write('ok.json', JSON.stringify(weather)), '--to', 'cobol']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('openai-chat');
    expect(unknown.stderr).toContain('cobol');

    const importOnly = await run(['convert', `${files.dir}/ok.json`, '--to', 'legacy-function']);
    expect(importOnly.code).toBe(2);
    expect(importOnly.stderr).toContain('import-only');

    const invalidTool = await run([
      'convert',
      files.write('tool.json', JSON.stringify({ name: 'x', inputSchema: { type: 'object', properties: 3 } })),
      '--from',
      'mcp',
      '--to',
      'anthropic',
    ]);
    expect(invalidTool.code).toBe(1);
    expect(invalidTool.stderr).toContain('tool.json');

    const garbage = await run(['convert', files.write('garbage.json', '{"hello": "world"}'), '--to', 'mcp']);
    expect(garbage.code).toBe(2);
    expect(garbage.stderr).toContain('garbage.json');
  });

  it('prints help', async () => {
    const { code, stdout } = await run(['convert', '--help']);
    expect(code).toBe(0);
    expect(stdout).toContain('--to <dialect>');
    expect(stdout).toContain('--report [file]');
  });
});
