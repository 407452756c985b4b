import { createRunner } from '@toolarsenal/toolrun';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { A2AAuthError, A2ACardError, A2AConfigError } from '../errors.js';
import { cardAt, type RawServer, startRawServer } from '../test-fixtures/raw-server.js';
import { connectAgent } from './agent.js';
import { parseAgentCard } from './card.js';
import { createA2AExecutor } from './executor.js';

const servers: RawServer[] = [];
afterEach(async () => {
  while (servers.length > 0) await servers.pop()!.close();
});

async function serveCard(
  body: string | ((url: string) => string),
  headers: Record<string, string> = {},
): Promise<RawServer> {
  const server = await startRawServer((_req, res, _b, url) => {
    res.writeHead(200, { 'content-type': 'application/json', ...headers });
    res.end(typeof body === 'function' ? body(url) : body);
  });
  servers.push(server);
  return server;
}

async function cardError(promise: Promise<unknown>): Promise<A2ACardError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(A2ACardError.isInstance(error), String(error)).toBe(true);
  return error as A2ACardError;
}

describe('connectAgent: hostile cards', () => {
  it.each([
    ['not JSON', () => '{ nope', 'A2A_CARD_INVALID', ''],
    [
      'prototype pollution',
      (u: string) => JSON.stringify(cardAt(u)).replace('{', '{"__proto__":{"polluted":true},'),
      'A2A_CARD_INVALID',
      '/__proto__',
    ],
    [
      'deep nesting',
      (u: string) => JSON.stringify(cardAt(u, { extra: JSON.parse('['.repeat(200) + ']'.repeat(200)) })),
      'A2A_CARD_INVALID',
      '',
    ],
    ['no name', (u: string) => JSON.stringify({ ...cardAt(u), name: '' }), 'A2A_CARD_INVALID', '/name'],
    [
      'skills not an array',
      (u: string) => JSON.stringify(cardAt(u, { skills: { id: 'x' } })),
      'A2A_CARD_INVALID',
      '/skills',
    ],
    [
      'a skill without id',
      (u: string) => JSON.stringify(cardAt(u, { skills: [{ name: 'x' }] })),
      'A2A_CARD_INVALID',
      '/skills/0',
    ],
    [
      'an interface with credentials',
      () => JSON.stringify(cardAt('http://user:pw@127.0.0.1:1')),
      'A2A_CARD_INVALID',
      '/supportedInterfaces/0/url',
    ],
    [
      'a file: interface',
      () =>
        JSON.stringify({
          ...cardAt(''),
          supportedInterfaces: [{ url: 'file:///etc/passwd', protocolBinding: 'JSONRPC' }],
        }),
      'A2A_CARD_INVALID',
      '/supportedInterfaces/0/url',
    ],
    [
      'no transport we speak',
      (u: string) =>
        JSON.stringify({ ...cardAt(u), supportedInterfaces: [{ url: `${u}/g`, protocolBinding: 'GRPC' }] }),
      'A2A_CARD_INVALID',
      '/supportedInterfaces',
    ],
    [
      'an unknown security scheme',
      (u: string) => JSON.stringify(cardAt(u, { securitySchemes: { x: { weird: {} } } })),
      'A2A_CARD_INVALID',
      '/securitySchemes/x',
    ],
    [
      'an interface on another host',
      () => JSON.stringify(cardAt('http://10.0.0.1:9')),
      'A2A_HOST_NOT_ALLOWED',
      '',
    ],
    [
      'a name that is not a string',
      (u: string) => JSON.stringify({ ...cardAt(u), name: { toString: 1 } }),
      'A2A_CARD_INVALID',
      '/name',
    ],
  ])('%s', async (_what, body, code, pointer) => {
    const server = await serveCard(body);
    const error = await cardError(connectAgent({ cardUrl: server.url }));
    expect(error.code).toBe(code);
    if (pointer) expect(error.pointer).toBe(pointer);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('refuses a card larger than the limit, by Content-Length and while streaming', async () => {
    const big = await serveCard((u) => JSON.stringify(cardAt(u, { description: 'x'.repeat(300_000) })));
    expect(
      (await cardError(connectAgent({ cardUrl: big.url, limits: { maxCardBytes: 100_000 } }))).code,
    ).toBe('A2A_CARD_TOO_LARGE');
    const chunked = await startRawServer((_req, res, _b, url) => {
      res.writeHead(200, { 'content-type': 'application/json', 'transfer-encoding': 'chunked' });
      res.end(JSON.stringify(cardAt(url, { description: 'y'.repeat(300_000) })));
    });
    servers.push(chunked);
    expect(
      (await cardError(connectAgent({ cardUrl: chunked.url, limits: { maxCardBytes: 100_000 } }))).code,
    ).toBe('A2A_CARD_TOO_LARGE');
  });

  it('refuses too many skills', async () => {
    const skills = Array.from({ length: 20 }, (_, i) => ({
      id: `s${i}`,
      name: `s${i}`,
      description: '',
      tags: [],
    }));
    const server = await serveCard((u) => JSON.stringify(cardAt(u, { skills })));
    expect((await cardError(connectAgent({ cardUrl: server.url, limits: { maxSkills: 10 } }))).pointer).toBe(
      '/skills',
    );
  });

  it('reports an unreachable card, a 500 and a card that never answers as A2A_CARD_UNREACHABLE', async () => {
    const down = await startRawServer(() => {});
    await down.close();
    expect((await cardError(connectAgent({ cardUrl: down.url }))).code).toBe('A2A_CARD_UNREACHABLE');
    const failing = await startRawServer((_q, res) => {
      res.writeHead(500);
      res.end();
    });
    servers.push(failing);
    expect((await cardError(connectAgent({ cardUrl: failing.url }))).message).toContain('HTTP 500');
    const silent = await startRawServer(() => {});
    servers.push(silent);
    expect(
      (await cardError(connectAgent({ cardUrl: silent.url, limits: { cardTimeoutMs: 200 } }))).message,
    ).toContain('no answer within 200 ms');
  });

  it('does not follow redirects to other places', async () => {
    const redirect = await startRawServer((_q, res) => {
      res.writeHead(302, { location: 'http://10.0.0.1/card.json' });
      res.end();
    });
    servers.push(redirect);
    expect((await cardError(connectAgent({ cardUrl: redirect.url }))).code).toBe('A2A_CARD_UNREACHABLE');
  });

  it('falls back to the v0.3 well-known path and reads a v0.3 card', async () => {
    const server = await startRawServer((req, res, _b, url) => {
      if (req.url !== '/.well-known/agent.json') {
        res.writeHead(404);
        return res.end();
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          name: 'Legacy',
          description: 'v0.3 agent',
          version: '0.3.0',
          protocolVersion: '0.3.0',
          url: `${url}/rpc`,
          preferredTransport: 'JSONRPC',
          capabilities: {},
          defaultInputModes: ['text/plain'],
          defaultOutputModes: ['text/plain'],
          skills: [{ id: 'hello', name: 'Hello', description: 'says hello', tags: ['x'] }],
        }),
      );
    });
    servers.push(server);
    const agent = await connectAgent({ cardUrl: server.url });
    expect(agent.tools.map((t) => t.id)).toEqual(['Legacy:hello@0.3.0']);
  });
});

