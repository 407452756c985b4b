import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSafeClient, type SafeClient } from './safe-client.js';
import type { Resolver } from './resolve.js';
import { failure } from './test-fixtures/failure.js';
import { startServer, type TestServer } from './test-fixtures/server.js';

let server: TestServer;
let other: TestServer;
const clients: SafeClient[] = [];
const client = (options: Parameters<typeof createSafeClient>[0]) => {
  const c = createSafeClient(options);
  clients.push(c);
  return c;
};

beforeAll(async () => {
  other = await startServer((_req, res) => {
    res.end('other');
  });
  server = await startServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    switch (url.pathname) {
      case '/hello':
        res.setHeader('content-type', 'text/plain');
        res.end('hello');
        return;
      case '/redirect-other':
        res.statusCode = 302;
        res.setHeader('location', `${other.origin}/landed`);
        res.end();
        return;
      case '/redirect-evil':
        res.statusCode = 307;
        res.setHeader('location', 'http://169.254.169.254/latest/meta-data/');
        res.end();
        return;
      case '/redirect-external':
        res.statusCode = 301;
        res.setHeader('location', 'https://elsewhere.example/');
        res.end();
        return;
      case '/see-other':
        res.statusCode = 303;
        res.setHeader('location', '/hello');
        res.end();
        return;
      case '/loop':
        res.statusCode = 302;
        res.setHeader('location', '/loop');
        res.end();
        return;
      case '/huge': {
        // 50 MB, written as fast as the socket takes it; the client must stop at its cap.
        const chunk = Buffer.alloc(64 * 1024, 'x');
        let left = 50 * 1024 * 1024;
        const pump = () => {
          while (left > 0) {
            left -= chunk.length;
            if (!res.write(chunk)) {
              res.once('drain', pump);
              return;
            }
          }
          res.end();
        };
        res.on('close', () => {
          left = 0;
        });
        pump();
        return;
      }
      case '/hang':
        return; // never answers
      default:
        res.statusCode = 404;
        res.end('no');
    }
  });
});

afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()));
  await server.close();
  await other.close();
});

