import { Client, InMemoryTransport } from '@modelcontextprotocol/client';
import { defineTool } from '@toolarsenal/toolmodel';
import { policy, toolset } from '@toolarsenal/toolset';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { createMcpServer, McpError, META_TOOLS, type ToolArsenalMcpServer } from './index.js';
import { FIXTURE_TOOLS, runs } from './test-fixtures/fixture-tools.js';
import { serveFixtureHttp, textOf } from './test-fixtures/harness.js';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!();
});

/** An SDK client on an in-process (2025-era) connection to `server`. */
async function inProcess(server: ToolArsenalMcpServer): Promise<Client> {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.factory({ era: 'legacy' }).connect(serverSide);
  const client = new Client({ name: 'test', version: '1.0.0' });
  await client.connect(clientSide);
  cleanups.push(() => client.close());
  return client;
}

function serve(options: Parameters<typeof createMcpServer>[0]): ToolArsenalMcpServer {
  const server = createMcpServer(options);
  cleanups.push(() => server.close());
  return server;
}

describe('policies on every listing and call', () => {
  // admin tools only for principals with role admin; echo needs confirmation by policy.
  const guarded = () =>
    toolset('guarded')
      .from(FIXTURE_TOOLS)
      .policy(
        policy(
          'guard',
          {},
          {
            effect: 'deny',
            match: { namespace: ['admin'], not: { role: ['admin'] } },
            reason: 'admins only',
          },
          { effect: 'obligate', match: { tool: ['echo'] }, obligations: { confirm: 'echo is sensitive' } },
        ),
      )
      .build();
  const tokens: Record<string, { clientId: string; scopes: string[]; roles: string[] }> = {
    'admin-token': { clientId: 'alice', scopes: ['admin'], roles: ['admin'] },
    'user-token': { clientId: 'bob', scopes: [], roles: [] },
  };

  async function guardedHttp(mode: 'static' | 'dynamic') {
    const fixture = await serveFixtureHttp(
      mode,
      {
        toolset: guarded(),
        principal: (info) =>
          info.authInfo
            ? {
                id: info.authInfo.clientId,
                scopes: info.authInfo.scopes,
                roles: info.authInfo.extra?.roles as string[],
              }
            : undefined,
      },
      {
        authenticate: (request) => {
          const token = request.headers.get('authorization')?.replace(/^Bearer /, '');
          if (token === undefined) return undefined;
          const known = tokens[token];
          if (!known) return new Response('bad token', { status: 401 });
          return { token, clientId: known.clientId, scopes: known.scopes, extra: { roles: known.roles } };
        },
      },
    );
    cleanups.push(() => fixture.close());
    return fixture;
  }

  async function httpClient(url: string, token?: string): Promise<Client> {
    const { StreamableHTTPClientTransport } = await import('@modelcontextprotocol/client');
    const client = new Client({ name: 'test', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(
        new URL(url),
        token ? { requestInit: { headers: { authorization: `Bearer ${token}` } } } : {},
      ),
    );
    cleanups.push(() => client.close());
    return client;
  }

  it('a tool the caller may not use is neither listed nor callable (static)', async () => {
    const fixture = await guardedHttp('static');
    const anonymous = await httpClient(fixture.http.url);
    const names = (await anonymous.listTools()).tools.map((t) => t.name);
    expect(names).not.toContain('admin_drop_database');
    expect(names).toContain('math_add');
    const denied = await anonymous.callTool({ name: 'admin_drop_database', arguments: {} });
    expect(denied.isError).toBe(true);
    expect(textOf(denied)).toMatch(/TOOL_NOT_FOUND/);
    const byId = await anonymous.callTool({ name: 'admin:drop_database@1.0.0', arguments: {} });
    expect(textOf(byId)).toMatch(/TOOL_NOT_FOUND/);
    expect(runs.get('drop_database') ?? 0).toBe(0);

    const admin = await httpClient(fixture.http.url, 'admin-token');
    expect((await admin.listTools()).tools.map((t) => t.name)).toContain('admin_drop_database');
    const allowed = await admin.callTool({ name: 'admin_drop_database', arguments: {} });
    // The admin gets through access control; the runner then holds an unannotated "drop" tool for
    // the user's confirmation (toolrun's destructive-name default).
    expect(textOf(allowed)).toMatch(/needs the user's confirmation \(the tool name contains "drop"/);
  });

  it('the per-request auth info reaches the policy in dynamic mode: find, describe and call', async () => {
    const fixture = await guardedHttp('dynamic');
    const user = await httpClient(fixture.http.url, 'user-token');
    const found = await user.callTool({
      name: 'find_tools',
      arguments: { query: 'drop the production database', limit: 20 },
    });
    expect(JSON.stringify(found.structuredContent)).not.toContain('drop_database');
    const described = await user.callTool({
      name: 'describe_tool',
      arguments: { id: 'admin_drop_database' },
    });
    expect(textOf(described)).toMatch(/TOOL_NOT_FOUND/);
    const called = await user.callTool({
      name: 'call_tool',
      arguments: { id: 'admin_drop_database', arguments: {} },
    });
    expect(textOf(called)).toMatch(/TOOL_NOT_FOUND/);

    const admin = await httpClient(fixture.http.url, 'admin-token');
    const adminFound = await admin.callTool({
      name: 'find_tools',
      arguments: { query: 'drop the production database' },
    });
    expect((adminFound.structuredContent as { tools: { id: string }[] }).tools[0]!.id).toBe(
      'admin_drop_database',
    );
  });

  it('refuses a bad token before anything is served', async () => {
    const fixture = await guardedHttp('static');
    await expect(httpClient(fixture.http.url, 'forged')).rejects.toThrow();
  });

  it('a confirmation obligation from the policy is enforced before the runner runs anything', async () => {
    const fixture = await guardedHttp('static');
    const user = await httpClient(fixture.http.url, 'user-token');
    const before = runs.get('echo') ?? 0;
    const result = await user.callTool({ name: 'echo', arguments: { text: 'hi' } });
    expect(textOf(result)).toMatch(/CONFIRMATION_UNAVAILABLE/);
    expect(runs.get('echo') ?? 0).toBe(before);
  });
});

describe('meta-tools', () => {
  it('keep their own schemas tiny', () => {
    const server = serve({ tools: FIXTURE_TOOLS });
    expect(server.mode).toBe('dynamic');
    expect(JSON.stringify(META_TOOLS).length).toBeLessThan(1_400);
  });

  it('refuse hostile arguments with a clear typed error, never a crash', async () => {
    const client = await inProcess(serve({ tools: FIXTURE_TOOLS }));
    const cases: [string, Record<string, unknown>, RegExp][] = [
      ['find_tools', {}, /needs "query"/],
      ['find_tools', { query: '' }, /needs "query"/],
      ['find_tools', { query: 'x', limit: 0 }, /"limit"/],
      ['find_tools', { query: 'x', limit: 2.5 }, /"limit"/],
      ['find_tools', { query: 'x', limit: '5' }, /"limit"/],
      ['describe_tool', { id: 42 }, /needs "id"/],
      ['describe_tool', { id: '__proto__' }, /TOOL_NOT_FOUND/],
      ['call_tool', {}, /needs "id"/],
      ['call_tool', { id: 'constructor' }, /TOOL_NOT_FOUND/],
      ['call_tool', { id: 'math_add', arguments: 'a=1' }, /must be a JSON object/],
      ['call_tool', { id: 'math_add', arguments: { a: 1 } }, /INVALID_ARGUMENTS/],
      ['no_such_tool', {}, /TOOL_NOT_FOUND/],
    ];
    for (const [name, args, expected] of cases) {
      const result = await client.callTool({ name, arguments: args });
      expect(result.isError, `${name} ${JSON.stringify(args)}`).toBe(true);
      expect(textOf(result)).toMatch(expected);
    }
  });

  it('answer any query without throwing (property)', async () => {
    const client = await inProcess(serve({ tools: FIXTURE_TOOLS }));
    await fc.assert(
      fc.asyncProperty(
        fc.string({ maxLength: 3_000 }),
        fc.integer({ min: -5, max: 30 }),
        async (query, limit) => {
          const result = await client.callTool({ name: 'find_tools', arguments: { query, limit } });
          const valid = query.trim() !== '' && limit >= 1 && limit <= 20;
          expect(result.isError === true).toBe(!valid);
          if (valid)
            expect((result.structuredContent as { tools: unknown[] }).tools.length).toBeLessThanOrEqual(
              limit,
            );
        },
      ),
      { numRuns: 60 },
    );
  });

  it('hybrid mode lists pinned tools beside the meta-tools; direct calls work in dynamic mode', async () => {
    const hybrid = await inProcess(
      serve({ tools: FIXTURE_TOOLS, mode: 'hybrid', pinned: ['math_*', 'image:*'] }),
    );
    expect((await hybrid.listTools()).tools.map((t) => t.name)).toEqual([
      'find_tools',
      'describe_tool',
      'call_tool',
      'math_add',
      'image_pixel',
    ]);
    const dynamic = await inProcess(serve({ tools: FIXTURE_TOOLS, runner: undefined }));
    const direct = await dynamic.callTool({ name: 'math_add', arguments: { a: 1, b: 2 } });
    // No handler was registered for this runner: a clear typed error, not a crash.
    expect(direct.isError).toBe(true);
    expect(textOf(direct)).toMatch(/EXECUTOR_NOT_FOUND/);
  });

  it('describe_tool returns the served schema and on-demand docs', async () => {
    const tool = defineTool({
      name: 'report',
      description: 'Make a report.',
      longDescription: 'Long text the model reads only when it asks.',
      inputSchema: { type: 'object', properties: { year: { type: 'integer' } }, required: ['year'] },
    });
    const client = await inProcess(serve({ tools: [tool] }));
    const described = await client.callTool({ name: 'describe_tool', arguments: { id: 'report' } });
    expect(described.structuredContent).toMatchObject({
      id: 'report',
      description: 'Make a report.',
      longDescription: 'Long text the model reads only when it asks.',
      inputSchema: { required: ['year'] },
    });
  });
});

describe('options', () => {
  it('are validated with clear errors', () => {
    expect(() => createMcpServer({ mode: 'loud' as 'static' })).toThrow(McpError);
    expect(() => createMcpServer({ mode: 'static', pinned: ['x'] })).toThrow(/pinned/);
    expect(() => createMcpServer({ toolset: toolset('a').from([]).build(), tools: [] })).toThrow(/either/);
    expect(() => createMcpServer({ tools: 'nope' as unknown as [] })).toThrow(/tools/);
    expect(() => createMcpServer({ mode: 'hybrid', pinned: ['[unclosed'] })).toThrow(McpError);
  });
});
