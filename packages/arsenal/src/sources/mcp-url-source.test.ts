import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { type Arsenal, createArsenal, parseConfig, type Serving } from '../index.js';

// MCP URL sources reach their server through @toolarsenal/net: the host must be allowed, and a
// loopback or private address only when listed exactly. The server here is real: an arsenal
// serving a module's tools over Streamable HTTP on 127.0.0.1.
const fixtures = fileURLToPath(new URL('../test-fixtures/', import.meta.url));
const open: Arsenal[] = [];
const servings: Serving[] = [];
const servers: Server[] = [];
afterEach(async () => {
  while (servings.length > 0) await servings.pop()!.close({ graceMs: 0 });
  while (open.length > 0) await open.pop()!.close({ graceMs: 0 });
  while (servers.length > 0) {
    const server = servers.pop()!;
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

function arsenalOf(yaml: string): Arsenal {
  const arsenal = createArsenal(parseConfig(yaml, { dir: fixtures, env: {} }));
  open.push(arsenal);
  return arsenal;
}

/** A real MCP server over HTTP on 127.0.0.1 (static mode: the module's tools listed directly). */
async function mcpServer(): Promise<string> {
  const upstream = arsenalOf('sources:\n  - name: notes\n    module: local-tools.mjs\n');
  await upstream.ready();
  const serving = await upstream.serve({ transport: 'http', port: 0, mode: 'static' });
  servings.push(serving);
  return serving.url!;
}

/** An HTTP server that counts the requests it gets (none should arrive when a host is refused). */
async function countingServer(): Promise<{ url: string; requests: () => number }> {
  let requests = 0;
  const server = createServer((_req, res) => {
    requests++;
    res.writeHead(404).end();
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`, requests: () => requests };
}

const urlSource = (url: string, extra = '') =>
  `sources:\n  - name: remote\n    mcp: { url: ${JSON.stringify(url)}, era: modern${extra} }\n    retry: { maxAttempts: 1 }\n`;

describe('MCP URL sources go through @toolarsenal/net', () => {
  it('reaches a loopback server listed exactly in allowedHosts: tools listed, namespaced and called', async () => {
    const url = await mcpServer();
    const arsenal = arsenalOf(urlSource(url, `, allowedHosts: [${JSON.stringify(new URL(url).host)}]`));
    await arsenal.ready();
    expect(arsenal.status()[0]).toMatchObject({ name: 'remote', kind: 'mcp', status: 'ready' });
    expect(arsenal.tools().map((t) => t.name)).toEqual(expect.arrayContaining(['add', 'search', 'wait']));
    const sum = await arsenal.call('remote:add', { a: 2, b: 40 });
    expect(sum.status).toBe('success');
    expect(JSON.stringify(sum.result)).toContain('42');
  });

  it('without allowedHosts, the URL host is allowed on public addresses only: loopback is refused before any request', async () => {
    const target = await countingServer();
    const arsenal = arsenalOf(urlSource(target.url));
    await arsenal.ready();
    const state = arsenal.status()[0]!;
    expect(state.status).not.toBe('ready');
    expect(state.error).toMatch(/loopback/);
    expect(arsenal.tools()).toEqual([]);
    expect(target.requests()).toBe(0);
  });

  it('refuses a host that allowedHosts does not list (deny by default)', async () => {
    const target = await countingServer();
    const arsenal = arsenalOf(urlSource(target.url, ', allowedHosts: ["mcp.example.com"]'));
    await arsenal.ready();
    const state = arsenal.status()[0]!;
    expect(state.status).not.toBe('ready');
    expect(state.error).toMatch(/127\.0\.0\.1.*not (in the )?allowed|not allowed/);
    expect(target.requests()).toBe(0);
  });

  it('a glob entry does not open loopback addresses (only an exact entry does)', async () => {
    const target = await countingServer();
    const arsenal = arsenalOf(urlSource(target.url, ', allowedHosts: ["127.0.0.*"]'));
    await arsenal.ready();
    expect(arsenal.status()[0]!.status).not.toBe('ready');
    expect(target.requests()).toBe(0);
  });

  it('allowedHosts is refused on stdio sources', () => {
    expect(() =>
      parseConfig('sources:\n  - name: a\n    mcp: { command: node, allowedHosts: [x.test] }\n', {
        dir: fixtures,
        env: {},
      }),
    ).toThrow(/allowedHosts.*is for HTTP servers/);
  });
});
