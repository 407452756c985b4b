import { defineTool, parseTool, validateArguments } from '@toolarsenal/toolmodel';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ConversionError } from '../errors.js';
import { checkOpenApiOperation } from './openapi-check.js';
import { decodeOpenApiOperation, openApiDocument, openApiOperationsOf } from './openapi-import.js';
import { encodeOpenApiOperation } from './openapi-operation.js';

/** A tool laid out as @toolarsenal/openapi imports `PATCH /pets/{petId}`. */
const patchPet = defineTool({
  name: 'updatePet',
  title: 'Update a pet',
  description: 'Updates a pet in the store',
  source: 'openapi',
  tags: ['pets'],
  inputSchema: {
    type: 'object',
    properties: {
      path: {
        type: 'object',
        properties: { petId: { type: 'integer', description: 'Pet id' } },
        required: ['petId'],
      },
      query: {
        type: 'object',
        properties: { dryRun: { type: 'boolean' }, fields: { type: 'array', items: { type: 'string' } } },
      },
      header: {
        type: 'object',
        properties: { 'X-Request-Id': { type: 'string' } },
        required: ['X-Request-Id'],
      },
      body: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
    },
    required: ['path', 'header', 'body'],
  },
  outputSchema: { type: 'object', properties: { id: { type: 'integer' } } },
  sourceMeta: {
    openapi: {
      method: 'patch',
      path: '/pets/{petId}',
      servers: ['https://api.example.com/v1'],
      operationId: 'updatePet',
      parameters: { query: { fields: { style: 'form', explode: false } } },
      body: { contentType: 'application/merge-patch+json', required: true },
      security: [{ apiKey: [] }],
    },
  },
});

