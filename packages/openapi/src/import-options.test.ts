import { describe, expect, it } from 'vitest';
import { importOpenApi } from './import-openapi.js';
import type { OpenApiSourceMeta } from './source-meta.js';

const meta = (tool: { sourceMeta?: unknown }) => (tool.sourceMeta as { openapi: OpenApiSourceMeta }).openapi;

/** A small OpenAPI 3.0 document exercising the importer's options. */
function petApi(): Record<string, unknown> {
  return {
    openapi: '3.0.3',
    info: { title: 'Pets', version: '1.2.0' },
    servers: [{ url: 'https://{region}.pets.example/v1', variables: { region: { default: 'eu' } } }],
    security: [{ oauth: ['pets:read'] }],
    components: {
      securitySchemes: {
        oauth: { type: 'oauth2', flows: { implicit: { authorizationUrl: 'https://auth', scopes: {} } } },
        key: { type: 'apiKey', in: 'header', name: 'X-Key' },
        bearer: { type: 'http', scheme: 'Bearer', bearerFormat: 'JWT' },
      },
      schemas: {
        Pet: {
          type: 'object',
          required: ['id', 'name'],
          properties: {
            id: { type: 'integer', readOnly: true },
            name: { type: 'string', example: 'Rex' },
            tag: { type: 'string', nullable: true, 'x-go-name': 'Tag' },
            secret: { type: 'string', writeOnly: true },
          },
        },
      },
    },
    paths: {
      '/pets': {
        parameters: [{ name: 'X-Request-Id', in: 'header', schema: { type: 'string' } }],
        get: {
          operationId: 'listPets',
          tags: ['pets'],
          summary: 'List pets',
          description: '<p>Lists <b>all</b> pets.</p>',
          parameters: [
            {
              name: 'limit',
              in: 'query',
              schema: { type: 'integer', maximum: 100 },
              description: 'Max items',
            },
            {
              name: 'tags',
              in: 'query',
              style: 'form',
              explode: false,
              schema: { type: 'array', items: { type: 'string' } },
            },
            { name: 'Accept', in: 'header', schema: { type: 'string' } },
          ],
          responses: {
            '200': {
              description: 'ok',
              content: {
                'application/json': {
                  schema: { type: 'array', items: { $ref: '#/components/schemas/Pet' } },
                },
              },
            },
          },
        },
        post: {
          operationId: 'createPet',
          tags: ['pets', 'admin'],
          security: [{ key: [] }, { bearer: [] }],
          requestBody: {
            required: true,
            content: {
              'application/xml': { schema: { $ref: '#/components/schemas/Pet' } },
              'application/json': { schema: { $ref: '#/components/schemas/Pet' } },
            },
          },
          responses: {
            '201': {
              description: 'created',
              content: { 'application/json': { schema: { $ref: '#/components/schemas/Pet' } } },
            },
          },
        },
      },
      '/pets/{petId}': {
        delete: {
          operationId: 'deletePet',
          deprecated: true,
          tags: ['admin'],
          servers: [{ url: 'https://admin.pets.example' }],
          parameters: [{ name: 'petId', in: 'path', required: true, schema: { type: 'string' } }],
          responses: { '204': { description: 'gone' } },
        },
        put: {
          tags: ['pets'],
          parameters: [{ name: 'petId', in: 'path', required: true, schema: { type: 'string' } }],
          requestBody: {
            content: {
              'multipart/form-data': {
                schema: { type: 'object', properties: { photo: { type: 'string', format: 'binary' } } },
              },
            },
          },
          responses: { default: { description: 'x' } },
        },
      },
    },
  };
}

