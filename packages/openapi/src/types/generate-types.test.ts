import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineTool, type Tool } from '@toolarsenal/toolmodel';
import { describe, expect, it } from 'vitest';
import { importOpenApi } from '../import-openapi.js';
import { fixture, fixtureMcpTools } from '../test-fixtures/fixtures.js';
import { tscStrict } from '../test-fixtures/tsc.js';
import { TypesGenerationError } from './compiler.js';
import { generateTypes } from './generate-types.js';
import { pascalCase } from './type-names.js';

const dir = mkdtempSync(join(tmpdir(), 'toolarsenal-types-'));
/** Files the tests generate, compiled together by the last test (one tsc run instead of one each). */
const generatedFiles: string[] = [];
function source(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  generatedFiles.push(path);
  return path;
}

describe('generateTypes', () => {
  it('names declarations after tools, unique; $defs several tools share are declared once', async () => {
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
    expect(generated.source).toMatch(/export interface Node \{\s+next\?: Node\s/);
    expect(generated.source).toMatch(/export interface GetPetInput2 \{\s+tree\?: Node\s/);
    expect(generated.source).toMatch(/export interface WalkInput \{\s+tree\?: Node\s/);
    expect(generated.source).not.toMatch(/interface Pet\b/);
    // A def only one tool has keeps a name prefixed by the tool.
    const single = await generateTypes([tools[1]!]);
    expect(single.source).toMatch(/export interface GetPetInputNode \{/);
    source('names.ts', generated.source);
  });

  it('a $ref to a place inside the schema gets a unique name per tool (no clashing `Items`)', async () => {
    const generated = await generateTypes(fixtureMcpTools());
    expect(generated.source).not.toMatch(/interface Items\b/);
    expect(generated.source).toMatch(/export interface GenerateFishboneDiagramInputItems \{/);
    expect(generated.source).toMatch(/export interface GenerateMindMapInputItems \{/);
    // maxItems stays an array type: tuple unions up to 20 items multiplied big item types.
    expect(generated.source).not.toMatch(/\[\]\s*\|\s*\[/);
    source('mcp.ts', generated.source);
  });

  it('declares a shape used by several operations once and refers to it by name', async () => {
    const { tools } = await importOpenApi(fixture('pets-3.0.yaml'), { namespace: 'pets' });
    const generated = await generateTypes(tools);
    // The recursive Pet schema is in the $defs of every operation that returns one: declared once.
    expect(generated.source.match(/^export interface Pet \{/gm)).toHaveLength(1);
    expect(generated.source).toMatch(/export interface PetsGetPetOutput \{[^}]*children\?: Pet\[\]/);
    expect(generated.source).toMatch(/export type PetsListPetsOutput = Pet\[\]\n/);
    // The path parameter group repeats in three operations: one declaration.
    expect(generated.source).toMatch(/export interface PetsGetPetInput \{\s+path: Path\s/);
    expect(generated.source).toMatch(/export interface PetsDeletePetInput \{\s+path: Path\s/);
    // Draft-07 style tuples for the compiler: [string, integer, ...string[]].
    expect(generated.source).toContain('[string, number, ...(string)[]]');
    source('pets.ts', generated.source);
    // And the compiler does check them: a wrong use of a generated type is an error (last test).
    source(
      'misuse.ts',
      `${generated.source}\nexport const bad: PetsGetPetInput = { path: { petId: 'not a number' } };\n`,
    );
  });

  it('Swagger 2.0 and multi-file documents compile too', async () => {
    const swagger = await importOpenApi(fixture('pets-2.0.json'), { namespace: 'v2' });
    const split = await importOpenApi(fixture('split/api.yaml'), { namespace: 'split' });
    const generated = await generateTypes([...swagger.tools, ...split.tools]);
    expect(generated.tools.map((t) => t.input)).toEqual([
      'V2AddPetInput',
      'V2FindPetsByStatusInput',
      'V2UploadFileInput',
      'SplitGetThingInput',
    ]);
    source('v2.ts', generated.source);
  });

  it('a root that admits anything is still declared', async () => {
    const tool = defineTool({
      name: 'anything',
      inputSchema: { type: 'object' },
      outputSchema: { anyOf: [{ type: 'string' }, {}] },
    });
    const generated = await generateTypes([tool]);
    expect(generated.source).toMatch(/export type AnythingOutput = unknown/);
  });

  it('refuses what is not a list of tools with a typed error', async () => {
    const fail = async (...args: unknown[]) => {
      const error = await (generateTypes as (...a: unknown[]) => Promise<unknown>)(...args).catch(
        (e: unknown) => e,
      );
      expect(TypesGenerationError.isInstance(error), String(error)).toBe(true);
      return error as TypesGenerationError;
    };
    expect((await fail(null)).message).toMatch(/expects an array of tools, got null/);
    expect((await fail('tools')).code).toBe('TYPES_INVALID_INPUT');
    expect((await fail([{ name: 'x' }])).message).toMatch(/tools\[0\] is not a canonical tool/);
    expect((await fail([null])).code).toBe('TYPES_INVALID_INPUT');
    expect((await fail([] as Tool[], 'options')).message).toMatch(/options must be an object/);
  });

  it('says how to install json-schema-to-typescript when it is missing', () => {
    // A resolve hook makes the optional peer dependency unresolvable, as in an install without it.
    const hook = `data:text/javascript,${encodeURIComponent(
      `export async function resolve(s, c, next) { if (s === 'json-schema-to-typescript') { const e = new Error('Cannot find package ' + s); e.code = 'ERR_MODULE_NOT_FOUND'; throw e; } return next(s, c); }`,
    )}`;
    const register = `data:text/javascript,${encodeURIComponent(
      `import { register } from 'node:module'; register(${JSON.stringify(hook)});`,
    )}`;
    const entry = fileURLToPath(new URL('./index.ts', import.meta.url));
    const script = `import { generateTypes } from ${JSON.stringify(entry)};
      generateTypes([]).then(() => console.log('no error'), (e) => console.log(e.code, e.message));`;
    const run = spawnSync(
      process.execPath,
      ['--import', 'tsx', '--import', register, '--input-type=module', '-e', script],
      { encoding: 'utf8', cwd: fileURLToPath(new URL('../..', import.meta.url)) },
    );
    expect(run.stdout.trim()).toBe(
      'TYPES_MISSING_DEPENDENCY generating types needs json-schema-to-typescript: npm install json-schema-to-typescript',
    );
  });

  it('every generated file compiles with tsc --strict; the deliberate misuse is the only error', () => {
    expect(generatedFiles.map((f) => f.slice(dir.length + 1))).toEqual([
      'names.ts',
      'mcp.ts',
      'pets.ts',
      'misuse.ts',
      'v2.ts',
    ]);
    const result = tscStrict(...generatedFiles);
    const errors = result.output.trim().split('\n');
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(
      /misuse\.ts\(\d+,\d+\): error TS2322: Type 'string' is not assignable to type 'number'/,
    );
    expect(result.status).not.toBe(0);
  });
});
