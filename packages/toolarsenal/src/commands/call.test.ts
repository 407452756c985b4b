import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { run, scratch } from '../test-fixtures/cli-kit.js';
import { startServer, type TestServer } from '../../../net/src/test-fixtures/server.js';

let server: TestServer;
let doc: string;
let dir: string;

beforeAll(async () => {
  server = await startServer((req, res, body) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (req.method === 'DELETE') {
      res.writeHead(204);
      return res.end();
    }
    if (req.method === 'PUT') {
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end(JSON.stringify({ stored: body }));
    }
    if (url.pathname === '/v1/pets/7') {
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end(JSON.stringify({ id: 7, name: 'Rex', key: req.headers['x-api-key'] === 'env-key-123' }));
    }
    res.writeHead(404, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ error: 'no such pet' }));
  });
  const s = scratch();
  dir = s.dir;
  s.write('photo.bin', 'PHOTO-BYTES');
  doc = s.write(
    'pets.json',
    JSON.stringify({
      openapi: '3.0.3',
      info: { title: 'Pets', version: '1.0.0' },
      servers: [{ url: `${server.origin}/v1` }],
      components: { securitySchemes: { petKey: { type: 'apiKey', in: 'header', name: 'X-Api-Key' } } },
      security: [{ petKey: [] }],
      paths: {
        '/pets/{petId}': {
          get: {
            operationId: 'getPet',
            parameters: [
              { name: 'petId', in: 'path', required: true, schema: { type: 'integer' } },
              {
                name: 'fields',
                in: 'query',
                schema: { type: 'array', items: { type: 'string' } },
                explode: false,
              },
            ],
            responses: {
              200: {
                description: 'ok',
                content: {
                  'application/json': { schema: { type: 'object', properties: { id: { type: 'integer' } } } },
                },
              },
            },
          },
          put: {
            operationId: 'putPhoto',
            parameters: [{ name: 'petId', in: 'path', required: true, schema: { type: 'integer' } }],
            requestBody: {
              content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } },
            },
            responses: { 200: { description: 'stored' } },
          },
          delete: {
            operationId: 'deletePet',
            parameters: [{ name: 'petId', in: 'path', required: true, schema: { type: 'integer' } }],
            responses: { 204: { description: 'gone' } },
          },
        },
      },
    }),
  );
});

afterAll(async () => {
  await server.close();
});

afterEach(() => {
  delete process.env.TOOLARSENAL_AUTH_PETKEY;
  delete process.env.MY_PET_KEY;
});

const allow = () => ['--allow-host', `127.0.0.1:${server.port}`];

