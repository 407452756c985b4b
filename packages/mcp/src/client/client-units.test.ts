import {
  InMemoryTransport,
  ProtocolError,
  ProtocolErrorCode,
  SdkError,
  SdkErrorCode,
} from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import { McpError } from '../errors.js';
import { Backoff } from './backoff.js';
import { mapCallError } from './call-errors.js';
import { toToolOutput } from './call-result.js';
import { connectMcp } from './connection.js';
import { importMcpTools } from './import-tools.js';
import { customTransport, http } from './transport.js';

describe('importMcpTools', () => {
  it('imports good tools and reports bad ones without dropping the rest silently', () => {
    const { tools, problems } = importMcpTools(
      [
        {
          name: 'ok',
          inputSchema: { type: 'object' },
          annotations: { readOnlyHint: true },
          _meta: { vendor: 1 },
          icons: [{ src: 'x.png' }],
        },
        { name: 'bad name with spaces', inputSchema: { type: 'object' } },
        { inputSchema: { type: 'object' } },
        null,
        JSON.parse('{"name":"polluted","inputSchema":{"type":"object"},"__proto__":{"admin":true}}'),
        { name: 'ok', inputSchema: { type: 'object' } },
      ],
      { server: 'srv', namespace: 'srv' },
    );
    expect(tools.map((t) => t.id)).toEqual(['srv:ok@1.0.0']);
    expect(tools[0]!.sourceMeta).toMatchObject({
      mcp: { server: 'srv', name: 'ok', _meta: { vendor: 1 }, icons: [{ src: 'x.png' }] },
    });
    expect(problems.map((p) => p.index)).toEqual([1, 2, 3, 4, 5]);
    expect(problems[4]!.message).toMatch(/second tool/);
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
  });
});

describe('mapCallError', () => {
  it('maps the SDK taxonomy onto toolrun statuses', () => {
    const cases: [unknown, string, string][] = [
      [new ProtocolError(ProtocolErrorCode.InvalidParams, 'Unknown tool: x'), 'not_found', 'TOOL_NOT_FOUND'],
      [new ProtocolError(ProtocolErrorCode.InvalidParams, 'bad a'), 'invalid_arguments', 'INVALID_ARGUMENTS'],
      [new ProtocolError(ProtocolErrorCode.InternalError, 'oops'), 'failure', 'MCP_PROTOCOL_ERROR'],
      [new SdkError(SdkErrorCode.RequestTimeout, 'slow'), 'timeout', 'TIMEOUT'],
      [new SdkError(SdkErrorCode.ConnectionClosed, 'gone'), 'failure', 'MCP_TRANSPORT_ERROR'],
      [new SdkError(SdkErrorCode.NotConnected, 'no'), 'failure', 'MCP_SERVER_UNAVAILABLE'],
      [new SdkError(SdkErrorCode.InvalidResult, 'shape'), 'failure', 'MCP_PROTOCOL_ERROR'],
      ['a string', 'failure', 'MCP_TRANSPORT_ERROR'],
    ];
    for (const [error, status, code] of cases)
      expect(mapCallError(error, 's', 't')).toMatchObject({ status, code });
    expect(mapCallError(new SdkError(SdkErrorCode.ConnectionClosed, 'gone'), 's', 't').retryable).toBe(false);
    expect(mapCallError(new SdkError(SdkErrorCode.NotConnected, 'no'), 's', 't').retryable).toBe(true);
  });
});

describe('toToolOutput', () => {
  it('keeps structured content and blocks; isError becomes a typed error with the server text', () => {
    const out = toToolOutput(
      { content: [{ type: 'text', text: '{"a":1}' }], structuredContent: { a: 1 } },
      's',
      't',
    );
    expect(out.value).toEqual({ a: 1 });
    expect(() =>
      toToolOutput({ content: [{ type: 'text', text: 'nope' }], isError: true }, 's', 't'),
    ).toThrow('nope');
    expect(() =>
      toToolOutput(
        {
          content: [{ type: 'text', text: 'Error [RATE_LIMITED]: slow down' }],
          isError: true,
          _meta: { 'io.toolarsenal/error': { code: 'RATE_LIMITED', status: 'rate_limited' } },
        },
        's',
        't',
      ),
    ).toThrow(
      expect.objectContaining({ code: 'RATE_LIMITED', status: 'rate_limited', message: 'slow down' }),
    );
    expect(() =>
      toToolOutput(
        {
          content: [],
          isError: true,
          _meta: { 'io.toolarsenal/error': { code: 'x; rm -rf', status: 'success' } },
        },
        's',
        't',
      ),
    ).toThrow(expect.objectContaining({ code: 'TOOL_ERROR' }));
  });
});

