import { fileURLToPath } from 'node:url';
import { safeParseTool } from '@toolarsenal/toolmodel';
import { describe, expect, it } from 'vitest';
import { run, SHARED_DATA, scratch } from './cli-test-kit.js';

const spec = (path: string) => fileURLToPath(new URL(`openapi/${path}`, SHARED_DATA));
const PETSTORE = spec('swagger-2.0/swagger-petstore.json');
const REDOC_31 = spec('openapi-3.1/redoc-demo-petstore-3.1.yaml');
const DUPLICATES = spec('invalid/swagger-parser-duplicate-operation-ids.yaml');

describe('toolarsenal import openapi', () => {
  it('writes one canonical tool per operation and a summary on stderr', async () => {
    const s = scratch();
    const out = `${s.dir}/tools.json`;
    const result = await run(['import', 'openapi', PETSTORE, '-o', out]);
    expect(result.code).toBe(0);
    expect(result.stderr).toMatch(/imported 20 of 20 operations from "Swagger Petstore"/);
    const tools = JSON.parse(s.read('tools.json')) as unknown[];
    expect(tools).toHaveLength(20);
    for (const tool of tools) expect(safeParseTool(tool).success).toBe(true);
    const find = tools.find((t) => (t as { name: string }).name === 'getPetById') as {
      sourceMeta: { openapi: { method: string; path: string } };
    };
    expect(find.sourceMeta.openapi).toMatchObject({ method: 'get', path: '/pet/{petId}' });
  });

  it('filters by tag and operation glob, applies the namespace and base URL', async () => {
    const result = await run([
      'import',
      'openapi',
      PETSTORE,
      '--include-tag',
      'store',
      '--include-operation',
      '*Order*',
      '--namespace',
      'petstore',
      '--base-url',
      'http://127.0.0.1:9999/v2',
    ]);
    expect(result.code).toBe(0);
    const tools = JSON.parse(result.stdout) as Array<{
      name: string;
      namespace: string;
      sourceMeta: { openapi: { servers: string[] } };
    }>;
    expect(tools.map((t) => t.name).sort()).toEqual(['deleteOrder', 'getOrderById', 'placeOrder']);
    for (const t of tools) {
      expect(t.namespace).toBe('petstore');
      expect(t.sourceMeta.openapi.servers).toEqual(['http://127.0.0.1:9999/v2']);
    }
    expect(result.stderr).toMatch(/17 filtered out/);
  });

  it('is lenient by default: reports validation problems on stderr and still imports', async () => {
    const result = await run(['import', 'openapi', REDOC_31]);
    expect(result.code).toBe(0);
    expect(result.stderr).toMatch(/warning: .*#\/info\/license: must match exactly one schema in oneOf/);
    expect(result.stderr).toMatch(/renamed: operationId "delete\\\\PetById"/);
    expect(JSON.parse(result.stdout)).toHaveLength(23);
  });

  it('--strict exits 1 on a validation problem, naming the file and pointer', async () => {
    const result = await run(['import', 'openapi', REDOC_31, '--strict']);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(
      /redoc-demo-petstore-3\.1\.yaml#\/info\/license: must match exactly one schema/,
    );
  });

  it('--strict rejects duplicate operationIds; lenient makes the names unique', async () => {
    const strict = await run(['import', 'openapi', DUPLICATES, '--strict']);
    expect(strict.code).toBe(1);
    expect(strict.stderr).toMatch(/Duplicate operation id 'users'/);
    const lenient = await run(['import', 'openapi', DUPLICATES]);
    expect(lenient.code).toBe(0);
    const names = (JSON.parse(lenient.stdout) as Array<{ name: string }>).map((t) => t.name);
    expect(names).toEqual(['users', 'users_2']);
  });

  it('feeds convert: import openapi → convert --to openai-chat --strict → check passes (the CI recipe)', async () => {
    const s = scratch();
    const tools = `${s.dir}/tools.json`;
    const openai = `${s.dir}/openai-tools.json`;
    expect((await run(['import', 'openapi', REDOC_31, '-o', tools, '-q'])).code).toBe(0);
    const converted = await run(['convert', tools, '--to', 'openai-chat', '--strict', '-o', openai]);
    expect(converted.code).toBe(0);
    expect(JSON.parse(s.read('openai-tools.json'))).toHaveLength(23);
    const checked = await run(['check', openai, '--dialect', 'openai-chat', '--strict']);
    expect(checked.code).toBe(0);
  });

  it('exits 2 with a clear message for a file that is not OpenAPI or does not exist', async () => {
    const s = scratch();
    const notOpenApi = s.write('config.yaml', 'name: my-service\nreplicas: 3\n');
    const bad = await run(['import', 'openapi', notOpenApi]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/not an OpenAPI or Swagger document/);
    const missing = await run(['import', 'openapi', `${s.dir}/nope.yaml`]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/nope\.yaml#: cannot read: no such file/);
  });
});

describe('toolarsenal types', () => {
  it('generates one input interface per tool (and outputs) from a tools file', async () => {
    const s = scratch();
    const tools = `${s.dir}/tools.json`;
    expect((await run(['import', 'openapi', PETSTORE, '-o', tools, '-q'])).code).toBe(0);
    const result = await run(['types', tools, '-o', `${s.dir}/tools.ts`]);
    expect(result.code).toBe(0);
    const source = s.read('tools.ts');
    expect(source).toMatch(/export interface GetPetByIdInput \{/);
    expect(source).toMatch(/export interface GetPetByIdOutput \{/);
    expect(source.match(/export interface \w+Input\b/g)).toHaveLength(20);
  });

  it('rejects a file that does not hold canonical tools', async () => {
    const s = scratch();
    const file = s.write('bad.json', JSON.stringify([{ name: 'has space' }]));
    const result = await run(['types', file]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/tool 0 is not a canonical tool/);
  });
});
