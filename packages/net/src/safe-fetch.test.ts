import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Resolver } from './resolve.js';
import { createSafeFetch, type SafeFetch } from './safe-fetch.js';
import { failure } from './test-fixtures/failure.js';
import { startServer, type TestServer } from './test-fixtures/server.js';

let server: TestServer;
let other: TestServer;
const fetches: SafeFetch[] = [];
const open: ServerResponse[] = [];
const safeFetch = (options: Parameters<typeof createSafeFetch>[0]) => {
  const f = createSafeFetch(options);
  fetches.push(f);
  return f;
};

beforeAll(async () => {
  other = await startServer((_req, res) => {
    res.end('other');
  });
  server = await startServer((req, res, body) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const redirect = (status: number, location: string) => {
      res.statusCode = status;
      res.setHeader('location', location);
      res.end();
    };
    switch (url.pathname) {
      case '/hello':
        res.setHeader('content-type', 'text/plain');
        res.end('hello');
        return;
      case '/echo':
        res.setHeader('content-type', req.headers['content-type'] ?? 'none');
        res.end(`${req.method} ${body}`);
        return;
      case '/stream':
        // One event, then the response stays open: the caller must get it without the end.
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        res.write('data: first\n\n');
        open.push(res);
        return;
      case '/to-other':
        return redirect(302, `${other.origin}/landed`);
      case '/to-metadata':
        return redirect(307, 'http://169.254.169.254/latest/meta-data/');
      case '/to-echo':
        return redirect(Number(url.searchParams.get('status') ?? 307), '/echo');
      case '/loop':
        return redirect(302, '/loop');
      default:
        res.statusCode = 404;
        res.end();
    }
  });
});

afterAll(async () => {
  for (const res of open) res.end();
  await Promise.all(fetches.map((f) => f.close()));
  await server.close();
  await other.close();
});