describe('connectAgent: declared security', () => {
  const secured = (u: string) =>
    JSON.stringify(
      cardAt(u, {
        securitySchemes: {
          key: { apiKeySecurityScheme: { location: 'header', name: 'X-Api-Key' } },
          bearer: { httpAuthSecurityScheme: { scheme: 'Bearer' } },
        },
        securityRequirements: [{ schemes: { key: { list: [] } } }, { schemes: { bearer: { list: [] } } }],
      }),
    );

  it('refuses before any call when the credentials cannot satisfy the card', async () => {
    const server = await serveCard(secured);
    const error = await connectAgent({
      cardUrl: server.url,
      auth: { basic: { username: 'u', password: 'p' } },
    }).catch((e: unknown) => e);
    expect(A2AAuthError.isInstance(error)).toBe(true);
    expect((error as A2AAuthError).required).toEqual([['key'], ['bearer']]);
    expect((error as Error).message).toContain('API key in header "X-Api-Key"');
    expect(server.requests.filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  it('sends the credential the card asks for (API key in its header)', async () => {
    const server = await startRawServer((req, res, body, url) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      if (req.method === 'GET') return res.end(secured(url));
      const { id } = JSON.parse(body);
      res.end(
        JSON.stringify({
          jsonrpc: '2.0',
          id,
          result: { message: { messageId: 'm', role: 'ROLE_AGENT', parts: [{ text: 'done' }] } },
        }),
      );
    });
    servers.push(server);
    const agent = await connectAgent({ cardUrl: server.url, auth: { apiKey: 'k-123' } });
    const runner = createRunner({ executors: [agent.executor], tools: [...agent.tools] });
    const result = await runner.run({ name: 'do', arguments: { message: 'go' } });
    expect(result.result).toBe('done');
    expect(server.requests.at(-1)?.headers['x-api-key']).toBe('k-123');
  });
});

describe('hostile agent responses', () => {
  it.each([
    ['not JSON', () => 'garbage', 'A2A_TRANSPORT'],
    [
      'a JSON-RPC error',
      (id: number) => JSON.stringify({ jsonrpc: '2.0', id, error: { code: -32603, message: 'boom' } }),
      'A2A_PROTOCOL_ERROR',
    ],
    [
      'a result of the wrong shape',
      (id: number) => JSON.stringify({ jsonrpc: '2.0', id, result: 42 }),
      'A2A_TRANSPORT',
    ],
    ['a wrong id', () => JSON.stringify({ jsonrpc: '2.0', id: 999, result: { task: {} } }), 'A2A_TRANSPORT'],
  ])('%s is a typed error, not a crash or a hang', async (_what, reply, code) => {
    const server = await startRawServer((req, res, body, url) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      if (req.method === 'GET') return res.end(JSON.stringify(cardAt(url)));
      res.end(reply(JSON.parse(body).id));
    });
    servers.push(server);
    const agent = await connectAgent({ cardUrl: server.url });
    const runner = createRunner({ executors: [agent.executor], tools: [...agent.tools] });
    const result = await runner.run({ name: 'do', arguments: { message: 'go' } });
    expect(result.status).toBe('failure');
    expect(result.error?.code).toBe(code);
  });
});

describe('hostile options', () => {
  it.each([
    [undefined],
    [{}],
    [{ cardUrl: 'http://a', card: {} }],
    [{ card: {} }],
    [{ cardUrl: 42 }],
    [{ cardUrl: 'http://a', auth: { bearer: 'x\r\nInjected: 1' } }],
    [{ cardUrl: 'http://a', auth: { headers: { 'bad header': 'v' } } }],
    [{ cardUrl: 'http://a', auth: { basic: { username: 'a:b', password: '' } } }],
    [{ cardUrl: 'http://a', allowedHosts: [] }],
    [{ cardUrl: 'http://a', allowedHosts: ['['.repeat(600)] }],
    [{ cardUrl: 'http://a', limits: { maxCardBytes: -1 } }],
    [{ cardUrl: 'http://a', pollIntervalMs: Number.NaN }],
  ])('bad options #%# are an A2AConfigError', async (options) => {
    const error = await connectAgent(options as never).catch((e: unknown) => e);
    expect(A2AConfigError.isInstance(error), String(error)).toBe(true);
  });

  it('a cardUrl that is not an http URL is a card error', async () => {
    expect((await cardError(connectAgent({ cardUrl: 'ftp://x' }))).code).toBe('A2A_CARD_UNREACHABLE');
    expect((await cardError(connectAgent({ cardUrl: 'not a url' }))).code).toBe('A2A_CARD_UNREACHABLE');
  });

  it('createA2AExecutor refuses agents that are not from connectAgent', () => {
    expect(() => createA2AExecutor({ agents: [{} as never] })).toThrow(A2AConfigError);
  });
});

describe('parseAgentCard (property-based)', () => {
  it('any JSON value either parses or throws A2ACardError, and never pollutes prototypes', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 6 }), (value) => {
        try {
          parseAgentCard(value, { maxSkills: 100 });
        } catch (error) {
          expect(A2ACardError.isInstance(error)).toBe(true);
        }
        expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      }),
      { numRuns: 300 },
    );
  });

  it('card-shaped objects with arbitrary skills parse or fail with a pointer into the card', () => {
    const skill = fc.record(
      {
        id: fc.string(),
        name: fc.string(),
        description: fc.string(),
        tags: fc.array(fc.string()),
        inputModes: fc.array(fc.string()),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(fc.array(fc.oneof(skill, fc.jsonValue({ maxDepth: 2 })), { maxLength: 5 }), (skills) => {
        try {
          parseAgentCard({ ...cardAt('http://127.0.0.1:1'), skills }, { maxSkills: 100 });
        } catch (error) {
          expect(A2ACardError.isInstance(error)).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe('connectAgent: the default fetch checks addresses after DNS (@toolarsenal/net)', () => {
  it('a glob cannot reach a loopback card: the request is refused before anything is sent', async () => {
    let requests = 0;
    const server = await startRawServer((_req, res, _b, url) => {
      requests++;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(cardAt(url)));
    });
    servers.push(server);
    const port = new URL(server.url).port;
    const error = await cardError(connectAgent({ cardUrl: server.url, allowedHosts: [`127.0.0.*:${port}`] }));
    expect(error.code).toBe('A2A_CARD_UNREACHABLE');
    expect(error.message).toMatch(/loopback/);
    expect(requests).toBe(0);
    // The exact host (the default) reaches it.
    const agent = await connectAgent({ cardUrl: server.url });
    expect(agent.tools.length).toBeGreaterThan(0);
    expect(requests).toBe(1);
  });

  it('a card interface named by a host that resolves to loopback is refused at call time with A2A_HOST_NOT_ALLOWED', async () => {
    let calls = 0;
    const server = await startRawServer((req, res, _b, url) => {
      if (req.method === 'POST') calls++;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(cardAt(url.replace('127.0.0.1', 'localhost'))));
    });
    servers.push(server);
    const port = new URL(server.url).port;
    // The glob lets the card's `localhost` interface past the allow-list; net still refuses it,
    // because a private address is reached only through an exact entry.
    const agent = await connectAgent({ cardUrl: server.url, allowedHosts: [`127.0.0.1:${port}`, 'local*'] });
    const runner = createRunner({ executors: [agent.executor], tools: [...agent.tools] });
    const result = await runner.run({ name: 'do', arguments: { message: 'hi' } });
    expect(result.status).toBe('failure');
    expect(result.error?.code).toBe('A2A_HOST_NOT_ALLOWED');
    expect(result.error?.message).toMatch(/loopback/);
    expect(calls).toBe(0);
  });
});
