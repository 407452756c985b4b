import { relative, sep } from 'node:path';
import { deepFreeze, type Tool, validateArguments } from '@toolarsenal/toolmodel';
import { describe, expect, it } from 'vitest';
import { type OpenApiImportError } from './errors.js';
import { importOpenApi } from './import-openapi.js';
import { fixture } from './test-fixtures/fixtures.js';

const doc = (paths: unknown, components: unknown = {}) => ({
  openapi: '3.0.3',
  info: { title: 't', version: '1' },
  paths,
  components,
});
const ok = { '200': { description: 'ok' } };
const input = (tool: Tool, ...path: string[]) =>
  path.reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], tool.inputSchema);

/** Every tool compiles with the project's own validator (input and output). */
function compilesEverywhere(tools: readonly Tool[]): void {
  for (const tool of tools) {
    expect(() => validateArguments(tool, {}), tool.name).not.toThrow();
  }
}

describe('import validates what it emits', () => {
  it("repairs a pattern that is invalid in unicode mode (DigitalOcean's tags) and says where", async () => {
    const pattern = '^[a-zA-Z0-9_\\-\\:]+$';
    const result = await importOpenApi(
      doc({
        '/v2/tags/{tag_id}': {
          get: {
            operationId: 'tags_get',
            parameters: [
              { name: 'tag_id', in: 'path', required: true, schema: { type: 'string', pattern } },
              { name: 'q', in: 'query', schema: { type: 'string', pattern: '(unclosed' } },
            ],
            responses: ok,
          },
        },
      }),
    );
    const [tool] = result.tools;
    expect(input(tool!, 'properties', 'path', 'properties', 'tag_id')).toEqual({
      type: 'string',
      pattern: '^[a-zA-Z0-9_\\-:]+$',
    });
    // Legacy mode reads both the same way; unicode mode only accepts the rewritten one.
    expect(new RegExp(pattern).test('a:b')).toBe(true);
    expect(new RegExp('^[a-zA-Z0-9_\\-:]+$', 'u').test('a:b')).toBe(true);
    expect(input(tool!, 'properties', 'query', 'properties', 'q')).toEqual({ type: 'string' });
    expect(result.warnings.filter((w) => w.code === 'schema_repaired')).toEqual([
      expect.objectContaining({
        pointer: '/paths/~1v2~1tags~1{tag_id}/get',
        message: expect.stringMatching(
          /^tool tags_get\/inputSchema\/properties\/path\/properties\/tag_id\/pattern: pattern .* rewritten as/,
        ),
      }),
      expect.objectContaining({
        message: expect.stringMatching(
          /\/inputSchema\/properties\/query\/properties\/q\/pattern: .*dropped$/,
        ),
      }),
    ]);
    compilesEverywhere(result.tools);
    const strict = await importOpenApi(
      doc({
        '/a': { get: { parameters: [{ name: 'x', in: 'query', schema: { pattern } }], responses: ok } },
      }),
      { strict: true },
    ).catch((e: unknown) => e);
    expect(strict).toMatchObject({ code: 'OPENAPI_INVALID' });
    expect((strict as OpenApiImportError).problems).toEqual([
      expect.objectContaining({ code: 'schema_repaired' }),
    ]);
  });

  it("drops a pattern validators cannot run (Redoc's lookaround password rule) and says where", async () => {
    const lookahead = '/(?=.*[a-z])(?=.*[A-Z])(?=.*[0-9])/';
    const result = await importOpenApi(
      doc({
        '/user': {
          post: {
            operationId: 'createUser',
            requestBody: {
              content: {
                'application/json': {
                  schema: {
                    type: 'object',
                    properties: {
                      password: { type: 'string', pattern: lookahead },
                      tags: { type: 'object', patternProperties: { '^(a)\\1$': { type: 'string' } } },
                    },
                  },
                },
              },
            },
            responses: ok,
          },
        },
      }),
    );
    const [tool] = result.tools;
    expect(input(tool!, 'properties', 'body', 'properties', 'password')).toEqual({ type: 'string' });
    expect(input(tool!, 'properties', 'body', 'properties', 'tags')).toEqual({
      type: 'object',
      patternProperties: {},
    });
    expect(result.warnings.filter((w) => w.code === 'schema_repaired').map((w) => w.message)).toEqual([
      `tool createUser/inputSchema/properties/body/properties/password/pattern: pattern ${JSON.stringify(lookahead)} needs backtracking (lookaround or backreferences), which validators do not run (patterns run on a linear-time engine); dropped`,
      'tool createUser/inputSchema/properties/body/properties/tags/patternProperties/^(a)\\1$: patternProperties key "^(a)\\\\1$" needs backtracking (lookaround or backreferences), which validators do not run (patterns run on a linear-time engine); dropped',
    ]);
    compilesEverywhere(result.tools);
  });

  it("drops Discord's `enum: []` (it admits nothing and cannot be compiled), keeping the allOf", async () => {
    const result = await importOpenApi({
      ...doc(
        {
          '/guilds/{guild_id}/requests': {
            get: {
              parameters: [
                { name: 'guild_id', in: 'path', required: true, schema: { type: 'string' } },
                {
                  name: 'status',
                  in: 'query',
                  schema: { type: 'string', enum: [], allOf: [{ $ref: '#/components/schemas/Status' }] },
                },
              ],
              responses: ok,
            },
          },
        },
        { schemas: { Status: { type: 'string', enum: ['SUBMITTED', 'APPROVED'] } } },
      ),
      openapi: '3.1.0',
    });
    const status = input(result.tools[0]!, 'properties', 'query', 'properties', 'status');
    expect(status).toEqual({ type: 'string', allOf: [{ type: 'string', enum: ['SUBMITTED', 'APPROVED'] }] });
    expect(result.warnings).toContainEqual(
      expect.objectContaining({
        code: 'schema_repaired',
        message: expect.stringMatching(/query\/properties\/status\/enum: enum: \[\] admits no value/),
      }),
    );
    compilesEverywhere(result.tools);
    expect(
      validateArguments(result.tools[0]!, { path: { guild_id: '1' }, query: { status: 'NOPE' } }).valid,
    ).toBe(false);
  });

  it('draft-04/07 tuples: additionalItems becomes items when items becomes prefixItems', async () => {
    const { tools } = await importOpenApi(fixture('pets-3.0.yaml'));
    const create = tools.find((t) => t.name === 'createPet')!;
    const contact = { body: { name: 'Rex', owner: { contact: ['a', 1, 'b'] } } };
    expect(validateArguments(create, contact).valid).toBe(true);
    // Extra items must be strings: 42 is refused (2020-12 ignores a leftover additionalItems).
    const extra = { body: { name: 'Rex', owner: { contact: [{}, 1, 42, {}] } } };
    expect(validateArguments(create, extra).errors.map((e) => e.pointer)).toEqual([
      '/body/owner/contact/0',
      '/body/owner/contact/2',
      '/body/owner/contact/3',
    ]);
  });

  it('a path placeholder without a parameter: a strict error, or a warning and a required string', async () => {
    const document = doc({ '/a/{id}': { get: { operationId: 'getA', responses: ok } } });
    const lenient = await importOpenApi(document);
    expect(lenient.tools[0]!.inputSchema).toEqual({
      type: 'object',
      properties: { path: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] } },
      required: ['path'],
      additionalProperties: false,
    });
    expect((lenient.tools[0]!.sourceMeta!.openapi as { parameters: unknown }).parameters).toEqual({
      path: { id: { required: true } },
    });
    expect(lenient.warnings).toContainEqual({
      file: '<object>',
      pointer: '/paths/~1a~1{id}/get',
      code: 'path_parameter_missing',
      message:
        'path placeholder {id} in "/a/{id}" has no path parameter (a lenient import adds a required string parameter "id")',
    });
    const strict = await importOpenApi(document, { strict: true }).catch((e: unknown) => e);
    expect(strict).toMatchObject({
      code: 'OPENAPI_INVALID',
      pointer: '/paths/~1a~1{id}/get',
      reason:
        'path placeholder {id} in "/a/{id}" has no path parameter (a lenient import adds a required string parameter "id") (strict mode)',
    });
  });

  it('reports what OpenAPI rules forbid beyond the schema: duplicate, unused path and mixed body parameters', async () => {
    const swagger = {
      swagger: '2.0',
      info: { title: 't', version: '1' },
      paths: {
        '/b/{x}': {
          post: {
            parameters: [
              { name: 'x', in: 'path', required: true, type: 'string' },
              { name: 'y', in: 'path', required: true, type: 'string' },
              { name: 'q', in: 'query', type: 'string' },
              { name: 'q', in: 'query', type: 'string' },
              { name: 'b', in: 'body', schema: { type: 'object' } },
              { name: 'f', in: 'formData', type: 'string' },
            ],
            responses: ok,
          },
        },
      },
    };
    const { warnings } = await importOpenApi(swagger);
    const codes = warnings.map((w) => `${w.code} ${w.pointer}`);
    expect(codes).toContain('duplicate_parameter /paths/~1b~1{x}/post/parameters/3');
    expect(codes).toContain('invalid_body /paths/~1b~1{x}/post');
    expect(codes).toContain('path_parameter_unused /paths/~1b~1{x}/post');
  });

  it('warning counts are exact: a place is counted once however often it is converted', async () => {
    const shared = { type: 'object', properties: { a: { type: 'string', 'x-go-name': 'A' } }, 'x-tag': 1 };
    const emptyBody = {
      content: {
        'application/json': { schema: { type: 'object', properties: {}, additionalProperties: false } },
      },
    };
    const big: Record<string, unknown> = {};
    for (let i = 0; i < 40; i++) big[`p${i}`] = { type: 'object', properties: { v: { type: 'string' } } };
    const result = await importOpenApi(
      doc(
        {
          '/one': {
            get: {
              requestBody: emptyBody,
              parameters: [{ name: 'q', in: 'query', schema: { $ref: '#/components/schemas/S' } }],
              responses: {
                '200': {
                  description: 'ok',
                  content: { 'application/json': { schema: { $ref: '#/components/schemas/S' } } },
                },
              },
            },
          },
          // Large enough to be built twice (inline, then with $defs): still one empty body.
          '/two': {
            get: {
              requestBody: emptyBody,
              responses: {
                '200': {
                  description: 'ok',
                  content: { 'application/json': { schema: { type: 'object', properties: big } } },
                },
              },
            },
          },
        },
        { schemas: { S: shared } },
      ),
      { limits: { maxSchemaNodes: 50 } },
    );
    const message = (code: string) => result.warnings.find((w) => w.code === code)?.message;
    expect(message('empty_body_dropped')).toBe(
      '2 operations whose request body only admits {}: body left out of the tool input',
    );
    expect(message('vendor_extensions_dropped')).toBe('2 x-* vendor extensions dropped from schemas');
  });

  it('sourceUri: the path relative to the working directory, or the URL as given; never absolute', async () => {
    const { tools } = await importOpenApi(fixture('pets-3.0.yaml'));
    const relativePath = relative(process.cwd(), fixture('pets-3.0.yaml')).split(sep).join('/');
    expect(relativePath).not.toMatch(/^\//);
    for (const tool of tools)
      expect(tool.sourceUri).toMatch(new RegExp(`^${relativePath.replace(/\./g, '\\.')}#/paths/`));
    const url = 'https://example.com/specs/pets.yaml';
    const fromUrl = await importOpenApi(fixture('pets-3.0.yaml'), { sourceUri: url });
    expect(fromUrl.tools[0]!.sourceUri).toBe(`${url}#/paths/~1pets/get`);
  });

  it('leaves the caller’s document untouched (a frozen document imports) and resolves only what operations reach', async () => {
    const document = deepFreeze({
      ...doc(
        {
          '/pets': {
            get: {
              responses: {
                '200': {
                  description: 'ok',
                  content: { 'application/json': { schema: { $ref: '#/components/schemas/Pet' } } },
                },
              },
            },
          },
        },
        {
          schemas: {
            Pet: {
              type: 'object',
              properties: { kids: { type: 'array', items: { $ref: '#/components/schemas/Pet' } } },
            },
            Unused: { $ref: '#/components/schemas/Nowhere' },
          },
        },
      ),
    });
    const before = JSON.stringify(document);
    const result = await importOpenApi(document);
    expect(JSON.stringify(document)).toBe(before);
    const pet = { type: 'object', properties: { kids: { type: 'array', items: { $ref: '#/$defs/Pet' } } } };
    expect(result.tools[0]!.outputSchema).toEqual({ ...pet, $defs: { Pet: pet } });
    // The dangling ref sits in a component no operation uses: nothing to report.
    expect(result.warnings.filter((w) => w.code === 'unresolved_ref')).toEqual([]);
  });
});

