import {
  type AccessDecision,
  type AccessPolicy,
  createArgumentValidator,
  NO_OBLIGATIONS,
  type Obligations,
  type Principal,
  type Tool,
} from '@toolarsenal/toolmodel';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type AuditRecord, createRunner } from './index.js';

const validator = createArgumentValidator();

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

const repoTool = { name: 'get_status', requiredScopes: ['repo'], inputSchema: { type: 'object' } };
const financial = { name: 'transfer', capabilities: ['financial'], inputSchema: { type: 'object' } };

/** Hostile principal shapes (the same table is run against toolset's policies). */
const MALFORMED: Array<[string, unknown]> = [
  ['scopes as a string', { id: 'u', scopes: 'repo:status read:org' }],
  ['capabilities as a string', { id: 'u', capabilities: 'nonfinancial' }],
  ['roles as a Set', { id: 'u', roles: new Set(['admin']) }],
  ['tenant as an array', { id: 'u', tenant: ['acme'] }],
  ['capabilities null', { id: 'u', capabilities: null }],
  ['a string principal', 'admin'],
];

describe('access checks fail closed (issue #14)', () => {
  it('a malformed principal field is refused, never matched by substring', async () => {
    const runner = createRunner({ validator, confirmation: false });
    let ran = 0;
    runner.register(repoTool, () => ran++);
    runner.register(financial, () => ran++);
    for (const [label, principal] of MALFORMED) {
      for (const name of ['get_status', 'transfer']) {
        const r = await runner.run({ name }, { principal: principal as Principal });
        expect({ label, name, status: r.status, code: r.error?.code }).toEqual({
          label,
          name,
          status: 'permission_denied',
          code: 'INVALID_PRINCIPAL',
        });
      }
    }
    expect(ran).toBe(0);
    // the well-formed equivalents are judged on their content
    const r1 = await runner.run({ name: 'get_status' }, { principal: { id: 'u', scopes: ['repo:status'] } });
    expect(r1.status).toBe('permission_denied');
    expect(r1.error?.code).toBe('PERMISSION_DENIED');
    const r2 = await runner.run({ name: 'get_status' }, { principal: { id: 'u', scopes: ['repo'] } });
    expect(r2.status).toBe('success');
  });

  it('a malformed defaultPrincipal is a registration error', () => {
    expect(() => createRunner({ defaultPrincipal: { id: 'x', capabilities: 'all' } as never })).toThrow(
      /principal.capabilities must be an array of strings/,
    );
  });

  it('the message names the field, never its value', async () => {
    const runner = createRunner({ validator });
    runner.register(repoTool, () => 1);
    const r = await runner.run(
      { name: 'get_status' },
      { principal: { id: 'u', tenant: ['s3cr3t'] } as never },
    );
    expect(r.error?.message).toContain('principal.tenant must be a string');
    expect(JSON.stringify(r)).not.toContain('s3cr3t');
  });
});

function decide(
  decision: Omit<Partial<AccessDecision>, 'obligations'> & { obligations?: Partial<Obligations> },
): AccessPolicy {
  return {
    evaluate: () => ({
      allow: decision.allow ?? true,
      reason: decision.reason ?? 'test policy',
      ...(decision.rule ? { rule: decision.rule } : {}),
      obligations: { ...NO_OBLIGATIONS, ...decision.obligations },
    }),
  };
}