describe('openapi-operation codec', () => {
  it('exports an OpenAPI-imported tool to its method, path, parameters and body', () => {
    const { value, losses } = encodeOpenApiOperation(patchPet, 'updatePet');
    expect(losses).toEqual([]);
    expect(checkOpenApiOperation(value)).toEqual([]);
    const { path, method, operation } = value as {
      path: string;
      method: string;
      operation: Record<string, unknown>;
    };
    expect([method, path]).toEqual(['patch', '/pets/{petId}']);
    expect(operation.parameters).toEqual([
      {
        name: 'petId',
        in: 'path',
        required: true,
        description: 'Pet id',
        schema: { type: 'integer', description: 'Pet id' },
      },
      { name: 'dryRun', in: 'query', schema: { type: 'boolean' } },
      {
        name: 'fields',
        in: 'query',
        style: 'form',
        explode: false,
        schema: { type: 'array', items: { type: 'string' } },
      },
      { name: 'X-Request-Id', in: 'header', required: true, schema: { type: 'string' } },
    ]);
    expect(operation.requestBody).toEqual({
      required: true,
      content: {
        'application/merge-patch+json': {
          schema:
            patchPet.inputSchema.properties &&
            (patchPet.inputSchema.properties as Record<string, unknown>).body,
        },
      },
    });
    expect(operation.servers).toEqual([{ url: 'https://api.example.com/v1' }]);
    expect(operation.security).toEqual([{ apiKey: [] }]);
  });

  it('imports the exported operation back to the same input schema', () => {
    const { value } = encodeOpenApiOperation(patchPet, 'updatePet');
    const { input, losses } = decodeOpenApiOperation(value);
    expect(losses).toEqual([]);
    const back = parseTool(input);
    expect(back.inputSchema).toEqual(patchPet.inputSchema);
    expect(back.outputSchema).toEqual(patchPet.outputSchema);
    expect([back.name, back.title, back.description]).toEqual([
      patchPet.name,
      patchPet.title,
      patchPet.description,
    ]);
    expect(back.sourceMeta?.openapi).toMatchObject({
      method: 'patch',
      path: '/pets/{petId}',
      body: { contentType: 'application/merge-patch+json', required: true },
      parameters: {
        query: { fields: { style: 'form', explode: false } },
        path: { petId: { required: true } },
      },
    });
  });

  it('round-trips random parameter layouts (property-based)', () => {
    const ident = fc.stringMatching(/^[a-z][a-zA-Z0-9_]{0,8}$/);
    const prim = fc.constantFrom(
      { type: 'string' },
      { type: 'integer', minimum: 0 },
      { type: 'boolean' },
      { type: 'array', items: { type: 'number' } },
    );
    const group = fc.dictionary(ident, fc.tuple(prim, fc.boolean()), { minKeys: 1, maxKeys: 4 });
    fc.assert(
      fc.property(
        fc.option(group),
        fc.option(group),
        fc.option(fc.tuple(prim, fc.boolean())),
        (query, cookie, body) => {
          const properties: Record<string, unknown> = {};
          const required: string[] = [];
          for (const [name, g] of [
            ['query', query],
            ['cookie', cookie],
          ] as const) {
            if (!g) continue;
            const req = Object.entries(g)
              .filter(([, [, r]]) => r)
              .map(([k]) => k);
            properties[name] = {
              type: 'object',
              properties: Object.fromEntries(Object.entries(g).map(([k, [s]]) => [k, s])),
              ...(req.length ? { required: req } : {}),
            };
            if (req.length) required.push(name);
          }
          if (body) {
            properties.body = body[0];
            if (body[1]) required.push('body');
          }
          const tool = defineTool({
            name: 'op',
            inputSchema: { type: 'object', properties, ...(required.length ? { required } : {}) },
            sourceMeta: {
              openapi: {
                method: 'put',
                path: '/things',
                parameters: {},
                ...(body ? { body: { contentType: 'application/json', required: body[1] } } : {}),
              },
            },
          });
          const { value, losses } = encodeOpenApiOperation(tool, 'op');
          expect(losses).toEqual([]);
          expect(checkOpenApiOperation(value)).toEqual([]);
          expect(parseTool(decodeOpenApiOperation(value).input).inputSchema).toEqual(tool.inputSchema);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('carries the root $defs of large imported specs into the parameters and body that use them', () => {
    const tool = defineTool({
      name: 'createOrder',
      inputSchema: {
        type: 'object',
        properties: {
          query: { type: 'object', properties: { currency: { $ref: '#/$defs/Currency' } } },
          body: { type: 'object', properties: { items: { type: 'array', items: { $ref: '#/$defs/Item' } } } },
        },
        required: ['body'],
        $defs: {
          Currency: { type: 'string', enum: ['EUR', 'USD'] },
          Item: { type: 'object', properties: { sku: { type: 'string' }, price: { $ref: '#/$defs/Money' } } },
          Money: {
            type: 'object',
            properties: { amount: { type: 'number' }, currency: { $ref: '#/$defs/Currency' } },
          },
        },
      },
      sourceMeta: {
        openapi: {
          method: 'post',
          path: '/orders',
          parameters: {},
          body: { contentType: 'application/json', required: true },
        },
      },
    });
    const { value, losses } = encodeOpenApiOperation(tool, 'createOrder');
    expect(losses).toEqual([]);
    // Every schema resolves its own references inside the OpenAPI document.
    expect(checkOpenApiOperation(value)).toEqual([]);
    expect(parseTool(decodeOpenApiOperation(value).input).inputSchema).toEqual(tool.inputSchema);
  });

  it('exports other tools as POST /tools/{name} with the input as JSON body and imports them back', () => {
    const tool = defineTool({
      name: 'search.web',
      namespace: 'acme',
      version: '2.1.0',
      title: 'Web search',
      description: 'Search the web',
      examples: ['find the latest node release'],
      tags: ['search'],
      capabilities: ['network_access'],
      requiresConfirmation: true,
      inputSchema: {
        type: 'object',
        properties: { q: { type: 'string' }, filter: { $ref: '#/$defs/filter' } },
        required: ['q'],
        $defs: { filter: { type: 'object', properties: { lang: { type: 'string' } } } },
      },
      annotations: { readOnlyHint: true, openWorldHint: true },
    });
    const { value, losses, decode, encodeArgs } = encodeOpenApiOperation(tool, 'search.web');
    expect(losses).toEqual([]);
    expect(checkOpenApiOperation(value)).toEqual([]);
    expect(value).toMatchObject({ path: '/tools/search.web', method: 'post' });
    const schema = (
      value as {
        operation: { requestBody: { content: Record<string, { schema: Record<string, unknown> }> } };
      }
    ).operation.requestBody.content['application/json']!.schema;
    // Local $refs keep resolving inside an OpenAPI document because the schema is its own resource.
    expect(schema.$id).toBe('urn:toolarsenal:schema:search.web:input');
    const back = parseTool(decodeOpenApiOperation(value).input);
    expect(back.inputSchema).toEqual(tool.inputSchema);
    expect(back.annotations).toEqual(tool.annotations);
    // Every field a model sees or that changes behaviour survives (namespace, version, examples…).
    expect(back.contentHash).toBe(tool.contentHash);
    expect(decode(encodeArgs({ q: 'x' }))).toEqual({ q: 'x' });
  });

  it('reports what the operation layout cannot hold', () => {
    const tool = defineTool({
      name: 'odd',
      inputSchema: {
        type: 'object',
        properties: {
          path: { type: 'object', properties: { id: { type: 'string' } }, additionalProperties: false },
          extra: { type: 'string' },
        },
        minProperties: 1,
      },
      sourceMeta: { openapi: { method: 'get', path: '/odd/{id}' } },
    });
    const { value, losses } = encodeOpenApiOperation(tool, 'odd');
    expect(losses.map((l) => l.pointer)).toEqual([
      '/inputSchema/minProperties',
      '/inputSchema/properties/extra',
      '/inputSchema/properties/path/additionalProperties',
      '/inputSchema/properties/path/properties/id',
    ]);
    expect(checkOpenApiOperation(value)).toEqual([]);
  });

  it('reads a whole OpenAPI document with path-level parameters, $refs and context', () => {
    const doc = {
      openapi: '3.1.0',
      info: { title: 'Pets', version: '1' },
      servers: [{ url: 'https://pets.example' }],
      security: [{ key: [] }],
      components: {
        securitySchemes: { key: { type: 'apiKey', in: 'header', name: 'X-Key' } },
        parameters: { limit: { name: 'limit', in: 'query', schema: { type: 'integer' } } },
      },
      paths: {
        '/pets/{id}': {
          parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
          get: {
            operationId: 'getPet',
            parameters: [
              { $ref: '#/components/parameters/limit' },
              { name: 'Accept', in: 'header', schema: { type: 'string' } },
            ],
            responses: {
              '200': { description: 'ok', content: { 'application/json': { schema: { type: 'object' } } } },
            },
          },
        },
      },
    };
    const ops = openApiOperationsOf(doc);
    expect(ops).toHaveLength(1);
    const { input, losses } = decodeOpenApiOperation(ops[0]!.value, ops[0]!.context);
    expect(losses.map((l) => l.detail)).toEqual(['header "Accept" is ignored by OpenAPI']);
    expect(input.inputSchema).toEqual({
      type: 'object',
      properties: {
        path: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] },
        query: { type: 'object', properties: { limit: { type: 'integer' } } },
      },
      required: ['path'],
    });
    expect(input.outputSchema).toEqual({ type: 'object' });
    expect(input.sourceMeta?.openapi).toMatchObject({
      servers: ['https://pets.example'],
      security: [{ key: [] }],
      securitySchemes: doc.components.securitySchemes,
    });
    const rebuilt = openApiDocument([encodeOpenApiOperation(parseTool(input), 'getPet').value as never]);
    expect(rebuilt).toMatchObject({
      openapi: '3.1.0',
      paths: { '/pets/{id}': { get: { operationId: 'getPet' } } },
    });
  });

  it("turns component schema references (recursive too) into the tool schema's own $defs", () => {
    const doc = {
      openapi: '3.1.0',
      info: { title: 't', version: '1' },
      components: {
        schemas: {
          Node: {
            type: 'object',
            properties: {
              children: { type: 'array', items: { $ref: '#/components/schemas/Node' } },
              tag: { $ref: '#/components/schemas/Tag' },
            },
          },
          Tag: { type: 'string', enum: ['a', 'b'] },
        },
      },
      paths: {
        '/trees': {
          post: {
            operationId: 'plantTree',
            requestBody: {
              required: true,
              content: { 'application/json': { schema: { $ref: '#/components/schemas/Node' } } },
            },
            responses: {
              '201': {
                description: 'ok',
                content: { 'application/json': { schema: { $ref: '#/components/schemas/Tag' } } },
              },
            },
          },
        },
      },
    };
    const [op] = openApiOperationsOf(doc);
    const tool = parseTool(decodeOpenApiOperation(op!.value, op!.context).input);
    expect(tool.inputSchema).toEqual({
      type: 'object',
      properties: { body: { $ref: '#/$defs/Node' } },
      required: ['body'],
      $defs: {
        Node: {
          type: 'object',
          properties: {
            children: { type: 'array', items: { $ref: '#/$defs/Node' } },
            tag: { $ref: '#/$defs/Tag' },
          },
        },
        Tag: { type: 'string', enum: ['a', 'b'] },
      },
    });
    expect(tool.outputSchema).toEqual({
      $ref: '#/$defs/Tag',
      $defs: { Tag: { type: 'string', enum: ['a', 'b'] } },
    });
    const { value } = encodeOpenApiOperation(tool, 'plantTree');
    expect(checkOpenApiOperation(value)).toEqual([]);
    expect(parseTool(decodeOpenApiOperation(value).input).inputSchema).toEqual(tool.inputSchema);
  });

  it("drops Discord's `enum: []` (admits nothing, cannot be compiled) with a loss, keeping the other keywords", () => {
    const doc = {
      openapi: '3.1.0',
      info: { title: 't', version: '1' },
      components: { schemas: { Status: { type: 'integer', enum: [0, 1, 2] } } },
      paths: {
        '/guilds/{guild_id}/requests': {
          get: {
            operationId: 'get_guild_join_requests',
            parameters: [
              { name: 'guild_id', in: 'path', required: true, schema: { type: 'string' } },
              {
                name: 'status',
                in: 'query',
                schema: { type: 'integer', enum: [], allOf: [{ $ref: '#/components/schemas/Status' }] },
              },
            ],
            responses: {
              '200': {
                description: 'ok',
                content: { 'application/json': { schema: { type: 'string', enum: [] } } },
              },
            },
          },
        },
      },
    };
    const [op] = openApiOperationsOf(doc);
    const { input, losses } = decodeOpenApiOperation(op!.value, op!.context);
    const tool = parseTool(input);
    expect((tool.inputSchema.properties as Record<string, unknown>).query).toEqual({
      type: 'object',
      properties: { status: { type: 'integer', allOf: [{ $ref: '#/$defs/Status' }] } },
    });
    expect(tool.outputSchema).toEqual({ type: 'string' });
    expect(losses.filter((l) => l.keyword === 'enum').map((l) => [l.pointer, l.action])).toEqual([
      ['/inputSchema/properties/query/properties/status/enum', 'dropped'],
      ['/outputSchema/enum', 'dropped'],
    ]);
    // The document itself is left as it was.
    expect(doc.paths['/guilds/{guild_id}/requests'].get.parameters[1]!.schema!.enum).toEqual([]);
  });

  it("rewrites DigitalOcean's legacy-mode pattern to unicode mode and drops one that cannot be", () => {
    const doc = {
      openapi: '3.0.0',
      info: { title: 't', version: '1' },
      paths: {
        '/tags/{tag_id}': {
          get: {
            operationId: 'tags_get',
            parameters: [
              {
                name: 'tag_id',
                in: 'path',
                required: true,
                schema: { type: 'string', pattern: '^[a-zA-Z0-9_\\-\\:]+$' },
              },
              { name: 'legacy', in: 'query', schema: { type: 'string', pattern: '^\\1(a)\\08$' } },
            ],
            responses: { '200': { description: 'ok' } },
          },
        },
      },
    };
    const [op] = openApiOperationsOf(doc);
    const { input, losses } = decodeOpenApiOperation(op!.value, op!.context);
    const tool = parseTool(input);
    const props = tool.inputSchema.properties as Record<string, { properties: Record<string, unknown> }>;
    expect(props.path!.properties.tag_id).toEqual({ type: 'string', pattern: '^[a-zA-Z0-9_\\-:]+$' });
    expect(props.query!.properties.legacy).toEqual({ type: 'string' });
    expect(losses.filter((l) => l.keyword === 'pattern').map((l) => [l.pointer, l.action])).toEqual([
      ['/inputSchema/properties/path/properties/tag_id/pattern', 'rewritten'],
      ['/inputSchema/properties/query/properties/legacy/pattern', 'dropped'],
    ]);
    expect(validateArguments(tool, { path: { tag_id: 'env:prod-1' } }).valid).toBe(true);
    expect(validateArguments(tool, { path: { tag_id: 'a b' } }).valid).toBe(false);
  });

  it('finds violations and rejects bad input with typed errors', () => {
    expect(
      checkOpenApiOperation({
        path: '/a/{id}',
        method: 'GET',
        operation: {
          parameters: [
            { name: 'q', in: 'body', schema: {} },
            { name: 'q', in: 'body', schema: { type: 'nope' } },
          ],
          requestBody: { content: {} },
          responses: { '999': {} },
        },
      }).map((v) => v.rule),
    ).toEqual([
      'openapi.method',
      'openapi.parameter.in',
      'openapi.parameter.in',
      'openapi.parameter.unique',
      'openapi.schema.valid',
      'openapi.path.template',
      'openapi.content',
      'openapi.response.code',
      'openapi.response.description',
    ]);
    expect(() => decodeOpenApiOperation({ path: 'x', method: 'get', operation: {} })).toThrow(
      ConversionError,
    );
    expect(() => decodeOpenApiOperation({ path: '/x', method: 'fetch', operation: {} })).toThrow(/method/);
    const loop = {
      paths: { '/x': { get: { parameters: [{ $ref: '#/components/parameters/a' }] } } },
      components: { parameters: { a: { $ref: '#/components/parameters/a' } } },
    };
    const [op] = openApiOperationsOf(loop);
    expect(() => decodeOpenApiOperation(op!.value, op!.context)).toThrow(/loop/);
    expect(() =>
      openApiDocument([
        { path: '/a', method: 'get', operation: {} },
        { path: '/a', method: 'get', operation: {} },
      ]),
    ).toThrow(/two tools/);
  });
});
