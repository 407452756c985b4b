import { networkInterfaces } from 'node:os';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { InspectError } from '../errors.js';
import {
  fixtureTarget,
  fixtureTools,
  PLANTED_SECRET,
  PLANTED_URL_PASSWORD,
} from '../test-fixtures/arsenal.js';
import { createToolsTarget } from '../tools-target.js';
import { type InspectServer, startInspectServer } from './server.js';
import { postJson, type Reply, send } from '../test-fixtures/http-client.js';

let server: InspectServer;
let base: string;
const seen: string[] = [];

function record(reply: Reply): Reply {
  seen.push(reply.text);
  return reply;
}
const get = async (path: string) => record(await send(base + path.slice(1)));
const post = async (path: string, body: unknown) => record(await postJson(base + path.slice(1), body));
const errorOf = (reply: Reply) => (reply.json() as { error: { code: string; message: string } }).error;

beforeAll(async () => {
  server = await startInspectServer({ target: fixtureTarget() });
  base = server.url;
});
afterAll(async () => {
  await server.close();
});

describe('binding', () => {
  it('listens on 127.0.0.1 by default and prints a loopback URL', () => {
    expect(server.host).toBe('127.0.0.1');
    expect(server.url).toBe(`http://127.0.0.1:${server.port}/`);
  });

  it('is not reachable on the machine’s other addresses', async () => {
    const other = Object.values(networkInterfaces())
      .flat()
      .find((a) => a && a.family === 'IPv4' && !a.internal);
    // A machine with only loopback has nothing else to try; the Host check below still applies.
    if (!other) return;
    await expect(send(`http://${other.address}:${server.port}/api/summary`)).rejects.toThrow(/ECONNREFUSED/);
  });

  it('refuses requests addressed to another host name (DNS rebinding)', async () => {
    const reply = await send(`${base}api/summary`, { headers: { host: `evil.example:${server.port}` } });
    expect(reply.status).toBe(403);
    expect(errorOf(reply).code).toBe('INSPECT_FORBIDDEN');
    const localhost = await send(`${base}api/summary`, { headers: { host: `localhost:${server.port}` } });
    expect(localhost.status).toBe(200);
  });

  it('refuses cross-origin POSTs and non-JSON bodies (no form can reach the API)', async () => {
    const cross = await send(`${base}api/search`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'http://evil.example' },
      body: JSON.stringify({ query: 'x' }),
    });
    expect(cross.status).toBe(403);
    const form = await send(`${base}api/search`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'query=x',
    });
    expect(form.status).toBe(400);
    expect(errorOf(form).message).toMatch(/must be JSON/);
  });

  it('binds another interface only when asked, and then answers any Host', async () => {
    const open = await startInspectServer({ target: fixtureTarget(), host: '0.0.0.0' });
    try {
      expect(open.host).toBe('0.0.0.0');
      const reply = await send(`http://127.0.0.1:${open.port}/api/summary`, {
        headers: { host: 'inspector.lan' },
      });
      expect(reply.status).toBe(200);
    } finally {
      await open.close();
    }
  });

  it('refuses bad options', async () => {
    await expect(startInspectServer({ target: fixtureTarget(), port: -1 })).rejects.toSatisfy(
      (e: unknown) => InspectError.isInstance(e) && e.code === 'INSPECT_BAD_OPTIONS',
    );
    await expect(startInspectServer({ target: fixtureTarget(), maxBodyBytes: 0 })).rejects.toThrow(
      /maxBodyBytes/,
    );
  });
});

describe('page and assets', () => {
  it('serves the page with a strict CSP and the client modules', async () => {
    const page = await get('/');
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.headers['content-security-policy']).toContain("default-src 'none'");
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.text).toContain('<script type="module" src="/assets/main.js">');
    const main = await get('/assets/main.js');
    expect(main.status).toBe(200);
    expect(main.headers['content-type']).toMatch(/javascript/);
    const css = await get('/assets/styles.css');
    expect(css.headers['content-type']).toMatch(/text\/css/);
  });

  it('serves nothing but its assets', async () => {
    for (const path of [
      '/assets/../package.json',
      '/assets/%2e%2e%2fpackage.json',
      '/assets/main.ts',
      '/nope',
    ]) {
      const reply = await get(path);
      expect(reply.status, path).toBe(404);
    }
  });
});