describe('createSafeFetch against a real server on 127.0.0.1', () => {
  it('reaches an exactly allowed loopback host and refuses others before connecting', async () => {
    const f = safeFetch({ allowedHosts: [`127.0.0.1:${server.port}`] });
    const response = await f(`${server.origin}/hello`);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('hello');
    const before = server.received.length;
    expect((await failure(safeFetch({})(`${server.origin}/hello`))).code).toBe('NET_PRIVATE_ADDRESS');
    expect(
      (await failure(safeFetch({ allowedHosts: ['*.example.com'] })(`${server.origin}/hello`))).code,
    ).toBe('NET_HOST_NOT_ALLOWED');
    expect((await failure(f(`${other.origin}/hello`))).code).toBe('NET_HOST_NOT_ALLOWED');
    expect(server.received.length).toBe(before);
  });

  it('connects to exactly the address it checked; a glob entry refuses the same loopback answer', async () => {
    let calls = 0;
    const resolver: Resolver = async () => {
      calls++;
      return [{ address: '127.0.0.1', family: 4 }];
    };
    // `pinned.test` exists only in this resolver: reaching the server proves the socket used its answer.
    const response = await safeFetch({ allowedHosts: ['pinned.test'], resolver })(
      `http://pinned.test:${server.port}/hello`,
    );
    expect(await response.text()).toBe('hello');
    expect(calls).toBe(1);
    const error = await failure(
      safeFetch({ allowedHosts: ['*.test'], resolver })(`http://pinned.test:${server.port}/hello`),
    );
    expect(error.code).toBe('NET_PRIVATE_ADDRESS');
  });

  it('leaves the body streaming: an event arrives while the response is still open', async () => {
    const f = safeFetch({ allowedHosts: ['127.0.0.1'] });
    const controller = new AbortController();
    const response = await f(`${server.origin}/stream`, { signal: controller.signal });
    const reader = response.body!.getReader();
    const { value } = await reader.read();
    expect(new TextDecoder().decode(value)).toBe('data: first\n\n');
    controller.abort();
    await expect(reader.read()).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('follows redirects within the allowed hosts, dropping credentials across origins', async () => {
    const f = safeFetch({ allowedHosts: ['127.0.0.1'], sensitiveHeaders: ['X-Agent-Key'] });
    const response = await f(`${server.origin}/to-other`, {
      headers: { authorization: 'Bearer s3cret', 'x-agent-key': 'k3y', 'x-plain': 'kept' },
    });
    expect(await response.text()).toBe('other');
    const landed = other.received.at(-1)!;
    expect(landed.url).toBe('/landed');
    expect(landed.headers.authorization).toBeUndefined();
    expect(landed.headers['x-agent-key']).toBeUndefined();
    expect(landed.headers['x-plain']).toBe('kept');
  });

  it('re-checks each redirect target, and stops loops at maxRedirects', async () => {
    const f = safeFetch({ allowedHosts: ['127.0.0.1'], maxRedirects: 3 });
    expect((await failure(f(`${server.origin}/to-metadata`))).code).toBe('NET_HOST_NOT_ALLOWED');
    // listed by a glob, the metadata address is still a link-local address: refused
    const globbed = safeFetch({ allowedHosts: ['127.0.0.1', '169.254.*.*'] });
    const metadata = await failure(globbed(`${server.origin}/to-metadata`));
    expect(metadata.code).toBe('NET_PRIVATE_ADDRESS');
    expect(metadata.details).toMatchObject({ host: '169.254.169.254', kind: 'link-local' });
    const loop = await failure(f(`${server.origin}/loop`));
    expect(loop.code).toBe('NET_TOO_MANY_REDIRECTS');
  });

  it("redirect: 'manual' returns the 3xx, 'error' refuses it", async () => {
    const f = safeFetch({ allowedHosts: ['127.0.0.1'] });
    const manual = await f(`${server.origin}/loop`, { redirect: 'manual' });
    expect(manual.status).toBe(302);
    expect(manual.headers.get('location')).toBe('/loop');
    const refused = await failure(f(`${server.origin}/loop`, { redirect: 'error' }));
    expect(refused.code).toBe('NET_REDIRECT_REFUSED');
  });

  it('sends bodies again after 307, drops them after 303; a streamed body is not resent', async () => {
    const f = safeFetch({ allowedHosts: ['127.0.0.1'] });
    const kept = await f(`${server.origin}/to-echo?status=307`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"a":1}',
    });
    expect(await kept.text()).toBe('POST {"a":1}');
    const dropped = await f(`${server.origin}/to-echo?status=303`, { method: 'POST', body: 'x' });
    expect(await dropped.text()).toBe('GET ');
    const form = new FormData();
    form.set('field', 'value');
    const multipart = await f(`${server.origin}/echo`, { method: 'POST', body: form });
    expect(multipart.headers.get('content-type')).toMatch(/^multipart\/form-data; boundary=/);
    expect(await multipart.text()).toContain('name="field"\r\n\r\nvalue');
    const streamed = () =>
      new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode('streamed'));
          controller.close();
        },
      });
    const direct = await f(`${server.origin}/echo`, {
      method: 'POST',
      body: streamed(),
      duplex: 'half',
    } as RequestInit);
    expect(await direct.text()).toBe('POST streamed');
    const again = await failure(
      f(`${server.origin}/to-echo?status=307`, {
        method: 'POST',
        body: streamed(),
        duplex: 'half',
      } as RequestInit),
    );
    expect(again.code).toBe('NET_REDIRECT_REFUSED');
  });

  it('takes a Request as input', async () => {
    const f = safeFetch({ allowedHosts: ['127.0.0.1'] });
    const response = await f(new Request(`${server.origin}/echo`, { method: 'PUT', body: 'r' }));
    expect(await response.text()).toBe('PUT r');
  });

  it('cancellation rejects the way fetch does', async () => {
    const f = safeFetch({ allowedHosts: ['127.0.0.1'] });
    const controller = new AbortController();
    controller.abort();
    await expect(f(`${server.origin}/hello`, { signal: controller.signal })).rejects.toMatchObject({
      name: 'AbortError',
    });
  });

  it('refuses bad URLs, schemes, bodies and options with typed errors', async () => {
    const f = safeFetch({ allowedHosts: ['127.0.0.1'] });
    expect((await failure(f('not a url'))).code).toBe('NET_BAD_URL');
    expect((await failure(f('file:///etc/passwd'))).code).toBe('NET_BAD_URL');
    expect((await failure(f(`http://user:pw@127.0.0.1:${server.port}/`))).code).toBe('NET_BAD_URL');
    const badBody = f(`${server.origin}/echo`, { method: 'POST', body: 5 as unknown as string });
    expect((await failure(badBody)).code).toBe('NET_BAD_OPTION');
    expect(() => createSafeFetch({ maxRedirects: -1 })).toThrow(/maxRedirects/);
    expect(() => createSafeFetch({ allowedHosts: ['http://x/'] })).toThrow(/allowedHosts\[0\]/);
  });
});