describe('toolarsenal call --doc --operation', () => {
  it('calls the operation with auth from the environment and prints JSON', async () => {
    process.env.TOOLARSENAL_AUTH_PETKEY = 'env-key-123';
    const result = await run([
      'call',
      '--doc',
      doc,
      '--operation',
      'getPet',
      '--args',
      '{"path":{"petId":7}}',
      ...allow(),
    ]);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({ id: 7, name: 'Rex', key: true });
    expect(server.received.at(-1)!.url).toBe('/v1/pets/7');
  });

  it('--auth names the variable; --dry-run prints the exact request with the secret masked and sends nothing', async () => {
    process.env.MY_PET_KEY = 'dry-run-secret';
    const before = server.received.length;
    const result = await run([
      'call',
      '--doc',
      doc,
      '--operation',
      'getPet',
      '--args',
      '{"path":{"petId":7},"query":{"fields":["id","name"]}}',
      '--auth',
      'petKey=MY_PET_KEY',
      '--dry-run',
      ...allow(),
    ]);
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(
      [
        `GET ${server.origin}/v1/pets/7?fields=id,name`,
        'accept: application/json, */*;q=0.8',
        'x-api-key: [REDACTED]',
        '',
      ].join('\n'),
    );
    expect(result.stdout).not.toContain('dry-run-secret');
    expect(server.received.length).toBe(before);
  });

  it('an HTTP error is a typed error on stderr with exit 1; a DELETE runs without a confirmation round trip', async () => {
    process.env.TOOLARSENAL_AUTH_PETKEY = 'k-secret-9';
    const missing = await run([
      'call',
      '--doc',
      doc,
      '--operation',
      'getPet',
      '--args',
      '{"path":{"petId":8}}',
      ...allow(),
    ]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('OPENAPI_CALL_HTTP_STATUS: the API answered 404');
    const deleted = await run([
      'call',
      '--doc',
      doc,
      '--operation',
      'deletePet',
      '--args',
      '{"path":{"petId":8}}',
      ...allow(),
    ]);
    expect(deleted.code).toBe(0);
    expect(deleted.stdout).toBe('null\n');
    expect(server.received.at(-1)!.method).toBe('DELETE');
  });

  it('--file-root lets a binary body name a file inside it', async () => {
    process.env.TOOLARSENAL_AUTH_PETKEY = 'f-key-1';
    const args = ['call', '--doc', doc, '--operation', 'putPhoto', ...allow(), '--args'];
    const body = (path: string) => JSON.stringify({ path: { petId: 7 }, body: `@${path}` });
    const stored = await run([...args, body(join(dir, 'photo.bin')), '--file-root', dir]);
    expect(stored.stderr).toBe('');
    expect(JSON.parse(stored.stdout)).toEqual({ stored: 'PHOTO-BYTES' });
    const before = server.received.length;
    const closed = await run([...args, body(join(dir, 'photo.bin'))]);
    expect(closed.code).toBe(1);
    expect(closed.stderr).toContain('OPENAPI_CALL_BAD_ARGUMENT');
    const outside = await run([...args, body(doc.replace(/pets\.json$/, '../x')), '--file-root', dir]);
    expect(outside.code).toBe(1);
    expect(server.received.length).toBe(before);
  });

  it('refuses a loopback base URL unless --allow-host lists it (dry run included)', async () => {
    process.env.TOOLARSENAL_AUTH_PETKEY = 'x-key-1';
    const args = ['call', '--doc', doc, '--operation', 'getPet', '--args', '{"path":{"petId":7}}'];
    const refused = await run(args);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('NET_PRIVATE_ADDRESS');
    const dry = await run([...args, '--dry-run']);
    expect(dry.code).toBe(2);
    expect(dry.stderr).toContain('loopback address');
    const viaBase = await run([...args, '--base-url', `http://localhost:${server.port}/v1`, '--dry-run']);
    expect(viaBase.code).toBe(2);
  });

  it('bad usage exits 2 with a clear message', async () => {
    const cases: Array<[string[], RegExp]> = [
      [['call'], /--doc/],
      [['call', '--doc', doc], /--operation/],
      [['call', '--doc', doc, '--operation', 'nope'], /no operation "nope".*getPet/],
      [['call', '--doc', doc, '--operation', 'getPet', '--args', '{bad'], /--args is not JSON/],
      [['call', '--doc', doc, '--operation', 'getPet', '--args', '[]'], /JSON object/],
      [['call', '--doc', doc, '--operation', 'getPet', '--args', '{"path":{"petId":"x"}}'], /input schema/],
      [
        [
          'call',
          '--doc',
          doc,
          '--operation',
          'getPet',
          '--args',
          '{"path":{"petId":1}}',
          '--auth',
          'other=X',
        ],
        /no security scheme "other"/,
      ],
      [['call', '--doc', doc, '--operation', 'getPet', '--timeout', '-5'], /--timeout/],
      [
        [
          'call',
          '--doc',
          doc,
          '--operation',
          'getPet',
          '--args',
          '{"path":{"petId":1}}',
          '--allow-host',
          'http://x/',
        ],
        /allowedHosts\[0\]/,
      ],
      [['call', '--doc', `${doc}.missing`, '--operation', 'getPet'], /./],
    ];
    for (const [argv, message] of cases) {
      const result = await run(argv);
      expect(result.code, argv.join(' ')).toBe(2);
      expect(result.stderr).toMatch(message);
    }
  });
});