describe('a policy decision plugs in; its obligations are enforced', () => {
  it('deny: permission_denied with the reason; the tool never runs; tool-declared needs still apply', async () => {
    const seen: Array<{ principal: Principal; tool: Tool; action: string | undefined }> = [];
    const policy: AccessPolicy = {
      evaluate(principal, tool, action) {
        seen.push({ principal, tool, action });
        return tool.name === 'transfer'
          ? {
              allow: false,
              reason: 'denied by rule "p#/rules/0": no money',
              rule: 'p#/rules/0',
              obligations: NO_OBLIGATIONS,
            }
          : { allow: true, reason: 'ok', obligations: NO_OBLIGATIONS };
      },
    };
    const runner = createRunner({ validator, policy });
    let ran = 0;
    runner.register(financial, () => ran++);
    runner.register(repoTool, () => ran++);
    const denied = await runner.run({ name: 'transfer' }, { principal: { id: 'u', roles: ['sre'] } });
    expect(denied).toMatchObject({ status: 'permission_denied', error: { code: 'PERMISSION_DENIED' } });
    expect(denied.error?.message).toContain('no money');
    expect(denied.error?.details).toMatchObject({ rule: 'p#/rules/0' });
    expect(seen[0]).toMatchObject({ principal: { id: 'u', roles: ['sre'] }, action: 'call' });
    expect(Object.isFrozen(seen[0]?.principal)).toBe(true);
    // the policy allows get_status, but the tool requires scope "repo": still denied
    const lacking = await runner.run({ name: 'get_status' }, { principal: { id: 'u', scopes: [] } });
    expect(lacking.error?.code).toBe('PERMISSION_DENIED');
    expect(ran).toBe(0);
  });

  it('a throwing policy or a malformed decision denies (fail closed)', async () => {
    const throwing = createRunner({
      validator,
      policy: {
        evaluate: () => {
          throw new Error('policy store down');
        },
      },
    });
    throwing.register(repoTool, () => 1);
    const r1 = await throwing.run({ name: 'get_status' });
    expect(r1).toMatchObject({ status: 'permission_denied', error: { code: 'POLICY_ERROR' } });
    for (const bad of [
      { allow: 'yes', reason: 'x', obligations: NO_OBLIGATIONS },
      { allow: true, reason: 'x' },
      { allow: true, reason: 'x', obligations: { confirmation: 'please', audit: false } },
      {
        allow: true,
        reason: 'x',
        obligations: {
          confirmation: false,
          audit: false,
          rateLimit: { requests: Number.NaN, intervalMs: 1 },
        },
      },
      undefined,
    ]) {
      const runner = createRunner({ validator, policy: { evaluate: () => bad as never } });
      runner.register(repoTool, () => 1);
      const r = await runner.run({ name: 'get_status' });
      expect(r).toMatchObject({ status: 'permission_denied', error: { code: 'POLICY_ERROR' } });
    }
  });

  it('confirmation obligation: the call waits for a human even if the tool is not destructive', async () => {
    const runner = createRunner({
      validator,
      confirmation: false,
      policy: decide({ obligations: { confirmation: { reason: 'payments need a human' } } }),
    });
    let ran = 0;
    runner.register({ name: 'lookup', annotations: { readOnlyHint: true } }, () => ++ran);
    const pending = await runner.run({ name: 'lookup' });
    expect(pending.status).toBe('pending_confirmation');
    expect(pending.confirmation?.reason).toBe('payments need a human');
    expect(ran).toBe(0);
    expect((await runner.confirm(pending.confirmation!.token)).status).toBe('success');
    expect(ran).toBe(1);
  });

  it('rate-limit obligation: per principal, per tenant, global; scoped by rule', async () => {
    const make = (per: 'principal' | 'tenant' | 'global') => {
      const runner = createRunner({
        validator,
        policy: decide({
          rule: 'r1',
          obligations: { rateLimit: { requests: 2, intervalMs: 1_000, per, scope: 'r1' } },
        }),
      });
      runner.register({ name: 'a' }, () => 'a');
      runner.register({ name: 'b' }, () => 'b');
      return runner;
    };
    const alice = { id: 'alice', tenant: 'acme' };
    const bob = { id: 'bob', tenant: 'acme' };
    const carol = { id: 'carol', tenant: 'globex' };
    const statuses = async (runner: ReturnType<typeof make>, calls: Array<[string, Principal]>) => {
      const out: string[] = [];
      for (const [name, principal] of calls) out.push((await runner.run({ name }, { principal })).status);
      return out;
    };
    const seq: Array<[string, Principal]> = [
      ['a', alice],
      ['b', alice],
      ['a', alice],
      ['a', bob],
      ['a', carol],
    ];
    expect(await statuses(make('principal'), seq)).toEqual([
      'success',
      'success',
      'rate_limited',
      'success',
      'success',
    ]);
    expect(await statuses(make('tenant'), seq)).toEqual([
      'success',
      'success',
      'rate_limited',
      'rate_limited',
      'success',
    ]);
    expect(await statuses(make('global'), seq)).toEqual([
      'success',
      'success',
      'rate_limited',
      'rate_limited',
      'rate_limited',
    ]);
    const runner = make('principal');
    await statuses(runner, [
      ['a', alice],
      ['a', alice],
    ]);
    const limited = await runner.run({ name: 'a' }, { principal: alice });
    expect(limited.error).toMatchObject({
      code: 'RATE_LIMITED',
      retryAfterMs: 500,
      details: { scope: 'policy' },
    });
    await vi.advanceTimersByTimeAsync(500);
    expect((await runner.run({ name: 'a' }, { principal: alice })).status).toBe('success');
  });

  it('audit obligation: needs a sink; a failing sink refuses the call; full audits carry arguments', async () => {
    const required = decide({ rule: 'audited', obligations: { audit: 'full' } });
    const noSink = createRunner({ validator, policy: required });
    let ran = 0;
    noSink.register({ name: 'lookup', inputSchema: { type: 'object' } }, () => ++ran);
    const refused = await noSink.run({ name: 'lookup', arguments: { q: 1 } });
    expect(refused).toMatchObject({ status: 'permission_denied', error: { code: 'AUDIT_UNAVAILABLE' } });

    const failingSink = createRunner({
      validator,
      policy: required,
      audit: () => {
        throw new Error('disk full');
      },
    });
    failingSink.register({ name: 'lookup', inputSchema: { type: 'object' } }, () => ++ran);
    expect((await failingSink.run({ name: 'lookup' })).error?.code).toBe('AUDIT_UNAVAILABLE');
    expect(ran).toBe(0);

    const records: AuditRecord[] = [];
    const ok = createRunner({ validator, policy: required, audit: (r) => records.push(r) });
    ok.register({ name: 'lookup', inputSchema: { type: 'object' } }, () => ++ran);
    expect(
      (await ok.run({ name: 'lookup', arguments: { q: 'x' } }, { principal: { id: 'u1' } })).status,
    ).toBe('success');
    expect(records).toEqual([
      expect.objectContaining({
        decision: 'allowed',
        toolName: 'lookup',
        principalId: 'u1',
        rule: 'audited',
        audit: 'full',
        arguments: { q: 'x' },
      }),
    ]);
  });
});