describe('importOpenApi on an in-memory document', () => {
  it('builds the shared input layout and sourceMeta', async () => {
    const { tools, document } = await importOpenApi(petApi());
    expect(document).toMatchObject({
      title: 'Pets',
      version: '1.2.0',
      openapiVersion: '3.0.3',
      kind: 'openapi-3.0',
      operations: 4,
    });
    const list = tools.find((t) => t.name === 'listPets')!;
    expect(list.inputSchema).toEqual({
      type: 'object',
      properties: {
        header: { type: 'object', properties: { 'X-Request-Id': { type: 'string' } } },
        query: {
          type: 'object',
          properties: {
            limit: { type: 'integer', maximum: 100, description: 'Max items' },
            tags: { type: 'array', items: { type: 'string' } },
          },
        },
      },
      additionalProperties: false,
    });
    expect(meta(list)).toEqual({
      method: 'get',
      path: '/pets',
      servers: ['https://eu.pets.example/v1'],
      operationId: 'listPets',
      parameters: {
        header: { 'X-Request-Id': {} },
        query: { limit: {}, tags: { style: 'form', explode: false } },
      },
      security: [{ oauth: ['pets:read'] }],
      securitySchemes: { oauth: { type: 'oauth2' } },
      serverTemplates: [
        { url: 'https://{region}.pets.example/v1', variables: { region: { default: 'eu' } } },
      ],
    });
    expect(list.title).toBe('List pets');
    expect(list.description).toBe('List pets\n\nLists **all** pets.');
    expect(list.requiredScopes).toEqual(['pets:read']);
    expect(list.tags).toEqual(['pets']);
    expect(list.capabilities).toEqual(['read_data', 'network_access', 'external_api']);
    expect(list.annotations).toEqual({ openWorldHint: true, readOnlyHint: true, idempotentHint: true });
    // Output: readOnly kept, writeOnly dropped, nullable → type array, x-* gone.
    expect(list.outputSchema).toEqual({
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'name'],
        properties: {
          id: { type: 'integer', readOnly: true },
          name: { type: 'string', examples: ['Rex'] },
          tag: { type: ['string', 'null'] },
        },
      },
    });
  });

  it('picks JSON bodies over others, drops readOnly input properties, records security alternatives', async () => {
    const { tools } = await importOpenApi(petApi());
    const create = tools.find((t) => t.name === 'createPet')!;
    expect(meta(create).body).toEqual({
      contentType: 'application/json',
      required: true,
      alternatives: ['application/xml'],
    });
    expect(create.inputSchema.required).toEqual(['body']);
    expect((create.inputSchema.properties as Record<string, unknown>).body).toEqual({
      type: 'object',
      required: ['name'],
      properties: {
        name: { type: 'string', examples: ['Rex'] },
        tag: { type: ['string', 'null'] },
        secret: { type: 'string', writeOnly: true },
      },
    });
    expect(meta(create).security).toEqual([{ key: [] }, { bearer: [] }]);
    expect(meta(create).securitySchemes).toEqual({
      key: { type: 'apiKey', in: 'header', name: 'X-Key' },
      bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
    });
    expect(create.requiredScopes).toEqual([]);
    expect(create.capabilities).toContain('write_data');
  });

  it('multipart binary parts, derived names, operation-level servers, DELETE needs confirmation', async () => {
    const { tools, renamed, warnings } = await importOpenApi(petApi());
    const put = tools.find((t) => t.name === 'put_pets_by_petId')!;
    expect(renamed).toContainEqual(
      expect.objectContaining({ name: 'put_pets_by_petId', reasons: ['derived'] }),
    );
    expect(meta(put).body).toEqual({
      contentType: 'multipart/form-data',
      required: false,
      binaryProperties: ['photo'],
    });
    expect((put.inputSchema.properties as Record<string, unknown>).body).toEqual({
      type: 'object',
      properties: { photo: { type: 'string', contentEncoding: 'base64' } },
    });
    expect(put.annotations.idempotentHint).toBe(true);
    const del = tools.find((t) => t.name === 'deletePet')!;
    expect(del.deprecated).toBe(true);
    expect(del.requiresConfirmation).toBe(true);
    expect(meta(del).servers).toEqual(['https://admin.pets.example']);
    expect(del.outputSchema).toBeUndefined();
    expect(warnings).toContainEqual(
      expect.objectContaining({ pointer: '/paths/~1pets/get', code: 'parameter_ignored' }),
    );
    expect(warnings).toContainEqual(expect.objectContaining({ code: 'vendor_extensions_dropped' }));
  });

  it('filters by tag, operationId glob, path glob and method; skips deprecated on request', async () => {
    const names = async (options: Parameters<typeof importOpenApi>[1]) =>
      (await importOpenApi(petApi(), options)).tools.map((t) => t.name).sort();
    expect(await names({ includeTags: ['ADMIN'] })).toEqual(['createPet', 'deletePet']);
    expect(await names({ excludeTags: ['admin'] })).toEqual(['listPets', 'put_pets_by_petId']);
    expect(await names({ includeOperations: ['*Pet*'] })).toEqual(['createPet', 'deletePet', 'listPets']);
    expect(await names({ excludeOperations: ['list*', 'put_*'] })).toEqual(['createPet', 'deletePet']);
    expect(await names({ includePaths: ['/pets/*'] })).toEqual(['deletePet', 'put_pets_by_petId']);
    expect(await names({ methods: ['GET', 'delete'] })).toEqual(['deletePet', 'listPets']);
    const skipped = await importOpenApi(petApi(), { deprecated: 'skip' });
    expect(skipped.tools.map((t) => t.name)).not.toContain('deletePet');
    expect(skipped.skipped).toEqual([
      expect.objectContaining({
        code: 'deprecated',
        operationId: 'deletePet',
        pointer: '/paths/~1pets~1{petId}/delete',
      }),
    ]);
    expect(skipped.document.filtered).toBe(0);
  });

  it('applies namespace, base URL, name length and sourceUri options', async () => {
    const { tools } = await importOpenApi(petApi(), {
      namespace: 'pets',
      baseUrl: 'http://127.0.0.1:8080',
      maxNameLength: 10,
      sourceUri: 'https://pets.example/openapi.json',
    });
    for (const t of tools) {
      expect(t.namespace).toBe('pets');
      expect(t.id.startsWith('pets:')).toBe(true);
      expect(meta(t).servers).toEqual(['http://127.0.0.1:8080']);
      expect(t.name.length).toBeLessThanOrEqual(10);
    }
    expect(tools.find((t) => meta(t).operationId === 'listPets')!.sourceUri).toBe(
      'https://pets.example/openapi.json#/paths/~1pets/get',
    );
  });

  it('imports Swagger 2.0 from a YAML string (formData, collectionFormat, x-nullable, basic auth)', async () => {
    const yaml = [
      'swagger: "2.0"',
      'info: {title: Files, version: "1"}',
      'host: files.example',
      'basePath: /api/',
      'schemes: [http, https]',
      'securityDefinitions: {basic: {type: basic}}',
      'security: [{basic: []}]',
      'paths:',
      '  /upload:',
      '    post:',
      '      operationId: upload',
      '      consumes: [multipart/form-data]',
      '      parameters:',
      '        - {name: file, in: formData, type: file, required: true}',
      '        - {name: note, in: formData, type: string, x-nullable: true}',
      '        - {name: ids, in: query, type: array, items: {type: integer}, collectionFormat: pipes}',
      '      responses: {"200": {description: ok, schema: {type: object, properties: {size: {type: integer}}}}}',
    ].join('\n');
    const { tools } = await importOpenApi(yaml);
    const upload = tools[0]!;
    expect(meta(upload)).toMatchObject({
      servers: ['https://files.example/api', 'http://files.example/api'],
      body: { contentType: 'multipart/form-data', required: true },
      parameters: { query: { ids: { style: 'pipeDelimited', explode: false } } },
      securitySchemes: { basic: { type: 'http', scheme: 'basic' } },
    });
    expect((upload.inputSchema.properties as Record<string, unknown>).body).toEqual({
      type: 'object',
      properties: {
        file: { type: 'string', contentEncoding: 'base64' },
        note: { type: ['string', 'null'] },
      },
      required: ['file'],
    });
    expect(upload.outputSchema).toEqual({ type: 'object', properties: { size: { type: 'integer' } } });
    expect(upload.sourceUri).toBe('#/paths/~1upload/post');
  });

  it('3.1 webhooks are not operations; a webhook-only document yields no tools', async () => {
    const result = await importOpenApi({
      openapi: '3.1.0',
      info: { title: 'Hooks', version: '1' },
      webhooks: { ping: { post: { responses: { '200': { description: 'ok' } } } } },
    });
    expect(result.tools).toEqual([]);
    expect(result.document.operations).toBe(0);
  });
});
