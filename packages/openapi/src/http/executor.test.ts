import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRunner, type Runner } from '@toolarsenal/toolrun';
import type { Tool } from '@toolarsenal/toolmodel';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importOpenApi } from '../import-openapi.js';
import { httpApi } from '../test-fixtures/http-api.js';
import { startServer, type TestServer } from '../../../net/src/test-fixtures/server.js';
import { createHttpExecutor, type HttpExecutor } from './executor.js';
import { formatRequest } from './format-request.js';

let server: TestServer;
let tools: Tool[];
const executors: HttpExecutor[] = [];
const counters = { token: 0, status: 0, oauthApi: 0 };
let tokenLifetime = 3600;
let rejectFirstToken = false;

beforeAll(async () => {
  server = await startServer((req, res, body) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const json = (status: number, value: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': 'application/json', ...headers });
      res.end(JSON.stringify(value));
    };
    if (url.pathname === '/token') {
      counters.token++;
      const expected = `Basic ${Buffer.from('client-1:s3cret-client').toString('base64')}`;
      if (req.headers.authorization !== expected) return json(401, { error: 'invalid_client' });
      return json(200, {
        access_token: `tok-${counters.token}`,
        token_type: 'Bearer',
        expires_in: tokenLifetime,
      });
    }
    if (url.pathname === '/.well-known/openid-configuration')
      return json(200, { issuer: server.origin, token_endpoint: `${server.origin}/token` });
    if (url.pathname === '/v1/auth/oauth' || url.pathname === '/v1/auth/oidc') {
      counters.oauthApi++;
      if (rejectFirstToken && req.headers.authorization === 'Bearer tok-1')
        return json(401, { error: 'expired' });
      return json(200, { auth: req.headers.authorization });
    }
    if (url.pathname === '/v1/json') {
      const parsed = JSON.parse(body) as { bad?: boolean };
      return json(200, parsed.bad ? { ok: 'no' } : { ok: true });
    }
    if (url.pathname.startsWith('/v1/status/')) {
      counters.status++;
      const code = Number(url.pathname.split('/').pop());
      if (code === 503 && counters.status % 2 === 1)
        return json(503, { error: 'busy' }, { 'retry-after': '0' });
      if (code === 503) return json(200, { recovered: true });
      return json(code, { error: `status ${code}` });
    }
    if (url.pathname.startsWith('/v1/files/')) {
      const name = decodeURIComponent(url.pathname.slice('/v1/files/'.length));
      switch (name) {
        case 'text':
          res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' });
          return res.end('plain text');
        case 'png':
          res.writeHead(200, { 'content-type': 'image/png' });
          return res.end(Buffer.from([0x89, 0x50, 0x4e, 0x47]));
        case 'huge': {
          res.writeHead(200, { 'content-type': 'text/plain' });
          const chunk = Buffer.alloc(64 * 1024, 'y');
          let left = 50 * 1024 * 1024;
          const pump = () => {
            while (left > 0) {
              left -= chunk.length;
              if (!res.write(chunk)) return void res.once('drain', pump);
            }
            res.end();
          };
          res.on('close', () => (left = 0));
          return pump();
        }
        case 'hang':
          return;
        case 'redirect-evil':
          res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' });
          return res.end();
        case 'redirect-ok':
          res.writeHead(302, { location: '/v1/files/text' });
          return res.end();
        case 'echo-key':
          return json(403, { error: `bad key ${String(req.headers['x-api-key'])}` });
      }
    }
    return json(200, { ok: true });
  });
  ({ tools } = await importOpenApi(httpApi(server.origin)));
});

afterAll(async () => {
  await Promise.all(executors.map((e) => e.close()));
  await server.close();
});

function executor(options: Parameters<typeof createHttpExecutor>[0] = {}): HttpExecutor {
  const e = createHttpExecutor({ allowedHosts: [`127.0.0.1:${server.port}`], ...options });
  executors.push(e);
  return e;
}

function runnerWith(e: HttpExecutor, extra: Parameters<typeof createRunner>[0] = {}): Runner {
  return createRunner({ executors: [e], tools, ...extra });
}

async function call(runner: Runner, name: string, args: unknown) {
  return runner.run({ name, arguments: args });
}

const last = () => server.received.at(-1)!;