describe('references with sibling keywords', () => {
  it('a $ref kept in $defs goes into an allOf beside its siblings, not next to them', async () => {
    const node = { type: 'object', properties: { next: { $ref: '#/components/schemas/Node' } } };
    const { tools } = await importOpenApi({
      ...doc(
        {
          '/n': {
            get: {
              responses: {
                '200': {
                  description: 'ok',
                  content: {
                    'application/json': {
                      schema: {
                        type: 'object',
                        properties: {
                          root: { $ref: '#/components/schemas/Node', title: 'Root', nullable: true },
                        },
                      },
                    },
                  },
                },
              },
            },
          },
        },
        { schemas: { Node: node } },
      ),
    });
    const root = (tools[0]!.outputSchema as { properties: { root: unknown } }).properties.root;
    expect(root).toEqual({ title: 'Root', anyOf: [{ $ref: '#/$defs/Node' }, { type: 'null' }] });
  });
});

describe('progress', () => {
  it('reports the phases and each operation', async () => {
    const events: string[] = [];
    await importOpenApi(fixture('pets-3.0.yaml'), {
      onProgress: (p) => events.push(p.done === undefined ? p.phase : `${p.phase} ${p.done}/${p.total}`),
    });
    expect(events).toEqual([
      'read',
      'validate',
      'dereference',
      'operations 0/5',
      'operations 1/5',
      'operations 2/5',
      'operations 3/5',
      'operations 4/5',
      'operations 5/5',
    ]);
  });
});