describe('GET /api/tools', () => {
  it('lists every tool with lint counts, origin and health', async () => {
    const page = (await get('/api/tools')).json() as {
      total: number;
      tools: Array<{ id: string; lint: { errors: number }; health: string; origin: { kind: string } }>;
      facets: { namespaces: string[] };
    };
    expect(page.total).toBe(6);
    const reset = page.tools.find((t) => t.id === 'admin:reset_cluster@1.0.0')!;
    expect(reset.lint.errors).toBeGreaterThan(0); // prompt injection in the description
    expect(reset.health).toBe('healthy');
    expect(page.facets.namespaces).toEqual(['admin', 'calendar', 'debug', 'files', 'payments', 'weather']);
  });

  it('filters by source, namespace, tag, annotation, health and text, and pages', async () => {
    const ids = async (query: string) =>
      ((await get(`/api/tools?${query}`)).json() as { tools: Array<{ id: string }> }).tools.map((t) => t.id);
    expect(await ids('source=openapi')).toEqual(['payments:process_refund@1.0.0']);
    expect(await ids('namespace=files')).toEqual(['files:delete_file@1.0.0']);
    expect(await ids('tag=weather')).toEqual(['weather:get_forecast@1.0.0']);
    expect(await ids('annotation=destructiveHint')).toEqual([
      'files:delete_file@1.0.0',
      'admin:reset_cluster@1.0.0',
    ]);
    expect(await ids('health=unhealthy')).toEqual([]);
    expect(await ids('q=refund')).toEqual(['payments:process_refund@1.0.0']);
    const second = (await get('/api/tools?offset=2&limit=2')).json() as { matched: number; tools: unknown[] };
    expect(second.matched).toBe(6);
    expect(second.tools).toHaveLength(2);
  });

  it('answers bad filters with 400 and a message naming the parameter', async () => {
    for (const [query, message] of [
      ['limit=0', /"limit" must be between 1 and 200/],
      ['limit=abc', /"limit" must be an integer/],
      ['limit=100000', /"limit" must be between/],
      ['annotation=evil', /"annotation" must be one of/],
      ['health=sick', /"health" must be one of/],
      ['offset=-1', /"offset" must be between/],
      ['tag=a&tag=b', /"tag" is repeated/],
    ] as const) {
      const reply = await get(`/api/tools?${query}`);
      expect(reply.status, query).toBe(400);
      expect(errorOf(reply).message, query).toMatch(message);
    }
  });
});

describe('GET /api/tool', () => {
  it('returns the canonical tool, its lint findings and its origin', async () => {
    const detail = (await get('/api/tool?id=admin:reset_cluster@1.0.0')).json() as {
      tool: { id: string };
      lint: Array<{ rule: string; pointer: string }>;
    };
    expect(detail.tool.id).toBe('admin:reset_cluster@1.0.0');
    expect(detail.lint).toContainEqual(
      expect.objectContaining({ rule: 'prompt-injection', pointer: '/description' }),
    );
  });

  it('404 for an unknown id, 400 without one', async () => {
    expect((await get('/api/tool?id=nope')).status).toBe(404);
    expect((await get('/api/tool')).status).toBe(400);
  });
});