describe('per-principal rate limits cannot be reset by eviction (issue #14)', () => {
  it('after 10,000 other principal ids call once, the limited principal is still limited', async () => {
    const runner = createRunner({ validator, principalRateLimit: { requests: 1, intervalMs: 60_000 } });
    runner.register({ name: 'ping' }, () => 'pong');
    const victim = { id: 'limited' };
    expect((await runner.run({ name: 'ping' }, { principal: victim })).status).toBe('success');
    expect((await runner.run({ name: 'ping' }, { principal: victim })).status).toBe('rate_limited');
    const others = new Set<string>();
    for (let i = 0; i < 10_000; i++) {
      others.add((await runner.run({ name: 'ping' }, { principal: { id: `p${i}` } })).status);
    }
    // The table is full of limited callers: new ones are refused too, and nobody's limit was reset.
    expect(others).toEqual(new Set(['success', 'rate_limited']));
    expect((await runner.run({ name: 'ping' }, { principal: victim })).status).toBe('rate_limited');
    await vi.advanceTimersByTimeAsync(60_000);
    expect((await runner.run({ name: 'ping' }, { principal: victim })).status).toBe('success');
    expect((await runner.run({ name: 'ping' }, { principal: { id: 'newcomer' } })).status).toBe('success');
  });
});
