import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createArgumentValidator } from '@toolarsenal/toolmodel';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRunner, type ExecutionUpdate, type Executor, ToolExecutionError } from './index.js';

// A real HTTP server on 127.0.0.1 and a small fetch-based executor: the shape the OpenAPI
// package's executor will have. Proves signals, retries, streaming and errors cross the interface.

const validator = createArgumentValidator();
let server: Server;
let base = '';
let closedEarly = 0;
let flaky = 0;
/** Writes the stream's next chunk; the test calls it from onUpdate (see '/stream'). */
let streamNext: (() => void) | undefined;

beforeAll(async () => {
  server = createServer(async (req, res) => {
    const body = await readBody(req);
    switch (req.url) {
      case '/echo':
        res.setHeader('content-type', 'application/json');
        res.end(body);
        return;
      case '/hang':
        req.socket.on('close', () => closedEarly++);
        return; // never answers
      case '/flaky':
        flaky++;
        res.statusCode = flaky % 3 === 0 ? 200 : 503;
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ attempt: flaky }));
        return;
      case '/stream': {
        // Each chunk goes out only once the client has reported the one before: timers could let a
        // loaded machine read all three as one chunk.
        const rest = ['two\n', 'three\n'];
        streamNext = () => {
          const next = rest.shift();
          if (next === undefined) return;
          if (rest.length > 0) res.write(next);
          else {
            streamNext = undefined;
            res.end(next);
          }
        };
        res.write('one\n');
        return;
      }
      default:
        res.statusCode = 404;
        res.end('{}');
    }
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  server.close();
});

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

const httpExecutor: Executor = {
  source: 'http',
  canExecute: (tool) => typeof tool.sourceMeta?.path === 'string',
  async execute(req) {
    const res = await fetch(`${base}${String(req.tool.sourceMeta?.path)}`, {
      method: 'POST',
      body: JSON.stringify(req.arguments),
      signal: req.signal,
    });
    if (!res.ok) {
      throw new ToolExecutionError(`HTTP ${res.status}`, {
        code: `HTTP_${res.status}`,
        retryable: res.status >= 500,
      });
    }
    if (!res.body || res.headers.get('content-type') === 'application/json') return res.json();
    let text = '';
    const decoder = new TextDecoder();
    for await (const chunk of res.body) {
      const part = decoder.decode(chunk as Uint8Array, { stream: true });
      text += part;
      req.report({ type: 'partial', data: part });
    }
    return text;
  },
};

function runner() {
  const r = createRunner({ validator, executors: [httpExecutor] });
  const tool = (name: string, path: string, readOnly = true) =>
    r.register({ name, source: 'http', sourceMeta: { path }, annotations: { readOnlyHint: readOnly } });
  tool('echo', '/echo');
  tool('hang', '/hang');
  tool('flaky', '/flaky');
  tool('stream', '/stream');
  return r;
}

describe('a protocol executor over real HTTP', () => {
  it('passes arguments through and returns parsed output', async () => {
    const result = await runner().run({ name: 'echo', arguments: { hello: 'world' } });
    expect(result).toMatchObject({ status: 'success', result: { hello: 'world' } });
  });

  it('aborts the request at the deadline: the server sees the connection close', async () => {
    const r = runner();
    const before = closedEarly;
    const result = await r.run({ name: 'hang' }, { timeoutMs: 100 });
    expect(result.status).toBe('timeout');
    // The server notices the aborted request shortly after; poll instead of guessing a delay.
    for (let i = 0; i < 50 && closedEarly === before; i++) await new Promise((r) => setTimeout(r, 20));
    expect(closedEarly).toBeGreaterThan(before);
  });

  it('retries 503s of a read-only endpoint until it answers', async () => {
    flaky = 0;
    const r = createRunner({ validator, executors: [httpExecutor] });
    r.register(
      { name: 'flaky', source: 'http', sourceMeta: { path: '/flaky' }, annotations: { readOnlyHint: true } },
      { retry: { maxAttempts: 3, initialDelayMs: 5 } },
    );
    const result = await r.run({ name: 'flaky' });
    expect(result).toMatchObject({ status: 'success', attempt: 3, result: { attempt: 3 } });
  });

  it('streams partial output to onUpdate', async () => {
    const updates: ExecutionUpdate[] = [];
    const result = await runner().run(
      { name: 'stream' },
      {
        onUpdate: (u) => {
          updates.push(u);
          streamNext?.();
        },
      },
    );
    expect(result.result).toBe('one\ntwo\nthree\n');
    expect(updates).toEqual([
      { type: 'partial', data: 'one\n' },
      { type: 'partial', data: 'two\n' },
      { type: 'partial', data: 'three\n' },
    ]);
  });
});
