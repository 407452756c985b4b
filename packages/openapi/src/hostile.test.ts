import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { OpenApiImportError } from './errors.js';
import { importOpenApi } from './import-openapi.js';

const dir = mkdtempSync(join(tmpdir(), 'toolarsenal-openapi-'));
function file(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

async function importError(...args: Parameters<typeof importOpenApi>): Promise<OpenApiImportError> {
  const error = await importOpenApi(...args).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(OpenApiImportError.isInstance(error), String(error)).toBe(true);
  return error as OpenApiImportError;
}

const minimal = (paths: unknown, components: unknown = {}) => ({
  openapi: '3.0.0',
  info: { title: 't', version: '1' },
  paths,
  components,
});

describe('hostile and broken input gives typed errors', () => {
  it('refuses __proto__ keys in JSON text, YAML text and objects', async () => {
    const json =
      '{"openapi":"3.0.0","info":{"title":"t","version":"1"},"paths":{},"__proto__":{"polluted":true}}';
    expect((await importError(json)).code).toBe('OPENAPI_UNSAFE');
    const yaml =
      'openapi: 3.0.0\ninfo: {title: t, version: "1"}\npaths: {}\ncomponents:\n  __proto__: {polluted: true}\n';
    const e = await importError(yaml);
    expect(e.code).toBe('OPENAPI_UNSAFE');
    expect(e.pointer).toBe('/components/__proto__');
    expect((await importError(JSON.parse(json) as Record<string, unknown>)).code).toBe('OPENAPI_UNSAFE');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('refuses __proto__ keys in an externally referenced file', async () => {
    file('evil.yaml', 'type: object\n__proto__: {polluted: true}\n');
    const root = file(
      'uses-evil.yaml',
      'openapi: 3.0.0\ninfo: {title: t, version: "1"}\npaths:\n  /a:\n    get:\n      responses:\n        "200":\n          description: ok\n          content: {application/json: {schema: {$ref: "evil.yaml"}}}\n',
    );
    expect((await importError(root)).code).toBe('OPENAPI_UNSAFE');
  });

  it('survives $ref loops: self references, ref-only cycles and mutual recursion', async () => {
    const doc = minimal(
      {
        '/loop': {
          post: {
            requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/A' } } } },
            responses: {
              '200': {
                description: 'ok',
                content: { 'application/json': { schema: { $ref: '#/components/schemas/Self' } } },
              },
            },
          },
        },
      },
      {
        schemas: {
          A: { $ref: '#/components/schemas/B' },
          B: { $ref: '#/components/schemas/A' },
          Self: { type: 'object', properties: { next: { $ref: '#/components/schemas/Self' } } },
        },
      },
    );
    const { tools, warnings } = await importOpenApi(doc);
    expect(tools).toHaveLength(1);
    // A ref-only loop (A → B → A) points at no schema: reported, and the body accepts anything.
    expect(warnings).toContainEqual(
      expect.objectContaining({ code: 'unresolved_ref', pointer: '/components/schemas/B' }),
    );
    expect((tools[0]!.inputSchema.properties as Record<string, unknown>).body).toEqual({});
    // A self-referencing schema becomes a $defs entry that refers to itself; the root holds the body
    // (a root that is only a $ref next to $defs is refused by providers).
    const self = { type: 'object', properties: { next: { $ref: '#/$defs/Self' } } };
    expect(tools[0]!.outputSchema).toEqual({ ...self, $defs: { Self: self } });
  });

  it('reports a dangling $ref leniently and rejects it in strict mode', async () => {
    const doc = minimal({
      '/a': {
        get: {
          responses: {
            '200': {
              description: 'ok',
              content: { 'application/json': { schema: { $ref: '#/components/schemas/Missing' } } },
            },
          },
        },
      },
    });
    const lenient = await importOpenApi(doc);
    const dangling = expect.objectContaining({
      code: 'unresolved_ref',
      message: '$ref "#/components/schemas/Missing" could not be resolved',
    });
    expect(lenient.warnings).toContainEqual(dangling);
    expect(lenient.tools).toHaveLength(1);
    const error = await importError(doc, { strict: true });
    expect(error.code).toBe('OPENAPI_INVALID');
    expect(error.problems).toContainEqual(dangling);
  });

  it('rejects documents that are not OpenAPI, unsupported versions and documents without paths', async () => {
    const notOpenApi = await importError('name: my-service\nreplicas: 3\n');
    expect(notOpenApi.code).toBe('OPENAPI_NOT_OPENAPI');
    expect(notOpenApi.message).toMatch(/no "openapi" or "swagger" field/);
    expect((await importError('- just\n- a list\n')).code).toBe('OPENAPI_NOT_OPENAPI');
    expect((await importError({ openapi: '3.2.0', info: {}, paths: {} })).code).toBe(
      'OPENAPI_UNSUPPORTED_VERSION',
    );
    expect((await importError({ swagger: '1.2', info: {}, paths: {} })).code).toBe(
      'OPENAPI_UNSUPPORTED_VERSION',
    );
    const noPaths = await importError({ openapi: '3.0.1', info: { title: 't', version: '1' } });
    expect(noPaths).toMatchObject({ code: 'OPENAPI_NOT_OPENAPI', pointer: '/paths' });
  });

  it('reports syntax errors with a line number, and unreadable files', async () => {
    const e = await importError(file('broken.yaml', 'openapi: 3.0.0\ninfo:\n  title: [unclosed\n'));
    expect(e.code).toBe('OPENAPI_SYNTAX');
    expect(e.message).toMatch(/broken\.yaml#: invalid YAML\/JSON at line \d+/);
    const missing = await importError(join(dir, 'nope.yaml'));
    expect(missing).toMatchObject({ code: 'OPENAPI_UNREADABLE', reason: 'cannot read: no such file' });
  });

  it('bounds YAML alias expansion, nesting depth, file size and operation count', async () => {
    const laughs = [
      'openapi: 3.0.0',
      'info: {title: t, version: "1"}',
      'paths: {}',
      'x-a: &a [x, x, x, x, x, x, x, x, x, x]',
      'x-b: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]',
      'x-c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b, *b]',
      'x-d: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c, *c]',
      'x-e: [*d, *d, *d, *d, *d, *d, *d, *d, *d, *d]',
    ].join('\n');
    expect(['OPENAPI_UNSAFE', 'OPENAPI_TOO_LARGE']).toContain((await importError(laughs)).code);
    const deep = `{"openapi":"3.0.0","info":{"title":"t","version":"1"},"paths":{},"x":${'['.repeat(400)}${']'.repeat(400)}}`;
    expect((await importError(deep)).code).toBe('OPENAPI_TOO_LARGE');
    const big = file('big.json', JSON.stringify(minimal({})));
    expect((await importError(big, { limits: { maxFileBytes: 20 } })).code).toBe('OPENAPI_TOO_LARGE');
    const paths: Record<string, unknown> = {};
    for (let i = 0; i < 30; i++) paths[`/p${i}`] = { get: { responses: { '200': { description: 'ok' } } } };
    const many = await importError(minimal(paths), { limits: { maxOperations: 25 } });
    expect(many).toMatchObject({ code: 'OPENAPI_TOO_LARGE', pointer: '/paths' });
  });

  it('only follows external refs to JSON/YAML files, inside refRoot when one is set', async () => {
    const sub = mkdtempSync(join(dir, 'sandbox-'));
    file('outside.yaml', 'type: string\n');
    const root = join(sub, 'api.yaml');
    writeFileSync(
      root,
      'openapi: 3.0.0\ninfo: {title: t, version: "1"}\npaths:\n  /a:\n    get:\n      parameters:\n        - {name: q, in: query, schema: {$ref: "../outside.yaml"}}\n        - {name: r, in: query, schema: {$ref: "/etc/passwd"}}\n      responses: {"200": {description: ok}}\n',
    );
    const open = await importOpenApi(root);
    const q = (
      open.tools[0]!.inputSchema.properties as Record<string, { properties: Record<string, unknown> }>
    ).query!;
    expect(q.properties.q).toEqual({ type: 'string' });
    expect(q.properties.r).toEqual({});
    expect(open.warnings).toContainEqual(
      expect.objectContaining({
        code: 'unresolved_ref',
        message: expect.stringMatching(/not \.json, \.yaml or \.yml/),
      }),
    );
    const sandboxed = await importOpenApi(root, { refRoot: sub });
    expect(sandboxed.warnings).toContainEqual(
      expect.objectContaining({ code: 'unresolved_ref', message: expect.stringMatching(/outside refRoot/) }),
    );
    expect((await importError(root, { refRoot: sub, strict: true })).code).toBe('OPENAPI_INVALID');
  });

  it('an operation that is not an object is skipped and reported (lenient) or fatal (skipInvalid: false)', async () => {
    const doc = minimal({
      '/a': { get: 'not an operation', post: { responses: { '200': { description: 'ok' } } } },
    });
    const result = await importOpenApi(doc);
    expect(result.tools.map((t) => t.name)).toEqual(['post_a']);
    expect(result.skipped).toEqual([
      expect.objectContaining({ code: 'invalid', pointer: '/paths/~1a/get', method: 'get', path: '/a' }),
    ]);
    expect(result.warnings).toContainEqual(
      expect.objectContaining({ code: 'operation_skipped', pointer: '/paths/~1a/get' }),
    );
    const error = await importError(doc, { skipInvalid: false });
    expect(error).toMatchObject({ code: 'OPENAPI_OPERATION', pointer: '/paths/~1a/get' });
  });
});

describe('clean failures for bad options and unusual input', () => {
  it('bad options are typed errors before any work (OPENAPI_BAD_OPTION, pointer = the option)', async () => {
    const cases: Array<[Record<string, unknown>, string, RegExp]> = [
      [{ includeTags: 'pet' }, '/includeTags', /expected an array of strings, got the string "pet"/],
      [{ methods: ['BOGUS'] }, '/methods', /"BOGUS" is not an HTTP method/],
      [{ includePaths: ['/pets/[a'] }, '/includePaths', /"\/pets\/\[a" is not a valid glob: unclosed "\["/],
      [{ excludeOperations: ['a{b'] }, '/excludeOperations', /not a valid glob/],
      [{ namespace: 'has space' }, '/namespace', /namespace must be dot-separated segments/],
      [{ strict: 'yes' }, '/strict', /expected a boolean/],
      [{ limits: { maxNodes: -1 } }, '/limits', /maxNodes must be a positive number/],
      [{ limits: { maxBananas: 1 } }, '/limits', /unknown limit "maxBananas"/],
      [{ deprecated: 'hide' }, '/deprecated', /expected "mark" or "skip"/],
    ];
    for (const [options, pointer, reason] of cases) {
      const error = await importError(minimal({}), options);
      expect(error.code).toBe('OPENAPI_BAD_OPTION');
      expect(error.pointer).toBe(pointer);
      expect(error.reason).toMatch(reason);
    }
    for (const source of [null, 42, ['openapi']]) {
      const error = await importError(source as never);
      expect(error.code).toBe('OPENAPI_BAD_OPTION');
      expect(error.reason).toMatch(/source must be a file path, a JSON\/YAML string or a document object/);
    }
  });

  it('refuses duplicate keys in JSON (with the pointer) and in YAML (with the line)', async () => {
    const json = await importError(
      '{"openapi":"3.0.0","info":{"title":"t","version":"1"},"paths":{"/a":{"get":{"operationId":"safe_read","operationId":"delete_everything","responses":{}}}}}',
    );
    expect(json.code).toBe('OPENAPI_SYNTAX');
    expect(json.pointer).toBe('/paths/~1a/get/operationId');
    expect(json.reason).toMatch(/key "operationId" appears twice in the same object/);
    const yaml = await importError('openapi: 3.0.0\ninfo: {title: t, version: "1"}\npaths: {}\npaths: {}\n');
    expect(yaml.code).toBe('OPENAPI_SYNTAX');
    expect(yaml.reason).toMatch(/^duplicate key at line 4, column 1/);
  });

  it('an empty file or text says so', async () => {
    const empty = await importError(file('empty.yaml', '  \n'));
    expect(empty).toMatchObject({ code: 'OPENAPI_SYNTAX', file: join(dir, 'empty.yaml') });
    expect(empty.reason).toBe('the file is empty: expected an OpenAPI document in JSON or YAML');
    expect((await importError('', { sourceKind: 'text', sourceName: '<stdin>' })).message).toBe(
      '<stdin>#: the file is empty: expected an OpenAPI document in JSON or YAML',
    );
    // Not read as the path "" (the working directory, "is a directory").
    expect((await importError('')).message).toBe(
      '<string>#: the file is empty: expected an OpenAPI document in JSON or YAML',
    );
  });

  it('reads text given as text (stdin) and names it as told', async () => {
    const text =
      'openapi: 3.0.0\ninfo: {title: t, version: "1"}\npaths: {/a: {get: {responses: {"200": {description: ok}}}}}';
    const result = await importOpenApi(text.replace(/\n/g, '\n'), {
      sourceKind: 'text',
      sourceName: '<stdin>',
    });
    expect(result.document.file).toBe('<stdin>');
    expect(result.tools.map((t) => t.name)).toEqual(['get_a']);
    // A one-line YAML document without a line break would otherwise be taken for a path.
    const oneLine = '{"openapi":"3.0.0","info":{"title":"t","version":"1"},"paths":{}}';
    expect((await importOpenApi(oneLine, { sourceKind: 'text' })).document.file).toBe('<string>');
    expect((await importError('openapi.yaml', { sourceKind: 'text' })).code).toBe('OPENAPI_NOT_OPENAPI');
  });

  it('10,000-deep YAML is a size error, not a stack overflow', async () => {
    const deep = `openapi: 3.0.0\ninfo: {title: t, version: "1"}\npaths: {}\nx-deep: ${'['.repeat(10_000)}${']'.repeat(10_000)}\n`;
    const error = await importError(deep);
    expect(error.code).toBe('OPENAPI_TOO_LARGE');
    expect(error.reason).toBe('YAML nesting is too deep to read (limits.maxDepth)');
  });

  it('keys named constructor or prototype are data, not an attack (only __proto__ is refused)', async () => {
    const text = JSON.stringify({
      openapi: '3.0.0',
      info: { title: 't', version: '1' },
      paths: {},
      components: {
        schemas: { constructor: { type: 'object', properties: { prototype: { type: 'string' } } } },
      },
    });
    const result = await importOpenApi(text);
    expect(result.warnings.filter((w) => w.code === 'forbidden_key')).toEqual([]);
    expect((await importOpenApi(JSON.parse(text) as Record<string, unknown>)).document.title).toBe('t');
    // A parameter named constructor becomes a tool input property like any other.
    const params = await importOpenApi(
      minimal({
        '/classes': {
          get: {
            parameters: [
              { name: 'constructor', in: 'query', schema: { type: 'string' } },
              { name: 'prototype', in: 'query', schema: { type: 'boolean' } },
            ],
            responses: { '200': { description: 'ok' } },
          },
        },
      }),
    );
    expect(params.skipped).toEqual([]);
    const query = (params.tools[0]!.inputSchema.properties as Record<string, { properties: object }>).query!;
    expect(Object.keys(query.properties)).toEqual(['constructor', 'prototype']);
    const proto = text.replace('"prototype"', '"__proto__"');
    expect((await importError(proto)).pointer).toBe('/components/schemas/constructor/properties/__proto__');
  });
});
