/** A small OpenAPI 3.1 document exercising every parameter style, body kind and security scheme. */
export function httpApi(origin: string): Record<string, unknown> {
  const param = (
    name: string,
    location: string,
    style: string,
    explode: boolean,
    type: 'string' | 'array' | 'object',
  ) => ({
    name,
    in: location,
    required: location === 'path',
    style,
    explode,
    schema:
      type === 'string'
        ? { type: 'string' }
        : type === 'array'
          ? { type: 'array', items: { type: 'string' } }
          : { type: 'object', additionalProperties: { type: 'integer' } },
  });
  const paths: Record<string, unknown> = {};
  for (const [style, explode] of [
    ['simple', false],
    ['simple', true],
    ['label', false],
    ['label', true],
    ['matrix', false],
    ['matrix', true],
  ] as const) {
    for (const type of ['string', 'array', 'object'] as const) {
      paths[`/path/${style}/${explode}/${type}/{color}`] = {
        get: {
          operationId: `path_${style}_${explode}_${type}`,
          parameters: [param('color', 'path', style, explode, type)],
          responses: { 200: { description: 'ok' } },
        },
      };
    }
  }
  for (const [style, explode] of [
    ['form', false],
    ['form', true],
    ['spaceDelimited', false],
    ['pipeDelimited', false],
    ['deepObject', true],
  ] as const) {
    for (const type of ['string', 'array', 'object'] as const) {
      if (style === 'deepObject' && type !== 'object') continue;
      paths[`/query/${style}/${explode}/${type}`] = {
        get: {
          operationId: `query_${style}_${explode}_${type}`,
          parameters: [param('color', 'query', style, explode, type)],
          responses: { 200: { description: 'ok' } },
        },
      };
    }
  }
  paths['/headers'] = {
    get: {
      operationId: 'headers',
      parameters: [
        param('X-Color', 'header', 'simple', false, 'array'),
        param('X-Rgb', 'header', 'simple', true, 'object'),
        param('session', 'cookie', 'form', true, 'string'),
        param('prefs', 'cookie', 'form', false, 'array'),
        { name: 'filter', in: 'query', content: { 'application/json': { schema: { type: 'object' } } } },
        { name: 'redirect', in: 'query', allowReserved: true, schema: { type: 'string' } },
      ],
      responses: { 200: { description: 'ok' } },
    },
  };
  paths['/json'] = {
    post: {
      operationId: 'postJson',
      requestBody: {
        required: true,
        content: { 'application/json': { schema: { type: 'object' } }, 'application/xml': {} },
      },
      responses: {
        200: {
          description: 'ok',
          content: {
            'application/json': {
              schema: { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] },
            },
          },
        },
      },
    },
  };
  paths['/form'] = {
    post: {
      operationId: 'postForm',
      requestBody: {
        content: {
          'application/x-www-form-urlencoded': {
            schema: {
              type: 'object',
              properties: {
                name: { type: 'string' },
                metadata: { type: 'object' },
                expand: { type: 'array', items: { type: 'string' } },
                tags: { type: 'array', items: { type: 'string' } },
              },
            },
            encoding: {
              metadata: { style: 'deepObject', explode: true },
              expand: { style: 'deepObject', explode: true },
              tags: { style: 'form', explode: false },
            },
          },
        },
      },
      responses: { 200: { description: 'ok' } },
    },
  };
  paths['/upload'] = {
    post: {
      operationId: 'upload',
      requestBody: {
        content: {
          'multipart/form-data': {
            schema: {
              type: 'object',
              properties: {
                file: { type: 'string', format: 'binary' },
                meta: { type: 'object' },
                note: { type: 'string' },
              },
            },
            encoding: { file: { contentType: 'image/png' } },
          },
        },
      },
      responses: { 200: { description: 'ok' } },
    },
  };
  paths['/text'] = {
    post: {
      operationId: 'postText',
      requestBody: { content: { 'text/plain': { schema: { type: 'string' } } } },
      responses: { 200: { description: 'ok' } },
    },
  };
  paths['/raw'] = {
    put: {
      operationId: 'putRaw',
      requestBody: {
        content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } },
      },
      responses: { 200: { description: 'ok' } },
    },
  };
  paths['/b64'] = {
    put: {
      operationId: 'putBase64',
      requestBody: {
        content: { 'application/octet-stream': { schema: { type: 'string', format: 'base64' } } },
      },
      responses: { 200: { description: 'ok' } },
    },
  };
  for (const scheme of ['keyHeader', 'keyQuery', 'keyCookie', 'bearer', 'basic', 'oauth', 'oidc']) {
    paths[`/auth/${scheme}`] = {
      get: {
        operationId: `auth_${scheme}`,
        security: [{ [scheme]: [] }],
        responses: { 200: { description: 'ok' } },
      },
    };
  }
  paths['/status/{code}'] = {
    get: {
      operationId: 'status',
      parameters: [{ name: 'code', in: 'path', required: true, schema: { type: 'integer' } }],
      responses: { 200: { description: 'ok' } },
    },
  };
  paths['/files/{name}'] = {
    get: {
      operationId: 'getFile',
      parameters: [{ name: 'name', in: 'path', required: true, schema: { type: 'string' } }],
      responses: { 200: { description: 'ok' } },
    },
  };
  return {
    openapi: '3.1.0',
    info: { title: 'HTTP test API', version: '1.0.0' },
    servers: [{ url: `${origin}/v1` }],
    paths,
    components: {
      securitySchemes: {
        keyHeader: { type: 'apiKey', in: 'header', name: 'X-Api-Key' },
        keyQuery: { type: 'apiKey', in: 'query', name: 'api_key' },
        keyCookie: { type: 'apiKey', in: 'cookie', name: 'sid' },
        bearer: { type: 'http', scheme: 'bearer' },
        basic: { type: 'http', scheme: 'basic' },
        oauth: {
          type: 'oauth2',
          flows: { clientCredentials: { tokenUrl: `${origin}/token`, scopes: { read: 'read' } } },
        },
        oidc: { type: 'openIdConnect', openIdConnectUrl: `${origin}/.well-known/openid-configuration` },
      },
    },
  };
}
