import { randomUUID } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { createRunner } from '@toolarsenal/toolrun';
import { toolset } from '@toolarsenal/toolset';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { A2AConfigError } from '../errors.js';
import {
  ALL_TOOLS,
  PARTNER_TOKEN,
  startToolsetServer,
  type ToolsetServer,
} from '../test-fixtures/toolset-server.js';
import { createA2AServer } from './server.js';
import { tokenAuth } from './token-auth.js';

async function post(url: string, body: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${url}/a2a`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body,
  });
  const text = await response.text();
  let json: { error?: { code: number; message: string }; result?: unknown } | undefined;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, json };
}

const send = (skillId: unknown, parts: unknown[] = [], method = 'message/send') =>
  JSON.stringify({
    jsonrpc: '2.0',
    id: 1,
    method,
    params: {
      message: { kind: 'message', messageId: randomUUID(), role: 'user', parts, metadata: { skillId } },
    },
  });

describe('our server: hostile requests', () => {
  let served: ToolsetServer;
  beforeAll(async () => {
    served = await startToolsetServer({ limits: { maxRequestBytes: 64 * 1024 } });
  });
  afterAll(() => served.close());

  it.each([
    ['not JSON', 200, -32700, '{"jsonrpc":'],
    ['a batch', 200, -32600, '[{"jsonrpc":"2.0","id":1,"method":"tasks/get","params":{"id":"x"}}]'],
    ['a string', 200, -32600, '"hello"'],
    ['no method', 200, -32600, '{"jsonrpc":"2.0","id":1}'],
    ['JSON-RPC 1.0', 200, -32600, '{"jsonrpc":"1.0","id":1,"method":"tasks/get","params":{}}'],
    ['an unknown method', 200, -32601, '{"jsonrpc":"2.0","id":1,"method":"tasks/explode","params":{}}'],
    [
      'prototype pollution',
      200,
      -32600,
      '{"jsonrpc":"2.0","id":1,"method":"message/send","params":{"__proto__":{"x":1}}}',
    ],
    [
      'deep nesting',
      200,
      -32600,
      `{"jsonrpc":"2.0","id":1,"method":"message/send","params":${'['.repeat(100)}${']'.repeat(100)}}`,
    ],
    ['params of the wrong type', 200, -32602, '{"jsonrpc":"2.0","id":1,"method":"tasks/get","params":5}'],
  ])('%s → HTTP %i, JSON-RPC %i', async (_what, status, code, body) => {
    const r = await post(served.url, body);
    expect(r.status).toBe(status);
    expect(r.json?.error?.code).toBe(code);
  });

  it('refuses a body over the limit (413) and a non-JSON content type (415)', async () => {
    expect((await post(served.url, JSON.stringify({ pad: 'x'.repeat(100_000) }))).status).toBe(413);
    expect((await post(served.url, '{}', { 'content-type': 'text/plain' })).status).toBe(415);
  });

  it('refuses a body over the limit that hides its length (chunked)', async () => {
    const status = await new Promise<number>((resolve, reject) => {
      const req = httpRequest(
        `${served.url}/a2a`,
        { method: 'POST', headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' } },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on('error', reject);
      for (let i = 0; i < 20; i++) req.write('x'.repeat(8 * 1024));
      req.end();
    });
    expect(status).toBe(413);
  });

  it('answers unknown paths with 404, wrong methods with 405, foreign Host headers with 403', async () => {
    expect((await fetch(`${served.url}/nope`)).status).toBe(404);
    expect((await fetch(`${served.url}/a2a`)).status).toBe(405);
    expect((await fetch(`${served.url}/.well-known/agent-card.json`, { method: 'POST' })).status).toBe(405);
    const status = await new Promise<number>((resolve) => {
      httpRequest(
        `${served.url}/.well-known/agent-card.json`,
        { headers: { host: 'evil.example' } },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      ).end();
    });
    expect(status).toBe(403);
  });

  it('ignores an exposure level claimed in the message body or metadata', async () => {
    const body = JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'message/send',
      params: {
        message: {
          kind: 'message',
          messageId: randomUUID(),
          role: 'user',
          parts: [{ kind: 'data', data: { quarter: 'Q1', exposure: 'partner' } }],
          metadata: { skillId: 'partner_report', exposure: 'partner' },
        },
        metadata: { exposure: 'local' },
      },
    });
    const r = await post(served.url, body, { 'x-exposure': 'local' });
    expect(r.json?.result).toMatchObject({ status: { state: 'rejected' } });
    expect(served.log.runs.get('partner_report')).toBeUndefined();
  });

  it.each([
    ['a number', 42],
    ['an object', { id: 'x' }],
    ['10,000 characters', 'x'.repeat(10_000)],
    ['__proto__', '__proto__'],
    ['constructor', 'constructor'],
  ])('a skill id that is %s is refused like an unknown skill', async (_what, skillId) => {
    const r = await post(served.url, send(skillId));
    const result = r.json?.result as { status: { state: string; message: { parts: { text: string }[] } } };
    expect(result.status.state).toBe('rejected');
    // The refusal echoes at most a bounded slice of what was asked.
    expect(result.status.message.parts[0]!.text.length).toBeLessThan(200);
  });

  it('a malformed Authorization header is 401, not the public level', async () => {
    expect((await post(served.url, send('get_weather'), { authorization: 'Basic abc' })).status).toBe(401);
    expect(
      (await post(served.url, send('get_weather'), { authorization: `Bearer ${PARTNER_TOKEN}x` })).status,
    ).toBe(401);
    expect(
      (await fetch(`${served.url}/.well-known/agent-card.json`, { headers: { authorization: 'Bearer ' } }))
        .status,
    ).toBe(401);
  });

  it('arguments that break the schema fail the task with the runner’s explanation; nothing runs', async () => {
    const r = await post(served.url, send('get_weather', [{ kind: 'data', data: { city: 5 } }]));
    expect(r.json?.result).toMatchObject({ status: { state: 'failed' } });
    expect(JSON.stringify(r.json)).toContain('city');
    expect(served.log.runs.get('get_weather')).toBeUndefined();
  });

  it('a follow-up message to a task that is not waiting for input is refused and changes nothing', async () => {
    const done = await post(served.url, send('get_weather', [{ kind: 'data', data: { city: 'Oslo' } }]));
    const taskId = (done.json?.result as { id: string }).id;
    const body = JSON.stringify({
      jsonrpc: '2.0',
      id: 2,
      method: 'message/send',
      params: {
        message: {
          kind: 'message',
          messageId: randomUUID(),
          role: 'user',
          taskId,
          parts: [{ kind: 'text', text: 'yes' }],
        },
      },
    });
    const r = await post(served.url, body);
    expect(r.json?.error).toBeDefined();
    expect(served.log.runs.get('get_weather')).toBe(1);
  });
});

describe('createA2AServer: hostile options', () => {
  const runner = createRunner();
  const set = toolset('s').from(ALL_TOOLS).build();
  it.each([
    [undefined],
    [{}],
    [{ runner: {}, toolset: set, card: { name: 'a', description: 'b' } }],
    [{ runner, toolset: set, card: { name: '', description: 'b' } }],
    [{ runner, toolset: set, card: { name: 'a' } }],
    [{ runner, card: { name: 'a', description: 'b' } }],
    [{ runner, toolset: set, card: { name: 'a', description: 'b' }, rpcPath: 'no-slash' }],
    [{ runner, toolset: set, card: { name: 'a', description: 'b' }, authenticate: 'yes' }],
    [{ runner, exposure: {}, card: { name: 'a', description: 'b' } }],
    [{ runner, exposure: 5, card: { name: 'a', description: 'b' } }],
    [{ runner, toolset: set, card: { name: 'a', description: 'b' }, limits: { maxRequestBytes: 0 } }],
  ])('bad options #%# are an A2AConfigError', (options) => {
    expect(() => createA2AServer(options as never)).toThrow(A2AConfigError);
  });

  it('tokenAuth refuses malformed headers and unknown tokens, and never grants loopback to a token mismatch', () => {
    const auth = tokenAuth({
      tokens: { t1: { id: 'p', exposure: 'partner' } },
      loopback: { id: 'me', exposure: 'local' },
    });
    const req = (authorization?: string, remoteAddress = '127.0.0.1') => ({
      method: 'GET',
      url: '/',
      headers: authorization === undefined ? {} : { authorization },
      remoteAddress,
    });
    expect(auth(req('Bearer t1'))).toEqual({ id: 'p', exposure: 'partner' });
    expect(auth(req('Bearer t2'))).toBeNull();
    expect(auth(req('Bearer'))).toBeNull();
    expect(auth(req('t1'))).toBeNull();
    expect(auth(req())).toEqual({ id: 'me', exposure: 'local' });
    expect(auth(req(undefined, '10.1.2.3'))).toBeUndefined();
  });
});