describe('request encoding, as received by a real server', () => {
  const cases: Array<[string, unknown, string]> = [
    ['path_simple_false_string', 'blue', '/v1/path/simple/false/string/blue'],
    ['path_simple_false_array', ['blue', 'black', 'brown'], '/v1/path/simple/false/array/blue,black,brown'],
    [
      'path_simple_false_object',
      { R: 100, G: 200, B: 150 },
      '/v1/path/simple/false/object/R,100,G,200,B,150',
    ],
    ['path_simple_true_array', ['blue', 'black', 'brown'], '/v1/path/simple/true/array/blue,black,brown'],
    ['path_simple_true_object', { R: 100, G: 200, B: 150 }, '/v1/path/simple/true/object/R=100,G=200,B=150'],
    ['path_label_false_string', 'blue', '/v1/path/label/false/string/.blue'],
    ['path_label_false_array', ['blue', 'black', 'brown'], '/v1/path/label/false/array/.blue,black,brown'],
    ['path_label_false_object', { R: 100, G: 200, B: 150 }, '/v1/path/label/false/object/.R,100,G,200,B,150'],
    ['path_label_true_array', ['blue', 'black', 'brown'], '/v1/path/label/true/array/.blue.black.brown'],
    ['path_label_true_object', { R: 100, G: 200, B: 150 }, '/v1/path/label/true/object/.R=100.G=200.B=150'],
    ['path_matrix_false_string', 'blue', '/v1/path/matrix/false/string/;color=blue'],
    [
      'path_matrix_false_array',
      ['blue', 'black', 'brown'],
      '/v1/path/matrix/false/array/;color=blue,black,brown',
    ],
    [
      'path_matrix_false_object',
      { R: 100, G: 200, B: 150 },
      '/v1/path/matrix/false/object/;color=R,100,G,200,B,150',
    ],
    [
      'path_matrix_true_array',
      ['blue', 'black', 'brown'],
      '/v1/path/matrix/true/array/;color=blue;color=black;color=brown',
    ],
    ['path_matrix_true_object', { R: 100, G: 200, B: 150 }, '/v1/path/matrix/true/object/;R=100;G=200;B=150'],
  ];
  it.each(cases)('%s', async (name, color, expected) => {
    const result = await call(runnerWith(executor()), name, { path: { color } });
    expect(result.status).toBe('success');
    expect(last().url).toBe(expected);
  });

  const queries: Array<[string, unknown, string]> = [
    ['query_form_false_string', 'blue', '/v1/query/form/false/string?color=blue'],
    [
      'query_form_false_array',
      ['blue', 'black', 'brown'],
      '/v1/query/form/false/array?color=blue,black,brown',
    ],
    [
      'query_form_false_object',
      { R: 100, G: 200, B: 150 },
      '/v1/query/form/false/object?color=R,100,G,200,B,150',
    ],
    [
      'query_form_true_array',
      ['blue', 'black', 'brown'],
      '/v1/query/form/true/array?color=blue&color=black&color=brown',
    ],
    ['query_form_true_object', { R: 100, G: 200, B: 150 }, '/v1/query/form/true/object?R=100&G=200&B=150'],
    [
      'query_spaceDelimited_false_array',
      ['blue', 'black', 'brown'],
      '/v1/query/spaceDelimited/false/array?color=blue%20black%20brown',
    ],
    [
      'query_spaceDelimited_false_object',
      { R: 100, G: 200, B: 150 },
      '/v1/query/spaceDelimited/false/object?color=R%20100%20G%20200%20B%20150',
    ],
    [
      'query_pipeDelimited_false_array',
      ['blue', 'black', 'brown'],
      '/v1/query/pipeDelimited/false/array?color=blue|black|brown',
    ],
    [
      'query_pipeDelimited_false_object',
      { R: 100, G: 200, B: 150 },
      '/v1/query/pipeDelimited/false/object?color=R|100|G|200|B|150',
    ],
    [
      'query_deepObject_true_object',
      { R: 100, G: 200, B: 150 },
      '/v1/query/deepObject/true/object?color[R]=100&color[G]=200&color[B]=150',
    ],
  ];
  it.each(queries)('%s', async (name, color, expected) => {
    const result = await call(runnerWith(executor()), name, { query: { color } });
    expect(result.status).toBe('success');
    expect(last().url).toBe(expected);
  });

  it('headers, cookies, content (JSON) and allowReserved query parameters', async () => {
    const result = await call(
      runnerWith(executor({ headers: { 'User-Agent': 'toolarsenal-test' } })),
      'headers',
      {
        header: { 'X-Color': ['blue', 'black'], 'X-Rgb': { R: 1, G: 2 } },
        cookie: { session: 'a b;c', prefs: ['x', 'y'] },
        query: { filter: { tag: 'a&b' }, redirect: 'https://x.example/a?b=c' },
      },
    );
    expect(result.status).toBe('success');
    const got = last();
    expect(got.url).toBe('/v1/headers?filter=%7B%22tag%22%3A%22a%26b%22%7D&redirect=https://x.example/a?b=c');
    expect(got.headers['x-color']).toBe('blue,black');
    expect(got.headers['x-rgb']).toBe('R=1,G=2');
    expect(got.headers.cookie).toBe('session=a%20b%3Bc; prefs=x,y');
    expect(got.headers['user-agent']).toBe('toolarsenal-test');
  });

  it('refuses header values with line breaks and path segments that would climb', async () => {
    const e = executor();
    const injected = await call(runnerWith(e), 'headers', { header: { 'X-Color': ['a\r\nX-Evil: 1'] } });
    expect(injected.error?.code).toBe('OPENAPI_CALL_BAD_ARGUMENT');
    for (const name of ['..', '.']) {
      const climbed = await call(runnerWith(e), 'getFile', { path: { name } });
      expect(climbed.error?.code).toBe('OPENAPI_CALL_BAD_ARGUMENT');
    }
    const slash = await call(runnerWith(e), 'getFile', { path: { name: '../admin' } });
    expect(slash.status).toBe('success');
    expect(last().url).toBe('/v1/files/..%2Fadmin');
  });
});