describe('Backoff', () => {
  it('grows exponentially with jitter, caps, and stops after maxAttempts', () => {
    const b = new Backoff({ initialDelayMs: 100, maxDelayMs: 1_000, maxAttempts: 6 }, () => 1);
    expect([b.next(), b.next(), b.next(), b.next(), b.next(), b.next(), b.next()]).toEqual([
      100,
      200,
      400,
      800,
      1000,
      1000,
      undefined,
    ]);
    b.reset();
    expect(b.next()).toBe(100);
    expect(() => new Backoff({ initialDelayMs: -1 })).toThrow(McpError);
  });
});

describe('option validation', () => {
  it('rejects bad names, namespaces, URLs and transports with clear errors', async () => {
    const transport = http('http://127.0.0.1:1/mcp');
    await expect(connectMcp({ name: 'has space', transport })).rejects.toThrow(/name/);
    await expect(connectMcp({ name: 'ok', namespace: 'a:b', transport })).rejects.toThrow(/namespace/);
    await expect(connectMcp({ name: 'ok', transport: {} as never })).rejects.toThrow(/transport/);
    expect(() => http('not a url')).toThrow(McpError);
    expect(() => http('file:///etc/passwd')).toThrow(/http: or https:/);
  });

  it('a refused connection fails fast with MCP_CONNECT_FAILED and names the endpoint, not its secrets', async () => {
    const error = await connectMcp({
      name: 'down',
      transport: http('http://127.0.0.1:1/mcp', { headers: { authorization: 'Bearer secret-token' } }),
      era: 'legacy',
    }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'MCP_CONNECT_FAILED' });
    expect((error as Error).message).toContain('http://127.0.0.1:1/mcp');
    expect((error as Error).message).not.toContain('secret-token');
  });
});

describe('progress and the result in one read', () => {
  it('every progress notification sent before the result reaches the caller', async () => {
    // A hand-written server that writes three progress notifications and the result in one go, as
    // a client under load reads them: in one chunk, dispatched in one tick.
    const transport = customTransport('memory', 'one-read', () => {
      const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
      const reply = (id: unknown, result: unknown) =>
        void serverSide.send({ jsonrpc: '2.0', id, result } as never);
      serverSide.onmessage = (raw) => {
        const message = raw as { id?: number; method?: string; params?: Record<string, unknown> };
        if (message.method === 'initialize')
          reply(message.id, {
            protocolVersion: message.params!.protocolVersion,
            capabilities: { tools: {} },
            serverInfo: { name: 'one-read', version: '1.0.0' },
          });
        else if (message.method === 'tools/list')
          reply(message.id, { tools: [{ name: 'steps', inputSchema: { type: 'object' } }] });
        else if (message.method === 'tools/call') {
          const progressToken = (message.params!._meta as { progressToken: number }).progressToken;
          for (const progress of [1, 2, 3])
            void serverSide.send({
              jsonrpc: '2.0',
              method: 'notifications/progress',
              params: { progressToken, progress, total: 3 },
            });
          reply(message.id, { content: [{ type: 'text', text: 'done' }] });
        }
      };
      return clientSide;
    });
    const connection = await connectMcp({ name: 'one-read', transport, era: 'legacy' });
    try {
      const seen: number[] = [];
      const result = await connection.callTool('steps', {}, { onProgress: (p) => seen.push(p.progress) });
      expect(result.content).toEqual([{ type: 'text', text: 'done' }]);
      expect(seen).toEqual([1, 2, 3]);
    } finally {
      await connection.close();
    }
  });
});
