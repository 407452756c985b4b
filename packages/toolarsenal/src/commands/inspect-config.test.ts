import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../program.js';
import { scratch } from '../test-fixtures/cli-kit.js';
import { quietIo, startInspect } from '../test-fixtures/inspect-kit.js';

/** A JSON answer, read loosely: the assertions say what it must hold. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- test reads of JSON answers
type Json = any;

// Secrets planted in the environment the config interpolates and in the config itself: no response may hold them.
const TOKEN = 'tok-inspect-Zq7XvN3pL9wT2mK8';
const URL_PASSWORD = 'pw-inspect-hunter2-9f8e';
const HEADER_VALUE = 'literal-header-secret-4c1d';

const MODULE = `
export const tools = [
  {
    tool: {
      name: 'hello',
      description: 'Say hello to someone by name.',
      inputSchema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
      annotations: { readOnlyHint: true },
    },
    // Echoes an environment secret: the inspector must redact it from the result.
    handler: (args) => ({ greeting: 'hello ' + args.name, debug: 'token=' + process.env.INSPECT_TEST_TOKEN }),
  },
  {
    tool: {
      name: 'drop_table',
      description: 'Drop a database table and all its rows.',
      inputSchema: { type: 'object', properties: { table: { type: 'string' } }, required: ['table'] },
      annotations: { destructiveHint: true },
    },
    handler: (args) => ({ dropped: args.table }),
  },
];
`;

const OPENAPI = `
openapi: 3.0.3
info: { title: Notes, version: '1.0' }
components:
  securitySchemes:
    bearerAuth: { type: http, scheme: bearer }
security: [{ bearerAuth: [] }]
paths:
  /notes:
    get:
      operationId: listNotes
      summary: List the notes
      responses: { '200': { description: ok } }
`;

const CONFIG = `
version: 1
sources:
  - name: local
    module: ./tools.mjs
  - name: api
    openapi:
      document: ./api.yaml
      baseUrl: 'http://inspector:\${INSPECT_TEST_URL_PASSWORD}@127.0.0.1:9/api'
      allowedHosts: ['127.0.0.1:9']
      auth: { bearerAuth: '\${INSPECT_TEST_TOKEN}' }
      headers: { x-trace: '${HEADER_VALUE}' }
toolsets:
  - id: safe
    policy:
      id: safe-policy
      rules:
        - deny: { tool: ['local:drop_table'], not: { role: [dba] } }
          reason: only DBAs drop tables
serve: { toolset: safe }
`;

describe('toolarsenal inspect --config', () => {
  const saved = { ...process.env };
  let run: ReturnType<typeof startInspect>;
  let url: string;
  const seen: string[] = [];

  const get = async (path: string) => {
    const response = await fetch(`${url}${path}`);
    const text = await response.text();
    seen.push(text);
    return { status: response.status, body: JSON.parse(text) as Json };
  };
  const post = async (path: string, body: unknown) => {
    const response = await fetch(`${url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const text = await response.text();
    seen.push(text);
    return { status: response.status, body: JSON.parse(text) as Json };
  };

  beforeAll(async () => {
    process.env.INSPECT_TEST_TOKEN = TOKEN;
    process.env.INSPECT_TEST_URL_PASSWORD = URL_PASSWORD;
    const dir = scratch();
    dir.write('tools.mjs', MODULE);
    dir.write('api.yaml', OPENAPI);
    run = startInspect(['--config', dir.write('toolarsenal.yaml', CONFIG)]);
    url = await run.url();
  }, 90_000);

  afterAll(async () => {
    run?.stop();
    await run?.done;
    process.env = saved;
  }, 30_000);

  it('shows the pool with each tool’s source: name, kind, location without credentials, live status', async () => {
    expect(run.stdout()).toMatch(/inspecting 3 tools from 2 sources at http:\/\/127\.0\.0\.1:\d+\//);
    const { body } = await get('api/tools');
    expect(body.total).toBe(3);
    const byId = Object.fromEntries((body.tools as Json[]).map((t) => [t.id.split('@')[0], t]));
    expect(byId['local:hello'].origin).toMatchObject({ name: 'local', kind: 'module', status: 'ready' });
    expect(byId['local:hello'].origin.location).toMatch(/tools\.mjs$/);
    const api = byId['api:listNotes'].origin;
    expect(api).toMatchObject({ name: 'api', kind: 'openapi', status: 'ready' });
    expect(api.location).toMatch(/api\.yaml → http:\/\/127\.0\.0\.1:9\/api$/);
    expect(body.facets.sources).toEqual(['api', 'local']);
    const detail = await get(`api/tool?id=${encodeURIComponent(byId['api:listNotes'].id)}`);
    expect(detail.body.origin.name).toBe('api');
  });

  it('searches through the arsenal’s index with explain breakdowns', async () => {
    const { body } = await post('api/search', { query: 'drop a database table' });
    expect(body.hits[0].id).toMatch(/^local:drop_table@/);
    const parts = body.hits[0].contributions as Array<{ key: string; value: number }>;
    expect(parts.map((p) => p.key)).toContain('lexical');
    expect(parts.reduce((s, p) => s + p.value, 0)).toBeCloseTo(body.hits[0].score, 6);
  });

  it('offers the config’s toolsets as views and subjects derived from its policies', async () => {
    const { body } = await get('api/summary');
    expect(body.access.views.map((v: { id: string }) => v.id)).toEqual(['safe', '(pool)']);
    const names = (body.access.subjects as Array<{ name: string; view: string }>).map((s) => s.name);
    expect(names).toEqual(['agent on the gateway (anonymous)', 'role dba', 'operator: the whole pool']);
    const visible = async (subject: object, view: string) => {
      const r = await post('api/policy', { subject, view, show: 'visible' });
      expect(r.status).toBe(200);
      return (r.body.rows as Array<{ id: string }>).map((row) => row.id.split('@')[0]);
    };
    expect(await visible({ id: 'anonymous' }, 'safe')).not.toContain('local:drop_table');
    expect(await visible({ id: 'inspector', roles: ['dba'] }, 'safe')).toContain('local:drop_table');
    expect(await visible({ id: 'operator' }, '(pool)')).toContain('local:drop_table');
    const denied = await post('api/policy', { subject: { id: 'anonymous' }, view: 'safe', show: 'denied' });
    expect(denied.body.rows[0]).toMatchObject({ callable: false, rule: 'safe-policy#/rules/0' });
    expect(denied.body.rows[0].reason).toContain('only DBAs drop tables');
    expect(denied.body.rows[0].visibleReason).toContain('the policy denies it');
    const bad = await post('api/policy', { subject: {}, view: 'nope' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toContain('"view" must be one of "safe", "(pool)"');
  });

  it('calls through the arsenal’s runner and policy, with confirmation for a destructive tool', async () => {
    const tools = (await get('api/tools')).body.tools as Array<{ id: string }>;
    const id = (name: string) => tools.find((t) => t.id.startsWith(`local:${name}@`))!.id;
    const hello = await post('api/call', { id: id('hello'), arguments: { name: 'Ada' } });
    expect(hello.body).toMatchObject({ status: 'success', result: { greeting: 'hello Ada' } });
    expect(hello.body.result.debug).toBe('token=[redacted]');
    expect(hello.body.events.map((e: { name: string }) => e.name)).toEqual(['start', 'success']);
    const refused = await post('api/call', { id: id('drop_table'), arguments: { table: 'users' } });
    expect(refused.body).toMatchObject({ ok: false, error: { code: 'PERMISSION_DENIED' } });
    const pending = await post('api/call', {
      id: id('drop_table'),
      arguments: { table: 'users' },
      subject: { id: 'inspector', roles: ['dba'] },
    });
    expect(pending.body.status).toBe('pending_confirmation');
    const { token, argumentsHash } = pending.body.confirmation;
    const done = await post('api/confirm', { token, argumentsHash });
    expect(done.body).toMatchObject({ status: 'success', result: { dropped: 'users' } });
    // The OpenAPI tool goes to the config's base URL (nothing listens on port 9): the failure names no secret.
    const api = tools.find((t) => t.id.startsWith('api:listNotes@'))!.id;
    const failed = await post('api/call', { id: api, arguments: {} });
    expect(failed.body.ok).toBe(false);
  });

  it('never sends a secret: env-interpolated values, auth, header values, URL credentials', async () => {
    await get('api/summary');
    for (const t of (await get('api/tools?limit=200')).body.tools as Array<{ id: string }>) {
      await get(`api/tool?id=${encodeURIComponent(t.id)}`);
      for (const dialect of ['openai-chat', 'gemini', 'mcp'])
        await get(`api/convert?id=${encodeURIComponent(t.id)}&dialect=${dialect}`);
    }
    await post('api/policy', { subject: { id: 'operator' }, view: '(pool)', limit: 200 });
    await post('api/search', { query: `notes ${TOKEN}` });
    const all = seen.join('\n');
    expect(all.length).toBeGreaterThan(1000);
    for (const secret of [TOKEN, URL_PASSWORD, HEADER_VALUE]) expect(all).not.toContain(secret);
  });
});

describe('toolarsenal inspect: the two forms', () => {
  const running: Array<ReturnType<typeof startInspect>> = [];
  afterEach(async () => {
    for (const r of running.splice(0)) {
      r.stop();
      await r.done;
    }
  });

  it('refuses --config with --tools, and --toolsets with --config, naming the flag (exit 2)', async () => {
    const io = quietIo();
    expect(await runCli(['inspect', '--config', 'a.yaml', '--tools', 'b.json'], io)).toBe(2);
    expect(io.err()).toContain('--config cannot be used with --tools');
    const io2 = quietIo();
    expect(await runCli(['inspect', '--config', 'a.yaml', '--toolsets', 'c.yaml'], io2)).toBe(2);
    expect(io2.err()).toContain('--toolsets goes with --tools');
  });

  it('reports an invalid config with its problems (exit 2)', async () => {
    const dir = scratch();
    const io = quietIo();
    const file = dir.write('toolarsenal.yaml', 'sources:\n  - name: x\n    nonsense: 1\n');
    expect(await runCli(['inspect', '--config', file], io)).toBe(2);
    expect(io.err()).toMatch(/nonsense/);
  });
});
