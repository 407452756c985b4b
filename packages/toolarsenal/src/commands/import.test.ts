import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { safeParseTool } from '@toolarsenal/toolmodel';
import { describe, expect, it } from 'vitest';
import { fixture, run, scratch } from '../test-fixtures/cli-kit.js';

const PETS = fixture('pets.yaml');
const INVALID = fixture('invalid.yaml');

describe('toolarsenal import openapi', () => {
  it('writes one canonical tool per operation and a summary on stderr', async () => {
    const s = scratch();
    const out = `${s.dir}/tools.json`;
    const result = await run(['import', 'openapi', PETS, '-o', out]);
    expect(result.code).toBe(0);
    expect(result.stderr).toMatch(/imported 5 of 5 operations from "Pets" 1\.0\.0 \(openapi-3\.0\)/);
    const tools = JSON.parse(s.read('tools.json')) as Array<{ name: string; sourceUri: string }>;
    expect(tools).toHaveLength(5);
    for (const tool of tools) expect(safeParseTool(tool).success).toBe(true);
    const get = tools.find((t) => t.name === 'getPet') as unknown as {
      sourceMeta: { openapi: { method: string; path: string } };
      sourceUri: string;
    };
    expect(get.sourceMeta.openapi).toMatchObject({ method: 'get', path: '/pets/{petId}' });
    // Where the tools came from, relative to the working directory: no local directories leak.
    expect(get.sourceUri).toBe(`${relative(process.cwd(), PETS)}#/paths/~1pets~1{petId}/get`);
  });

  it('filters by tag and operation glob, applies the namespace, base URL and source URI', async () => {
    const result = await run([
      'import',
      'openapi',
      PETS,
      '--include-tag',
      'pets',
      '--include-operation',
      '*Pet*',
      '--namespace',
      'petstore',
      '--base-url',
      'http://127.0.0.1:9999/v1',
      '--source-uri',
      'https://pets.example/openapi.yaml',
    ]);
    expect(result.code).toBe(0);
    const tools = JSON.parse(result.stdout) as Array<{
      name: string;
      namespace: string;
      sourceUri: string;
      sourceMeta: { openapi: { servers: string[] } };
    }>;
    expect(tools.map((t) => t.name).sort()).toEqual(['createPet', 'getPet', 'listPets']);
    for (const t of tools) {
      expect(t.namespace).toBe('petstore');
      expect(t.sourceMeta.openapi.servers).toEqual(['http://127.0.0.1:9999/v1']);
      expect(t.sourceUri.startsWith('https://pets.example/openapi.yaml#/paths/')).toBe(true);
    }
    expect(result.stderr).toMatch(/2 filtered out/);
  });

  it('reads the document from stdin with -', async () => {
    const result = await run(['import', 'openapi', '-', '-q'], readFileSync(PETS, 'utf8'));
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toHaveLength(5);
    expect((JSON.parse(result.stdout) as Array<{ sourceUri: string }>)[0]!.sourceUri).toBe(
      '#/paths/~1pets/get',
    );
    const broken = await run(['import', 'openapi', '-'], 'openapi: 3.0.0\ninfo: [unclosed\n');
    expect(broken.code).toBe(2);
    expect(broken.stderr).toMatch(/^toolarsenal: <stdin>#: invalid YAML\/JSON at line \d+/);
  });

  it('is lenient by default: reports validation problems on stderr and still imports', async () => {
    const result = await run(['import', 'openapi', INVALID]);
    expect(result.code).toBe(0);
    expect(result.stderr).toMatch(
      /warning: .*invalid\.yaml#\/info\/license: must have required property 'name'/,
    );
    expect(result.stderr).toMatch(/operationId "users" is used by 2 operations/);
    const names = (JSON.parse(result.stdout) as Array<{ name: string }>).map((t) => t.name);
    expect(names).toEqual(['users', 'users_2']);
  });

  it('--strict exits 1 on a validation problem, naming the file and pointer', async () => {
    const result = await run(['import', 'openapi', INVALID, '--strict']);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/invalid\.yaml#\/info\/license: must have required property 'name'/);
  });

  it('feeds convert: import openapi → convert --to openai-chat --strict → check passes (the CI recipe)', async () => {
    const s = scratch();
    const tools = `${s.dir}/tools.json`;
    const openai = `${s.dir}/openai-tools.json`;
    expect((await run(['import', 'openapi', PETS, '-o', tools, '-q'])).code).toBe(0);
    const converted = await run(['convert', tools, '--to', 'openai-chat', '--strict', '-o', openai]);
    expect(converted.code).toBe(0);
    expect(JSON.parse(s.read('openai-tools.json'))).toHaveLength(5);
    const checked = await run(['check', openai, '--dialect', 'openai-chat', '--strict']);
    expect(checked.code).toBe(0);
  });

  it('bad options are usage errors (exit 2) before any work, stdin included', async () => {
    const cases: Array<[string[], RegExp]> = [
      [['--namespace', 'not valid!'], /^toolarsenal: --namespace: namespace must be dot-separated segments/],
      [['--method', 'BOGUS'], /^toolarsenal: --method: "BOGUS" is not an HTTP method/],
      [
        ['--include-path', '/pets/[a'],
        /^toolarsenal: --include-path: "\/pets\/\[a" is not a valid glob: unclosed "\["/,
      ],
      [['--exclude-operation', '{a,b'], /^toolarsenal: --exclude-operation: "\{a,b" is not a valid glob/],
      [['--base-url', 'not a url'], /^toolarsenal: --base-url: "not a url" is not an absolute URL/],
    ];
    const stdinNeverRead = async (): Promise<string> => {
      throw new Error('stdin was read');
    };
    for (const [flags, message] of cases) {
      const result = await run(['import', 'openapi', '-', ...flags], stdinNeverRead);
      expect(result.code, flags.join(' ')).toBe(2);
      expect(result.stdout).toBe('');
      expect(result.stderr).toMatch(message);
      expect(result.stderr).not.toMatch(/stdin was read|warning/);
    }
  });

  it('exits 2 with a clear message for a file that is not OpenAPI, is empty or does not exist', async () => {
    const s = scratch();
    const bad = await run(['import', 'openapi', s.write('config.yaml', 'name: my-service\nreplicas: 3\n')]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/not an OpenAPI or Swagger document/);
    const empty = await run(['import', 'openapi', s.write('empty.yaml', '\n')]);
    expect(empty.code).toBe(2);
    expect(empty.stderr).toMatch(
      /empty\.yaml#: the file is empty: expected an OpenAPI document in JSON or YAML/,
    );
    const missing = await run(['import', 'openapi', `${s.dir}/nope.yaml`]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/nope\.yaml#: cannot read: no such file/);
    const duplicate = await run([
      'import',
      'openapi',
      s.write('dup.json', '{"openapi":"3.0.0","info":{"title":"t","version":"1"},"paths":{},"paths":{}}'),
    ]);
    expect(duplicate.code).toBe(2);
    expect(duplicate.stderr).toMatch(/dup\.json#\/paths: key "paths" appears twice/);
  });

  it('reports progress on stderr with --progress, and on a terminal by default', async () => {
    const logged = await run(['import', 'openapi', PETS, '--progress', '-q']);
    expect(logged.code).toBe(0);
    const lines = logged.stderr.trim().split('\n');
    expect(lines.slice(0, 4)).toEqual([
      `${PETS}: reading…`,
      `${PETS}: validating…`,
      `${PETS}: resolving references…`,
      `${PETS}: converting operations 0/5`,
    ]);
    expect(lines).toContain(`${PETS}: converting operations 5/5`);
    const quiet = await run(['import', 'openapi', PETS, '-q']);
    expect(quiet.stderr).not.toMatch(/reading/);
    const tty = await run(['import', 'openapi', PETS, '-q'], '', true);
    // On a terminal the status line is rewritten in place (carriage return, erase line) and cleared.
    const clear = '\r\u001b[K';
    expect(tty.stderr).toContain(`${clear}${PETS}: converting operations 5/5${clear}imported 5 of 5`);
  });
});

describe('toolarsenal types', () => {
  it('generates one input interface per tool (and outputs) from a tools file; the Pet shape once', async () => {
    const s = scratch();
    const tools = `${s.dir}/tools.json`;
    expect((await run(['import', 'openapi', PETS, '-o', tools, '-q'])).code).toBe(0);
    const result = await run(['types', tools, '-o', `${s.dir}/tools.ts`]);
    expect(result.code).toBe(0);
    const source = s.read('tools.ts');
    expect(source).toMatch(/export interface GetPetInput \{/);
    expect(source).toMatch(/export interface GetPetOutput \{[^}]*friends\?: Pet\[\]/);
    expect(source.match(/^export interface Pet \{/gm)).toHaveLength(1);
    expect(source.match(/export interface \w+Input\b/g)).toHaveLength(5);
  });

  it('rejects a file that holds no tools (2) or invalid canonical tools (1)', async () => {
    const s = scratch();
    const file = s.write('bad.json', JSON.stringify([{ name: 'has space' }]));
    const unknown = await run(['types', file]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/bad\.json: .*not a tool of any known dialect/);
    const invalid = await run(['types', file, '--from', 'canonical']);
    expect(invalid.code).toBe(1);
    expect(invalid.stderr).toMatch(/bad\.json: [^]*\/name: tool name contains " "/);
  });
});