describe('createSafeClient against a real server on 127.0.0.1', () => {
  it('reaches an exactly allowed loopback host', async () => {
    const c = client({ allowedHosts: [`127.0.0.1:${server.port}`] });
    const response = await c.request({ url: `${server.origin}/hello` });
    expect(response.status).toBe(200);
    expect(new TextDecoder().decode(response.body)).toBe('hello');
    expect(response.headers.get('content-type')).toBe('text/plain');
    expect(response.truncated).toBe(false);
  });

  it('refuses loopback without an allowance, before connecting', async () => {
    const before = server.received.length;
    const error = await failure(client({}).request({ url: `${server.origin}/hello` }));
    expect(error.code).toBe('NET_PRIVATE_ADDRESS');
    expect(server.received.length).toBe(before);
  });

  it('refuses a host name that resolves to 127.0.0.1 (localhost) unless listed exactly', async () => {
    const error = await failure(client({}).request({ url: `http://localhost:${server.port}/hello` }));
    expect(error.code).toBe('NET_PRIVATE_ADDRESS');
    expect(error.message).toMatch(/resolved to (127\.0\.0\.1|::1)/);
    const ok = await client({
      allowedHosts: ['localhost'],
      resolver: async () => [{ address: '127.0.0.1', family: 4 }],
    }).request({
      url: `http://localhost:${server.port}/hello`,
    });
    expect(ok.status).toBe(200);
  });

  it('connects to exactly the addresses it checked (no second DNS lookup to rebind)', async () => {
    let calls = 0;
    const resolver: Resolver = async () => {
      calls++;
      return [{ address: '127.0.0.1', family: 4 }];
    };
    // `rebind.test` exists nowhere but in this resolver: reaching the server proves the socket used its answer.
    const ok = await client({ allowedHosts: ['rebind.test'], resolver }).request({
      url: `http://rebind.test:${server.port}/hello`,
    });
    expect(ok.status).toBe(200);
    expect(calls).toBe(1);
    expect(server.received.at(-1)?.headers.host).toBe(`rebind.test:${server.port}`);
    // with a glob entry the same answer is refused
    const error = await failure(
      client({ allowedHosts: ['*.test'], resolver }).request({
        url: `http://rebind.test:${server.port}/hello`,
      }),
    );
    expect(error.code).toBe('NET_PRIVATE_ADDRESS');
  });

  it('refuses a name with one private address among public ones', async () => {
    const resolver: Resolver = async () => [
      { address: '93.184.216.34', family: 4 },
      { address: '::ffff:127.0.0.1', family: 6 },
    ];
    const error = await failure(client({ resolver }).request({ url: 'http://mixed.test/' }));
    expect(error.code).toBe('NET_PRIVATE_ADDRESS');
    expect(error.details).toMatchObject({ address: '::ffff:127.0.0.1', kind: 'loopback' });
  });

  it('reports resolver failures as retryable NET_DNS_FAILED', async () => {
    const resolver: Resolver = async () => {
      throw Object.assign(new Error('nope'), { code: 'ENOTFOUND' });
    };
    const error = await failure(client({ resolver }).request({ url: 'http://nowhere.test/' }));
    expect(error.code).toBe('NET_DNS_FAILED');
    expect(error.retryable).toBe(true);
  });

  it('follows a redirect within the allowed hosts and drops credentials when the origin changes', async () => {
    const c = client({ allowedHosts: [`127.0.0.1`] });
    const response = await c.request({
      url: `${server.origin}/redirect-other`,
      headers: { authorization: 'Bearer s3cret', 'x-token': 'tok-123', accept: 'text/plain' },
      sensitiveHeaders: ['X-Token'],
    });
    expect(new TextDecoder().decode(response.body)).toBe('other');
    expect(response.redirects).toEqual([`${other.origin}/landed`]);
    const landed = other.received.at(-1)!;
    expect(landed.url).toBe('/landed');
    expect(landed.headers.authorization).toBeUndefined();
    expect(landed.headers['x-token']).toBeUndefined();
    expect(landed.headers.accept).toBe('text/plain');
  });

  it('re-checks every redirect: to a metadata address, to a host not listed', async () => {
    const c = client({ allowedHosts: [`127.0.0.1:${server.port}`] });
    expect((await failure(c.request({ url: `${server.origin}/redirect-evil` }))).code).toBe(
      'NET_HOST_NOT_ALLOWED',
    );
    // even where a glob lets the metadata host through the allow-list, its address class refuses it
    const globbed = client({ allowedHosts: [`127.0.0.1:${server.port}`, '169.254.*.*'] });
    expect((await failure(globbed.request({ url: `${server.origin}/redirect-evil` }))).code).toBe(
      'NET_PRIVATE_ADDRESS',
    );
    expect((await failure(c.request({ url: `${server.origin}/redirect-other` }))).code).toBe(
      'NET_HOST_NOT_ALLOWED',
    );
    expect((await failure(c.request({ url: `${server.origin}/redirect-external` }))).code).toBe(
      'NET_HOST_NOT_ALLOWED',
    );
  });

  it('303 turns a POST into a GET without a body; loops stop at maxRedirects', async () => {
    const c = client({ allowedHosts: ['127.0.0.1'], maxRedirects: 3 });
    const response = await c.request({
      url: `${server.origin}/see-other`,
      method: 'POST',
      body: 'payload',
      headers: { 'content-type': 'text/plain' },
    });
    expect(response.status).toBe(200);
    const last = server.received.at(-1)!;
    expect(last).toMatchObject({ method: 'GET', url: '/hello', body: '' });
    expect(last.headers['content-type']).toBeUndefined();
    const error = await failure(c.request({ url: `${server.origin}/loop` }));
    expect(error.code).toBe('NET_TOO_MANY_REDIRECTS');
    const manual = await client({ allowedHosts: ['127.0.0.1'], maxRedirects: 0 }).request({
      url: `${server.origin}/loop`,
    });
    expect(manual.status).toBe(302);
  });

  it('cuts a 50 MB response at the cap without reading it all', async () => {
    const c = client({ allowedHosts: ['127.0.0.1'], maxResponseBytes: 1024 * 1024 });
    const response = await c.request({ url: `${server.origin}/huge` });
    expect(response.truncated).toBe(true);
    expect(response.body.byteLength).toBe(1024 * 1024);
    expect(response.body.every((b) => b === 0x78)).toBe(true);
  });

  it('gives up on a hung server at the deadline, and on caller cancellation', async () => {
    const c = client({ allowedHosts: ['127.0.0.1'], timeoutMs: 200 });
    const timeout = await failure(c.request({ url: `${server.origin}/hang` }));
    expect(timeout.code).toBe('NET_TIMEOUT');
    expect(timeout.retryable).toBe(true);
    const controller = new AbortController();
    const pending = c.request({ url: `${server.origin}/hang`, signal: controller.signal, timeoutMs: 60_000 });
    setTimeout(() => controller.abort(), 20);
    const cancelled = await failure(pending);
    expect(cancelled.code).toBe('NET_ABORTED');
    expect(cancelled.retryable).toBe(false);
  });

  it('sends JSON, form and multipart bodies with the platform encoders', async () => {
    const c = client({ allowedHosts: ['127.0.0.1'] });
    await c.request({
      url: `${server.origin}/hello`,
      method: 'POST',
      body: new URLSearchParams({ a: 'b c' }),
    });
    expect(server.received.at(-1)).toMatchObject({ body: 'a=b+c' });
    expect(server.received.at(-1)!.headers['content-type']).toContain('application/x-www-form-urlencoded');
    const form = new FormData();
    form.set('file', new Blob(['abc'], { type: 'text/plain' }), 'a.txt');
    await c.request({ url: `${server.origin}/hello`, method: 'POST', body: form });
    const got = server.received.at(-1)!;
    expect(got.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(got.body).toContain('filename="a.txt"');
    expect(got.body).toContain('abc');
  });

  it('works through a caller-supplied fetch, still checking the host first', async () => {
    const c = client({ allowedHosts: ['127.0.0.1'], fetch: (input, init) => fetch(input, init) });
    const response = await c.request({ url: `${server.origin}/hello` });
    expect(new TextDecoder().decode(response.body)).toBe('hello');
    const refused = client({ fetch: (input, init) => fetch(input, init) });
    expect((await failure(refused.request({ url: `${server.origin}/hello` }))).code).toBe(
      'NET_PRIVATE_ADDRESS',
    );
    const huge = await client({
      allowedHosts: ['127.0.0.1'],
      fetch: (input, init) => fetch(input, init),
      maxResponseBytes: 1000,
    }).request({
      url: `${server.origin}/huge`,
    });
    expect(huge.truncated).toBe(true);
    expect(huge.body.byteLength).toBe(1000);
  });

  it('refuses bad URLs and options with typed errors', async () => {
    const c = client({});
    expect((await failure(c.request({ url: 'not a url' }))).code).toBe('NET_BAD_URL');
    expect((await failure(c.request({ url: 'javascript:alert(1)' }))).code).toBe('NET_BAD_URL');
    expect(() => createSafeClient({ timeoutMs: -1 })).toThrow(/timeoutMs/);
    expect(() => createSafeClient({ maxResponseBytes: Number.NaN })).toThrow(/maxResponseBytes/);
    expect(() => createSafeClient({ maxRedirects: 1.5 })).toThrow(/maxRedirects/);
  });

  it('redacts secrets from error messages', async () => {
    const c = client({
      redact: (t) => t.split('k3y-value').join('[REDACTED]'),
      resolver: async () => {
        throw new Error('boom k3y-value');
      },
    });
    const error = await failure(c.request({ url: 'http://nowhere.test/?key=k3y-value' }));
    expect(JSON.stringify({ m: error.message, d: error.details })).not.toContain('k3y-value');
  });
});