describe('bodies', () => {
  it('JSON, with the response checked against the output schema by toolrun', async () => {
    const runner = runnerWith(executor(), { defaults: { validateOutput: true } });
    const ok = await call(runner, 'postJson', { body: { name: 'Rex', tags: ['a'] } });
    expect(ok).toMatchObject({ status: 'success', result: { ok: true } });
    expect(last().headers['content-type']).toBe('application/json');
    expect(JSON.parse(last().body)).toEqual({ name: 'Rex', tags: ['a'] });
    const bad = await call(runner, 'postJson', { body: { bad: true } });
    expect(bad.error?.code).toBe('INVALID_OUTPUT');
  });

  it('form with deepObject encodings (the Stripe layout)', async () => {
    await call(runnerWith(executor()), 'postForm', {
      body: {
        name: 'a b',
        metadata: { order: '42', 'k&y': 'v' },
        expand: ['data.customer', 'x'],
        tags: ['p', 'q'],
      },
    });
    expect(last().headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(last().body).toBe(
      'name=a%20b&metadata[order]=42&metadata[k%26y]=v&expand[0]=data.customer&expand[1]=x&tags=p,q',
    );
  });

  it('multipart with a file part (from base64), a JSON part and a text part', async () => {
    await call(runnerWith(executor()), 'upload', {
      body: { file: Buffer.from('PNGDATA').toString('base64'), meta: { a: 1 }, note: 'hi' },
    });
    const got = last();
    expect(got.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(got.body).toMatch(/name="file"; filename="file"\r\nContent-Type: image\/png\r\n\r\nPNGDATA\r\n/);
    expect(got.body).toMatch(
      /name="meta"; filename="blob"\r\nContent-Type: application\/json\r\n\r\n\{"a":1\}\r\n/,
    );
    expect(got.body).toMatch(/name="note"\r\n\r\nhi\r\n/);
  });

  it('text, raw bytes (decoded from base64) and base64 text sent as it is', async () => {
    const runner = runnerWith(executor());
    await call(runner, 'postText', { body: 'hello' });
    expect(last()).toMatchObject({ body: 'hello' });
    expect(last().headers['content-type']).toBe('text/plain');
    await call(runner, 'putRaw', { body: Buffer.from('raw bytes').toString('base64') });
    expect(last()).toMatchObject({ method: 'PUT', body: 'raw bytes' });
    await call(runner, 'putBase64', { body: 'cmF3' });
    expect(last()).toMatchObject({ body: 'cmF3' });
    const notBase64 = await call(runner, 'putRaw', { body: 'not base64!' });
    expect(notBase64.error?.code).toBe('OPENAPI_CALL_BAD_ARGUMENT');
  });
});

describe('auth', () => {
  it('API key in a header, a query parameter and a cookie; bearer; basic', async () => {
    const e = executor({
      auth: {
        keyHeader: { apiKey: 'hdr-key-1' },
        keyQuery: { apiKey: 'q key/2' },
        keyCookie: { apiKey: 'cookie-key-3' },
        bearer: { token: 'bearer-token-4' },
        basic: { username: 'ann', password: 'pa:ss' },
      },
    });
    const runner = runnerWith(e);
    await call(runner, 'auth_keyHeader', {});
    expect(last().headers['x-api-key']).toBe('hdr-key-1');
    await call(runner, 'auth_keyQuery', {});
    expect(last().url).toBe('/v1/auth/keyQuery?api_key=q%20key%2F2');
    await call(runner, 'auth_keyCookie', {});
    expect(last().headers.cookie).toBe('sid=cookie-key-3');
    await call(runner, 'auth_bearer', {});
    expect(last().headers.authorization).toBe('Bearer bearer-token-4');
    await call(runner, 'auth_basic', {});
    expect(last().headers.authorization).toBe(`Basic ${Buffer.from('ann:pa:ss').toString('base64')}`);
  });

  it('refuses a call without the credentials its operation needs, naming the schemes only', async () => {
    const result = await call(runnerWith(executor()), 'auth_bearer', {});
    expect(result.error?.code).toBe('OPENAPI_CALL_NO_CREDENTIALS');
    expect(result.error?.message).toContain('bearer');
  });

  it('OAuth2 client credentials: fetched once, cached until expiry, refreshed once on 401', async () => {
    const credentials = { oauth: { clientId: 'client-1', clientSecret: 's3cret-client' } };
    counters.token = 0;
    tokenLifetime = 3600;
    rejectFirstToken = false;
    const runner = runnerWith(executor({ auth: credentials }));
    expect((await call(runner, 'auth_oauth', {})).result).toEqual({ auth: 'Bearer tok-1' });
    expect((await call(runner, 'auth_oauth', {})).result).toEqual({ auth: 'Bearer tok-1' });
    expect(counters.token).toBe(1);
    const tokenRequest = server.received.find((r) => r.url === '/token')!;
    expect(tokenRequest.body).toBe('grant_type=client_credentials');

    // A token that expires within the refresh margin is fetched again on the next call.
    counters.token = 0;
    tokenLifetime = 10;
    const shortLived = runnerWith(executor({ auth: credentials }));
    await call(shortLived, 'auth_oauth', {});
    await call(shortLived, 'auth_oauth', {});
    expect(counters.token).toBe(2);

    // 401 with a fetched token: a new token, one more try.
    counters.token = 0;
    counters.oauthApi = 0;
    tokenLifetime = 3600;
    rejectFirstToken = true;
    const refreshed = await call(runnerWith(executor({ auth: credentials })), 'auth_oauth', {});
    expect(refreshed.result).toEqual({ auth: 'Bearer tok-2' });
    expect(counters).toMatchObject({ token: 2, oauthApi: 2 });
    rejectFirstToken = false;
  });

  it('OpenID Connect: the token endpoint comes from discovery', async () => {
    counters.token = 0;
    const result = await call(
      runnerWith(executor({ auth: { oidc: { clientId: 'client-1', clientSecret: 's3cret-client' } } })),
      'auth_oidc',
      {},
    );
    expect(result.result).toEqual({ auth: 'Bearer tok-1' });
    expect(server.received.some((r) => r.url === '/.well-known/openid-configuration')).toBe(true);
  });

  it('secrets never appear in errors, and a dry run masks them', async () => {
    const e = executor({
      auth: { keyHeader: { apiKey: 'super-secret-key' }, keyQuery: { apiKey: 'query-secret' } },
    });
    const tool = tools.find((t) => t.name === 'getFile')!;
    const withKey = {
      ...tool,
      sourceMeta: {
        openapi: {
          ...(tool.sourceMeta!.openapi as object),
          security: [{ keyHeader: [] }],
          securitySchemes: { keyHeader: { type: 'apiKey', in: 'header', name: 'X-Api-Key' } },
        },
      },
    } as Tool;
    const runner = createRunner({ executors: [e], tools: [withKey] });
    const result = await runner.run({ name: 'getFile', arguments: { path: { name: 'echo-key' } } });
    expect(result.error?.code).toBe('OPENAPI_CALL_HTTP_STATUS');
    expect(JSON.stringify(result.error)).not.toContain('super-secret-key');
    expect(result.error?.message).toContain('[REDACTED]');
    const queryTool = tools.find((t) => t.name === 'auth_keyQuery')!;
    const prepared = await e.prepare(queryTool, {});
    const text = await formatRequest(prepared, e.redactor(prepared));
    expect(text).toContain('api_key=[REDACTED]');
    expect(text).not.toContain('query-secret');
  });
});

describe('responses and network safety', () => {
  it('text, binary as a resource with type and size', async () => {
    const runner = runnerWith(executor());
    expect((await call(runner, 'getFile', { path: { name: 'text' } })).result).toBe('plain text');
    const png = await call(runner, 'getFile', { path: { name: 'png' } });
    expect(png.result).toEqual({ type: 'binary', mimeType: 'image/png', size: 4 });
    expect(png.content?.[0]).toMatchObject({
      type: 'resource',
      resource: { mimeType: 'image/png', blob: 'iVBORw==' },
    });
  });

  it('4xx is a typed, non-retryable error; 503 with Retry-After is retried by toolrun', async () => {
    const runner = runnerWith(executor());
    const missing = await call(runner, 'status', { path: { code: 404 } });
    expect(missing).toMatchObject({ status: 'failure', attempt: 1 });
    expect(missing.error).toMatchObject({ code: 'OPENAPI_CALL_HTTP_STATUS', retryable: false });
    expect(missing.error?.details).toMatchObject({ status: 404 });
    counters.status = 0;
    const recovered = await call(runner, 'status', { path: { code: 503 } });
    expect(recovered).toMatchObject({ status: 'success', attempt: 2, result: { recovered: true } });
  });

  it('a 50 MB response is cut at maxResponseBytes with a marker', async () => {
    const result = await call(runnerWith(executor({ maxResponseBytes: 100_000 })), 'getFile', {
      path: { name: 'huge' },
    });
    const text = result.result as string;
    expect(text.startsWith('yyyy')).toBe(true);
    expect(text).toMatch(/…\[truncated: the response exceeded 100000 bytes\]$/);
    expect(text.length).toBeLessThan(100_100);
  });

  it('a hung server times out (toolrun deadline)', async () => {
    const runner = runnerWith(executor(), { defaults: { timeoutMs: 300, retry: false } });
    const result = await call(runner, 'getFile', { path: { name: 'hang' } });
    expect(result.status).toBe('timeout');
  });

  it('redirects: followed within the allowed hosts, refused to a metadata address', async () => {
    const runner = runnerWith(executor());
    expect((await call(runner, 'getFile', { path: { name: 'redirect-ok' } })).result).toBe('plain text');
    const evil = await call(runner, 'getFile', { path: { name: 'redirect-evil' } });
    expect(evil.error?.code).toBe('NET_HOST_NOT_ALLOWED');
  });

  it('the document host on 127.0.0.1 (or a name resolving to it) is refused without allowedHosts', async () => {
    const e = createHttpExecutor();
    executors.push(e);
    const direct = await call(runnerWith(e), 'auth_keyHeader', {});
    expect(direct.error?.code).toBe('OPENAPI_CALL_NO_CREDENTIALS');
    const plain = await call(runnerWith(e), 'getFile', { path: { name: 'text' } });
    expect(plain.error?.code).toBe('NET_PRIVATE_ADDRESS');
    const named = createHttpExecutor({ baseUrl: `http://localhost:${server.port}/v1` });
    executors.push(named);
    const viaName = await call(runnerWith(named), 'getFile', { path: { name: 'text' } });
    expect(viaName.error?.code).toBe('NET_PRIVATE_ADDRESS');
  });

  it('refuses tools without usable source metadata', async () => {
    const e = executor();
    const broken = {
      ...tools[0]!,
      sourceMeta: { openapi: { method: 'fetch', path: 'x', parameters: {} } },
    } as Tool;
    expect(e.canExecute!(broken)).toBe(false);
    await expect(e.prepare(broken, {})).rejects.toMatchObject({ code: 'OPENAPI_CALL_BAD_TOOL' });
  });
});

describe('options', () => {
  it('refuses malformed credentials up front, naming the entry; an undefined entry is no credential', async () => {
    const bad: Array<[unknown, RegExp]> = [
      [null, /auth must be an object/],
      [['key'], /auth must be an object/],
      [{ key: null }, /auth\.key must be a string or an object/],
      [{ key: 5 }, /auth\.key must be a string or an object/],
      [{ key: {} }, /auth\.key has keys \{\}/],
      [{ key: { apiKey: 5 } }, /auth\.key\.apiKey must be a string/],
      [{ key: { token: 't', extra: 1 } }, /auth\.key has keys \{token, extra\}/],
      [{ o: { clientId: 'a', clientSecret: 'b', scopes: 'read' } }, /auth\.o\.scopes must be an array/],
      [{ o: { clientId: 'a', clientSecret: 'b', clientAuth: 'post' } }, /auth\.o\.clientAuth must be/],
      [{ ['a\nb']: 5 }, /auth\.a\\nb must be/],
    ];
    for (const [auth, message] of bad) {
      let error: unknown;
      try {
        createHttpExecutor({ auth: auth as never });
      } catch (e) {
        error = e;
      }
      expect(error, JSON.stringify(auth)).toMatchObject({ code: 'OPENAPI_CALL_BAD_OPTION' });
      expect((error as Error).message).toMatch(message);
    }
    const e = executor({ auth: { keyHeader: undefined } });
    const result = await call(runnerWith(e), 'auth_keyHeader', {});
    expect(result.error?.code).toBe('OPENAPI_CALL_NO_CREDENTIALS');
  });
});

describe('file arguments', () => {
  it('reads "@<path>" for binary parts only inside files.roots, bounded in size', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'openapi-files-'));
    const outside = await mkdtemp(join(tmpdir(), 'openapi-outside-'));
    try {
      await mkdir(join(dir, 'sub'));
      await writeFile(join(dir, 'sub', 'pic.png'), 'PNGFROMFILE');
      await writeFile(join(outside, 'secret.txt'), 'SECRET');
      await symlink(join(outside, 'secret.txt'), join(dir, 'link.txt'));
      await writeFile(join(dir, 'big.bin'), Buffer.alloc(2048));
      const e = executor({ files: { roots: [dir], maxFileBytes: 1024 } });
      const runner = runnerWith(e);

      await call(runner, 'upload', { body: { file: `@${join(dir, 'sub', 'pic.png')}`, note: 'n' } });
      expect(last().body).toMatch(
        /name="file"; filename="file"\r\nContent-Type: image\/png\r\n\r\nPNGFROMFILE\r\n/,
      );
      await call(runner, 'putRaw', { body: `@${join(dir, 'sub', 'pic.png')}` });
      expect(last()).toMatchObject({ method: 'PUT', body: 'PNGFROMFILE' });

      const received = server.received.length;
      const refused: Array<[string, RegExp]> = [
        [join(outside, 'secret.txt'), /outside the allowed directories/],
        [join(dir, 'link.txt'), /outside the allowed directories/],
        [join(dir, 'sub', '..', '..', 'x'), /cannot read the file|outside the allowed/],
        [join(dir, 'sub'), /not a regular file/],
        [join(dir, 'big.bin'), /2048 bytes; the limit is 1024/],
        [join(dir, 'missing'), /cannot read the file/],
      ];
      for (const [path, message] of refused) {
        // a fresh runner each time: repeated failures would open toolrun's circuit breaker
        const result = await call(runnerWith(e), 'upload', { body: { file: `@${path}` } });
        expect(result.error?.code, path).toBe('OPENAPI_CALL_BAD_ARGUMENT');
        expect(result.error?.message).toMatch(message);
        expect(result.error?.message).toContain('/body/file');
      }
      expect(server.received.length).toBe(received);

      // without files.roots no file is read, and the message names the option
      const closed = await call(runnerWith(executor()), 'upload', {
        body: { file: `@${join(dir, 'sub', 'pic.png')}` },
      });
      expect(closed.error?.message).toMatch(/files\.roots/);
      expect(() => createHttpExecutor({ files: { roots: [] } })).toThrow(/files\.roots must be/);
      expect(() => createHttpExecutor({ files: { roots: [dir], maxFileBytes: 0 } })).toThrow(/maxFileBytes/);
    } finally {
      await rm(dir, { recursive: true, force: true });
      await rm(outside, { recursive: true, force: true });
    }
  });
});
