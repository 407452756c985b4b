import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineTool } from '@toolarsenal/toolmodel';
import { describe, expect, it } from 'vitest';
import { importOpenApi } from '../import-openapi.js';
import { spec } from '../test-fixtures/corpus.js';
import { generateTypes } from './generate-types.js';
import { pascalCase } from './type-names.js';

const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const TSC = join(REPO_ROOT, 'node_modules/typescript/bin/tsc');

/** Compiles one file with the real compiler in strict mode; returns its diagnostics. */
function tscStrict(file: string): { status: number | null; output: string } {
  const run = spawnSync(
    process.execPath,
    [TSC, '--strict', '--noEmit', '--skipLibCheck', '--target', 'ES2022', '--module', 'NodeNext', file],
    { cwd: REPO_ROOT, encoding: 'utf8' },
  );
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

describe('generateTypes', () => {
  it('names declarations after tools, unique, and puts $defs under unique names', async () => {
    expect(pascalCase('find_pet-by.id')).toBe('FindPetById');
    expect(pascalCase('3dsecure')).toBe('T3dsecure');
    const node = { type: 'object', properties: { next: { $ref: '#/$defs/Node' } } };
    const tools = [
      defineTool({
        name: 'get_pet',
        inputSchema: { type: 'object', properties: { id: { type: 'integer' } }, required: ['id'] },
        outputSchema: { type: 'object', title: 'Pet', properties: { name: { type: 'string' } } },
      }),
      defineTool({
        name: 'getPet',
        inputSchema: {
          type: 'object',
          properties: { tree: { $ref: '#/$defs/Node' } },
          $defs: { Node: node },
        },
      }),
      defineTool({
        name: 'walk',
        inputSchema: {
          type: 'object',
          properties: { tree: { $ref: '#/$defs/Node' } },
          $defs: { Node: node },
        },
      }),
    ];
    const generated = await generateTypes(tools);
    expect(generated.tools).toEqual([
      { tool: 'get_pet@1.0.0', input: 'GetPetInput', output: 'GetPetOutput' },
      { tool: 'getPet@1.0.0', input: 'GetPetInput2' },
      { tool: 'walk@1.0.0', input: 'WalkInput' },
    ]);
    expect(generated.source).toMatch(/export interface GetPetInput \{\s+id: number\s/);
    expect(generated.source).toMatch(/export interface GetPetInput2Node \{/);
    expect(generated.source).toMatch(/export interface WalkInputNode \{/);
    expect(generated.source).not.toMatch(/interface Pet\b/);
  });

  it('generated types for real imported specs compile with tsc --strict', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'toolarsenal-types-'));
    const docs = [
      ['swagger-2.0/swagger-petstore.json', 'petstore'],
      ['openapi-3.1/redoc-demo-petstore-3.1.yaml', 'redoc'],
      ['openapi-3.0/kubernetes-apiextensions.k8s.io-v1.json', 'k8s'],
      ['swagger-2.0/petstore-separate/spec/swagger.yaml', 'separate'],
    ] as const;
    const sources: string[] = [];
    let count = 0;
    for (const [doc, namespace] of docs) {
      const { tools } = await importOpenApi(spec(doc), { namespace });
      const generated = await generateTypes(tools, { banner: `// ${doc}` });
      count += generated.tools.length;
      sources.push(generated.source);
    }
    const file = join(dir, 'tools.ts');
    writeFileSync(file, sources.join('\n'));
    const result = tscStrict(file);
    expect(result.output).toBe('');
    expect(result.status).toBe(0);
    expect(count).toBe(20 + 23 + 13 + 4);
    // And the compiler does check them: a wrong use of a generated type is an error.
    const misuse = join(dir, 'misuse.ts');
    writeFileSync(
      misuse,
      `${sources[0]}\nexport const bad: PetstoreGetPetByIdInput = { path: { petId: 'not a number' } };\n`,
    );
    const failed = tscStrict(misuse);
    expect(failed.status).not.toBe(0);
    expect(failed.output).toMatch(/Type 'string' is not assignable to type 'number'/);
  }, 180_000);
});