describe('POST /api/search', () => {
  it('ranks with an explain breakdown whose contributions add up to the score', async () => {
    const view = (await post('/api/search', { query: 'refund the payment', limit: 3 })).json() as {
      hits: Array<{
        id: string;
        score: number;
        breakdown: { final: number };
        contributions: Array<{ key: string; value: number }>;
      }>;
      noRelevantTools: boolean;
    };
    expect(view.noRelevantTools).toBe(false);
    const top = view.hits[0]!;
    expect(top.id).toBe('payments:process_refund@1.0.0');
    expect(top.breakdown.final).toBeCloseTo(top.score, 10);
    expect(top.contributions.map((c) => c.key)).toContain('lexical');
    const sum = top.contributions.reduce((s, c) => s + c.value, 0);
    expect(sum).toBeCloseTo(top.score, 10);
  });

  it('shows penalties from the context as negative parts', async () => {
    const view = (
      await post('/api/search', {
        query: 'refund the payment',
        context: {
          failedTools: ['payments:process_refund@1.0.0'],
          recentMessages: ['the customer wants money back'],
        },
      })
    ).json() as {
      hits: Array<{ id: string; score: number; contributions: Array<{ key: string; value: number }> }>;
    };
    const hit = view.hits.find((h) => h.id === 'payments:process_refund@1.0.0')!;
    expect(hit.contributions).toContainEqual({ key: 'penalty:failed', value: -0.4 });
    expect(
      Math.max(
        0,
        hit.contributions.reduce((s, c) => s + c.value, 0),
      ),
    ).toBeCloseTo(hit.score, 10);
  });

  it('says honestly when nothing is relevant', async () => {
    const view = (await post('/api/search', { query: 'quantum chromodynamics lecture notes' })).json() as {
      hits: unknown[];
      noRelevantTools: boolean;
    };
    expect(view.noRelevantTools).toBe(true);
    expect(view.hits).toEqual([]);
  });

  it('answers bad requests with 400 and a message', async () => {
    const cases: Array<[unknown, RegExp]> = [
      [{}, /"query" is required/],
      [{ query: '   ' }, /"query" is required/],
      [{ query: 42 }, /"query" must be a string/],
      [{ query: 'x', limit: 0 }, /"limit" must be between 1 and 50/],
      [{ query: 'x', mode: 'psychic' }, /"mode" must be one of/],
      [{ query: 'x', diversity: 2 }, /"diversity" must be between 0 and 1/],
      [{ query: 'x', context: { recentMessages: 'hi' } }, /"recentMessages" must be a list of strings/],
      [{ query: 'x', context: { mood: 'x' } }, /unknown field "mood"/],
      [{ query: 'x', extra: 1 }, /unknown field "extra"/],
      [[1, 2], /body must be a JSON object/],
      [{ query: 'x', mode: 'semantic' }, /embedder|semantic/i],
    ];
    for (const [body, message] of cases) {
      const reply = await post('/api/search', body);
      expect(reply.status, JSON.stringify(body)).toBe(400);
      expect(errorOf(reply).message, JSON.stringify(body)).toMatch(message);
    }
  });

  it('refuses malformed and hostile JSON bodies', async () => {
    const raw = (body: string) =>
      send(`${base}api/search`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    const broken = await raw('{"query": ');
    expect(broken.status).toBe(400);
    expect(errorOf(broken).message).toMatch(/not acceptable JSON/);
    const polluted = await raw('{"query": "x", "__proto__": {"admin": true}}');
    expect(polluted.status).toBe(400);
    expect(errorOf(polluted).message).toMatch(/__proto__/);
    const deep = await raw(`{"query":"x","context":${'['.repeat(200)}${']'.repeat(200)}}`);
    expect(deep.status).toBe(400);
    expect((await raw('')).status).toBe(400);
  });

  it('refuses bodies over the size limit with 413', async () => {
    const small = await startInspectServer({ target: fixtureTarget(), maxBodyBytes: 1_000 });
    try {
      const reply = await postJson(`${small.url}api/search`, { query: 'x'.repeat(5_000) });
      expect(reply.status).toBe(413);
      expect(JSON.parse(reply.text).error.message).toMatch(/larger than 1000 bytes/);
    } finally {
      await small.close();
    }
  });

  it('refuses the wrong method', async () => {
    const reply = await get('/api/search');
    expect(reply.status).toBe(400);
    expect(errorOf(reply).message).toMatch(/GET is not allowed/);
  });
});

describe('GET /api/convert', () => {
  it('lowers a tool with every loss at its JSON pointer and the check verdict', async () => {
    const view = (await get('/api/convert?id=payments:process_refund@1.0.0&dialect=gemini')).json() as {
      losses: Array<{ pointer: string; action: string }>;
      verdict: string;
      violations: unknown[];
      lowered: { parameters: unknown };
    };
    expect(view.verdict).toBe('accepted');
    expect(view.violations).toEqual([]);
    expect(view.losses).toContainEqual(
      expect.objectContaining({
        pointer: '/inputSchema/properties/payment_id/format',
        action: 'moved-to-description',
      }),
    );
    expect(view.lowered.parameters).toBeDefined();
  });

  it('reports a lossless conversion as such', async () => {
    const view = (await get('/api/convert?id=weather:get_forecast@1.0.0&dialect=mcp')).json() as {
      losses: unknown[];
    };
    expect(view.losses).toEqual([]);
  });

  it('answers bad parameters with 400', async () => {
    for (const [query, message] of [
      ['id=weather:get_forecast@1.0.0', /"dialect" is required/],
      ['id=weather:get_forecast@1.0.0&dialect=klingon', /"dialect" must be one of/],
      ['id=weather:get_forecast@1.0.0&dialect=legacy-function', /"dialect" must be one of/],
      ['id=weather:get_forecast@1.0.0&dialect=gemini&strict=maybe', /"strict" must be true or false/],
      ['dialect=gemini', /"id" is required/],
    ] as const) {
      const reply = await get(`/api/convert?${query}`);
      expect(reply.status, query).toBe(400);
      expect(errorOf(reply).message, query).toMatch(message);
    }
  });
});

describe('POST /api/policy', () => {
  type View = {
    counts: { visible: number; callable: number; total: number };
    matched: number;
    rows: Array<{
      id: string;
      visible: boolean;
      visibleReason: string;
      callable: boolean;
      reason: string;
      rule?: string;
    }>;
  };
  const row = (view: View, id: string) => view.rows.find((r) => r.id === id)!;

  it('shows what each exposure level sees, with the deciding rule', async () => {
    const partner = (await post('/api/policy', { subject: { exposure: 'partner' } })).json() as View;
    const pub = (await post('/api/policy', { subject: { exposure: 'public' } })).json() as View;
    expect(row(partner, 'admin:reset_cluster@1.0.0').visible).toBe(true);
    expect(row(pub, 'admin:reset_cluster@1.0.0').visible).toBe(false);
    expect(row(pub, 'admin:reset_cluster@1.0.0').callable).toBe(false);
    expect(pub.counts).toEqual({ total: 6, visible: 5, callable: 5 });
    // The listing reason is the level's toolset explain() sentence, for hidden and visible rows alike.
    expect(row(pub, 'admin:reset_cluster@1.0.0').visibleReason).toMatch(/^level "public": .*namespace/);
    expect(row(partner, 'admin:reset_cluster@1.0.0').visibleReason).toMatch(/^level "partner": /);
    expect(row(pub, 'weather:get_forecast@1.0.0').visibleReason).not.toBe(
      row(pub, 'admin:reset_cluster@1.0.0').visibleReason,
    );
  });

  it('names the rule that denies a blocked tenant', async () => {
    const view = (
      await post('/api/policy', { subject: { tenant: 'blocked-co', exposure: 'public' } })
    ).json() as View;
    const forecast = row(view, 'weather:get_forecast@1.0.0');
    expect(forecast.callable).toBe(false);
    expect(forecast.rule).toBe('base#/rules/0');
    expect(forecast.reason).toMatch(/this tenant is blocked/);
  });

  it('filters and pages rows', async () => {
    const hidden = (
      await post('/api/policy', { subject: { exposure: 'public' }, show: 'hidden' })
    ).json() as View;
    expect(hidden.rows.map((r) => r.id)).toEqual(['admin:reset_cluster@1.0.0']);
    const all = (await post('/api/policy', { subject: { exposure: 'partner' } })).json() as View;
    const page = (
      await post('/api/policy', { subject: { exposure: 'partner' }, offset: 2, limit: 3 })
    ).json() as View;
    expect(page.matched).toBe(6);
    expect(page.rows).toEqual(all.rows.slice(2, 5));
  });

  it('answers a malformed subject with 400', async () => {
    const cases: Array<[unknown, RegExp]> = [
      [{ subject: { roles: 'sre' } }, /"roles" must be a list of strings/],
      [{ subject: { tenant: ['a'] } }, /"tenant" must be a string/],
      [{ subject: { superuser: true } }, /unknown field "superuser"/],
      [{ subject: 'root' }, /"subject" must be a JSON object/],
      [{ show: 'everything' }, /"show" must be one of/],
    ];
    for (const [body, message] of cases) {
      const reply = await post('/api/policy', body);
      expect(reply.status, JSON.stringify(body)).toBe(400);
      expect(errorOf(reply).message).toMatch(message);
    }
  });

  it('404 when no access policy is configured', async () => {
    const bare = await startInspectServer({ target: createToolsTarget({ tools: fixtureTools() }) });
    try {
      const reply = await postJson(`${bare.url}api/policy`, {});
      expect(reply.status).toBe(404);
    } finally {
      await bare.close();
    }
  });
});

describe('calls', () => {
  type Call = {
    status: string;
    ok: boolean;
    result?: unknown;
    error?: { code: string; message: string };
    confirmation?: { token: string; argumentsHash: string; arguments: unknown };
    events: Array<{ name: string; atMs: number }>;
  };

  it('validates arguments with errors at JSON pointers', async () => {
    const view = (
      await post('/api/validate', {
        id: 'calendar:create_event@1.0.0',
        arguments: { when: {}, attendees: [{}] },
      })
    ).json() as {
      valid: boolean;
      errors: Array<{ pointer: string }>;
    };
    expect(view.valid).toBe(false);
    expect(view.errors.map((e) => e.pointer).sort()).toEqual(['/attendees/0/email', '/title', '/when/start']);
  });

  it('runs a call and returns its result, timings and runner events', async () => {
    const view = (
      await post('/api/call', { id: 'weather:get_forecast@1.0.0', arguments: { city: 'Oslo' } })
    ).json() as Call;
    expect(view.status).toBe('success');
    expect(view.result).toEqual({ city: 'Oslo', days: [{ tempC: 21, rain: 0.1 }] });
    expect(view.events.map((e) => e.name)).toEqual(['start', 'success']);
  });

  it('answers invalid arguments without running the tool', async () => {
    const view = (
      await post('/api/call', { id: 'weather:get_forecast@1.0.0', arguments: { town: 'Oslo' } })
    ).json() as Call;
    expect(view.status).toBe('invalid_arguments');
    expect(view.error?.message).toMatch(/\/city: is required/);
  });

  it('holds a destructive tool for confirmation, bound to the arguments shown', async () => {
    const pending = (
      await post('/api/call', { id: 'files:delete_file@1.0.0', arguments: { path: '/tmp/x' } })
    ).json() as Call;
    expect(pending.status).toBe('pending_confirmation');
    expect(pending.confirmation?.arguments).toEqual({ path: '/tmp/x' });
    const { token, argumentsHash } = pending.confirmation!;
    const done = (await post('/api/confirm', { token, argumentsHash })).json() as Call;
    expect(done.status).toBe('success');
    expect(done.result).toEqual({ deleted: '/tmp/x' });
    const again = await post('/api/confirm', { token, argumentsHash });
    expect(again.status).toBe(400);
    expect(errorOf(again).message).toMatch(/unknown or already used/);
  });

  it('spends the token when the approved arguments are not the pending ones (nothing runs)', async () => {
    const pending = (
      await post('/api/call', { id: 'files:delete_file@1.0.0', arguments: { path: '/a' } })
    ).json() as Call;
    const { token, argumentsHash } = pending.confirmation!;
    const wrong = await post('/api/confirm', { token, argumentsHash: '0'.repeat(64) });
    expect(wrong.status).toBe(400);
    expect(errorOf(wrong).code).toBe('CONFIRMATION_MISMATCH');
    expect((await post('/api/confirm', { token, argumentsHash })).status).toBe(400);
  });

  it('rejects a pending call', async () => {
    const pending = (
      await post('/api/call', { id: 'files:delete_file@1.0.0', arguments: { path: '/keep' } })
    ).json() as Call;
    const rejected = (await post('/api/reject', { token: pending.confirmation!.token })).json() as Call;
    expect(rejected.status).toBe('cancelled');
  });

  it('applies the subject’s policy to the call', async () => {
    const view = (
      await post('/api/call', {
        id: 'weather:get_forecast@1.0.0',
        arguments: { city: 'Oslo' },
        subject: { tenant: 'blocked-co' },
      })
    ).json() as Call;
    expect(view.status).toBe('permission_denied');
    expect(view.error?.message).toMatch(/this tenant is blocked/);
  });

  it('answers bad call requests with 400/404', async () => {
    expect((await post('/api/call', { arguments: {} })).status).toBe(400);
    expect((await post('/api/call', { id: 'nope', arguments: {} })).status).toBe(404);
    expect((await post('/api/call', { id: 'weather:get_forecast@1.0.0', run: true })).status).toBe(400);
    expect((await post('/api/confirm', { token: 'x' })).status).toBe(400);
  });
});

describe('secrets', () => {
  it('never appear in a response, even when a tool echoes one', async () => {
    await get('/api/tool?id=payments:process_refund@1.0.0');
    await get('/api/convert?id=payments:process_refund@1.0.0&dialect=openai-chat');
    await get('/api/convert?id=payments:process_refund@1.0.0&dialect=mcp');
    const echoed = await post('/api/call', {
      id: 'debug:echo_text@1.0.0',
      arguments: { text: `key ${PLANTED_SECRET}` },
    });
    expect((echoed.json() as { result: unknown }).result).toEqual({ echoed: 'key [redacted]' });
    await post('/api/search', { query: PLANTED_SECRET });
    expect(seen.length).toBeGreaterThan(30);
    for (const text of seen) {
      expect(text).not.toContain(PLANTED_SECRET);
      expect(text).not.toContain(PLANTED_URL_PASSWORD);
    }
  });
});

describe('unexpected errors', () => {
  it('answer 500 without internals and reach onError', async () => {
    const onError = vi.fn();
    const target = createToolsTarget({ tools: fixtureTools() });
    const broken = await startInspectServer({
      target: { ...target, search: () => Promise.reject(new Error('database password is hunter3')) },
      onError,
    });
    try {
      const reply = await postJson(`${broken.url}api/search`, { query: 'x' });
      expect(reply.status).toBe(500);
      expect(reply.text).not.toContain('hunter3');
      expect(onError).toHaveBeenCalledOnce();
    } finally {
      await broken.close();
    }
  });
});
