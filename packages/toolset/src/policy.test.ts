import { defineTool, type Tool } from '@toolarsenal/toolmodel';
import { describe, expect, it } from 'vitest';
import { hintValue } from './annotations.js';
import { toolset } from './builder.js';
import { ToolsetError } from './errors.js';
import { NO_OBLIGATIONS } from './obligations.js';
import {
  allOf,
  allow,
  anyOf,
  deny,
  denyOverrides,
  firstApplicable,
  obligate,
  policy,
} from './policy-builders.js';
import { compilePolicy } from './policy-compile.js';
import type { Principal } from './policy-types.js';
import { TOOLS, withCapabilities } from './test-fixtures/tools.js';

const tools = [...TOOLS];
const byId = (id: string) => tools.find((t) => t.id === id)!;
const npm = byId('mcp.npm-sentinel-mcp:npmSearch@1.0.0'); // readOnlyHint: true
const gitReset = byId('mcp.git:git_reset@1.0.0'); // no annotations: MCP defaults say destructive
const sre: Principal = { id: 'u1', tenant: 'acme', roles: ['sre'], scopes: ['tools:read'] };
const guest: Principal = { id: 'u2', tenant: 'globex', roles: ['viewer'] };

describe('access policies over the MCP tools', () => {
  const prod = compilePolicy(
    policy(
      'prod',
      { zeroTrust: true },
      deny.destructive().because('destructive tools are blocked in production'),
      allow.role('sre', 'devops').audit(),
    ),
  );

  it('deny destructive + allow role, zero trust: a decision with a reason for every tool', () => {
    let allowed = 0;
    for (const t of tools) {
      const d = prod.evaluate(sre, t, 'call');
      expect(d.allow).toBe(!hintValue(t, 'destructiveHint'));
      if (d.allow) {
        allowed++;
        expect(d).toMatchObject({
          rule: 'prod#/rules/1',
          obligations: { audit: 'basic', confirmation: false },
        });
        expect(d.reason).toBe('allowed by rule "prod#/rules/1": role in ["sre", "devops"]');
      } else {
        expect(d).toMatchObject({
          rule: 'prod#/rules/0',
          reason: 'denied by rule "prod#/rules/0": destructive tools are blocked in production',
        });
        expect(d.obligations).toBe(NO_OBLIGATIONS);
      }
    }
    expect(allowed).toBe(tools.filter((t) => !hintValue(t, 'destructiveHint')).length);
    expect(allowed).toBe(5);
  });

  it('zero trust denies when no rule decides; an open policy allows', () => {
    expect(prod.evaluate(guest, npm)).toMatchObject({
      allow: false,
      reason: 'no rule of policy "prod" decided (zero trust: deny by default)',
    });
    const open = compilePolicy(policy('open', {}, deny.destructive()));
    expect(open.evaluate(guest, npm)).toMatchObject({
      allow: true,
      reason: 'no rule of policy "open" decided (open policy: allow by default)',
    });
    expect(open.evaluate(guest, gitReset).allow).toBe(false);
    // a set can make an open policy zero trust
    expect(open.evaluate(guest, npm, 'call', { zeroTrust: true }).allow).toBe(false);
  });

  it('tenant, scope, capability, namespace, tag, category, tool and action blocks', () => {
    const capTools = withCapabilities();
    const del = capTools.find((t) => t.id === 'mcp.memory:delete_entities@1.0.0')!;
    const read = capTools.find((t) => t.id === 'mcp.filesystem:read_file@1.0.0')!;
    const p = compilePolicy(
      policy(
        'blocks',
        { zeroTrust: true },
        deny.tenant('blocked-co'),
        deny.capability('delete_data').because('no deletes'),
        deny.namespace('mcp.docker-*').action('call'),
        allow.tenant('acme').namespace('mcp.filesystem', 'mcp.memory'),
        allow.scope('tools:read').tag('discovery'),
        allow.category('Finance').role('analyst'),
        allow.tool('mcp.calculator:*'),
      ),
    );
    expect(p.evaluate(sre, read).allow).toBe(true);
    expect(p.evaluate(sre, del)).toMatchObject({ allow: false, reason: expect.stringMatching(/no deletes/) });
    expect(p.evaluate({ ...sre, tenant: 'blocked-co' }, read)).toMatchObject({
      allow: false,
      reason: expect.stringMatching(/tenant in \["blocked-co"\]/),
    });
    const docker = byId('mcp.docker-mcp:list-containers@1.0.0');
    expect(p.evaluate(sre, docker, 'call').allow).toBe(false);
    expect(p.evaluate(sre, docker, 'list').allow).toBe(false); // no allow rule: zero trust
    expect(p.evaluate(sre, byId('mcp.wikipedia:get_article@1.0.0')).allow).toBe(true); // scope + tag
    expect(p.evaluate(guest, byId('mcp.wikipedia:get_article@1.0.0')).allow).toBe(false);
    const finance = tools.find((t) => t.category === 'Finance')!;
    expect(p.evaluate({ roles: ['analyst'] }, finance).allow).toBe(true);
    expect(p.evaluate({ roles: ['intern'] }, finance).allow).toBe(false);
    expect(p.evaluate({}, byId('mcp.calculator:calculate@1.0.0')).allow).toBe(true);
  });

  it('missing scopes / capabilities of the principal', () => {
    const tool = defineTool({
      name: 'transfer',
      namespace: 'bank',
      requiredScopes: ['payments:write'],
      capabilities: ['financial'],
    });
    const p = compilePolicy(
      policy(
        'rel',
        {},
        deny.missingScopes().because('missing scope'),
        deny.missingCapabilities().because('missing capability'),
      ),
    );
    expect(p.evaluate({ scopes: [] }, tool)).toMatchObject({
      allow: false,
      reason: expect.stringMatching(/missing scope/),
    });
    expect(p.evaluate({ scopes: ['payments:write'] }, tool)).toMatchObject({
      allow: false,
      reason: expect.stringMatching(/missing capability/),
    });
    expect(p.evaluate({ scopes: ['payments:write'], capabilities: ['financial'] }, tool).allow).toBe(true);
  });

  it('combinators: all-of, any-of, deny-overrides, first-applicable', () => {
    const t = npm;
    const both = compilePolicy(
      policy('both', { zeroTrust: true }, allOf(allow.role('sre'), allow.tenant('acme'))),
    );
    expect(both.evaluate(sre, t).allow).toBe(true);
    expect(both.evaluate({ roles: ['sre'], tenant: 'other' }, t)).toMatchObject({
      allow: false,
      reason: expect.stringMatching(/zero trust/),
    });
    const some = compilePolicy(
      policy('some', { zeroTrust: true }, anyOf(allow.role('sre'), allow.tenant('acme'))),
    );
    expect(some.evaluate({ tenant: 'acme' }, t).allow).toBe(true);
    expect(some.evaluate({ tenant: 'x' }, t).allow).toBe(false);
    const anyWithDeny = compilePolicy(policy('awd', {}, anyOf(deny.tenant('acme'), allow.role('sre'))));
    expect(anyWithDeny.evaluate(sre, t).allow).toBe(true); // any-of: an allow wins over a deny
    expect(anyWithDeny.evaluate({ tenant: 'acme' }, t).allow).toBe(false);
    const dov = compilePolicy(policy('dov', {}, denyOverrides(allow.role('sre'), deny.tenant('acme'))));
    expect(dov.evaluate(sre, t)).toMatchObject({ allow: false, rule: 'dov#/rules/0/rules/1' });
    const first = compilePolicy(
      policy('first', {}, firstApplicable(allow.role('sre').because('sre first'), deny.tenant('acme'))),
    );
    expect(first.evaluate(sre, t)).toMatchObject({
      allow: true,
      reason: 'allowed by rule "first#/rules/0/rules/0": sre first',
    });
    const allDeny = compilePolicy(policy('ad', {}, allOf(allow.role('sre'), deny.tenant('acme'))));
    expect(allDeny.evaluate(sre, t).allow).toBe(false);
    const nested = compilePolicy({
      id: 'nested',
      zeroTrust: true,
      combine: 'first-applicable',
      rules: [
        { id: 'admins', combine: 'any-of', rules: [allow.role('admin').id('admin-rule').toSpec()] },
        deny.all().because('fallback').toSpec(),
      ],
    });
    expect(nested.evaluate({ roles: ['admin'] }, t)).toMatchObject({ allow: true, rule: 'admin-rule' });
    expect(nested.evaluate({}, t)).toMatchObject({ allow: false, reason: expect.stringMatching(/fallback/) });
  });

  it('conditions: repeated calls AND, when() takes any/not', () => {
    const p = compilePolicy(
      policy(
        'and',
        { zeroTrust: true },
        allow.role('sre').role('oncall'),
        allow.when({ not: { tenant: ['acme'] }, anyOf: [{ role: ['a'] }, { role: ['b'] }] }),
      ),
    );
    expect(p.evaluate({ roles: ['sre'] }, npm).allow).toBe(false);
    expect(p.evaluate({ roles: ['sre', 'oncall'] }, npm).allow).toBe(true);
    expect(p.evaluate({ roles: ['b'], tenant: 'x' }, npm).allow).toBe(true);
    expect(p.evaluate({ roles: ['b'], tenant: 'acme' }, npm).allow).toBe(false);
  });

  it('obligations: confirmation, rate limit (strictest wins), audit (strongest wins), tool-declared ones', () => {
    const p = compilePolicy(
      policy(
        'obl',
        {},
        allow.tenant('acme').rateLimit(60, 60_000).audit(),
        allow.role('sre').rateLimit(10, 60_000, 'tenant').audit('full'),
        obligate.namespace('mcp.git').confirm('git changes need a human'),
      ),
    );
    const d = p.evaluate(sre, gitReset);
    expect(d.allow).toBe(true);
    expect(d.obligations).toEqual({
      confirmation: { reason: 'git changes need a human' },
      audit: 'full',
      rateLimit: { requests: 10, intervalMs: 60_000, per: 'tenant', scope: 'obl#/rules/1' },
    });
    expect(p.evaluate(sre, npm).obligations.confirmation).toBe(false);
    const tool = defineTool({
      name: 'pay',
      requiresConfirmation: true,
      cost: { rateLimit: { requests: 5, intervalMs: 1000 } },
    });
    expect(p.evaluate({}, tool).obligations).toEqual({
      confirmation: { reason: 'tool pay@1.0.0 requires confirmation' },
      audit: false,
      rateLimit: { requests: 5, intervalMs: 1000, per: 'global', scope: 'tool:pay@1.0.0' },
    });
    const noToolObl = compilePolicy({ ...policy('x', {}), toolObligations: false });
    expect(noToolObl.evaluate({}, tool).obligations).toBe(NO_OBLIGATIONS);
  });

  it('hostile principals and tools', () => {
    expect(() => prod.evaluate(null as never, npm)).toThrow(/a principal must be an object, got null/);
    expect(() => prod.evaluate(sre, { id: 'x' } as never)).toThrow(/needs a canonical tool/);
    expect(prod.evaluate(JSON.parse('{"__proto__": {"roles": ["sre"]}}'), npm).allow).toBe(false);
  });

  it('malformed principal fields throw TOOLSET_BAD_PRINCIPAL, never weaken a deny (issue #14)', () => {
    const guarded = compilePolicy(
      policy('guarded', {}, deny.role('intern'), deny.tenant('blocked-co'), allow.scope('repo')),
    );
    // The same table toolrun refuses with INVALID_PRINCIPAL (one normaliser, in toolmodel).
    const malformed: unknown[] = [
      { scopes: 'repo:status read:org' },
      { capabilities: 'nonfinancial' },
      { roles: new Set(['intern']) },
      { roles: 'intern' },
      { tenant: ['blocked-co'] },
      { capabilities: null },
      'admin',
      null,
    ];
    for (const p of malformed) {
      for (const evaluate of [
        () => guarded.evaluate(p as Principal, npm),
        () =>
          toolset('s')
            .from(tools)
            .build()
            .evaluate(p as Principal, npm),
        () =>
          toolset('s')
            .from(tools)
            .policy(guarded)
            .build()
            .scope(p as Principal),
      ]) {
        try {
          evaluate();
          throw new Error(`accepted ${JSON.stringify(p)}`);
        } catch (e) {
          expect(ToolsetError.isInstance(e)).toBe(true);
          expect((e as ToolsetError).code).toBe('TOOLSET_BAD_PRINCIPAL');
        }
      }
    }
    // well-formed equivalents are decided on their content
    expect(guarded.evaluate({ roles: ['intern'] }, npm).allow).toBe(false);
    expect(guarded.evaluate({ tenant: 'blocked-co' }, npm).allow).toBe(false);
    expect(guarded.evaluate({ scopes: ['repo:status'] }, npm).reason).toMatch(/open policy/);
  });

  it('rate-limit obligations carry the rule (or tool) whose budget they count', () => {
    const p = compilePolicy(policy('rl', {}, allow.tenant('acme').rateLimit(5, 1_000).id('acme-budget')));
    expect(p.evaluate({ tenant: 'acme' }, npm).obligations.rateLimit).toEqual({
      requests: 5,
      intervalMs: 1_000,
      per: 'principal',
      scope: 'acme-budget',
    });
  });

  it('rejects invalid policies with pointers', () => {
    const attempt = (spec: unknown) => {
      try {
        compilePolicy(spec as never);
      } catch (e) {
        expect(ToolsetError.isInstance(e)).toBe(true);
        expect((e as ToolsetError).code).toBe('TOOLSET_BAD_POLICY');
        return (e as Error).message;
      }
      throw new Error('expected a failure');
    };
    expect(attempt({ id: 'p', rules: [{ allow: { rolez: ['x'] } }] })).toMatch(
      /\/rules\/0\/allow: Unrecognized key: "rolez"/,
    );
    expect(attempt({ id: 'p', rules: [{ allow: {}, deny: {} }] })).toMatch(/\/rules\/0: .*exactly one of/);
    expect(attempt({ id: 'p', rules: [{ deny: { tool: ['bad[glob'] } }] })).toMatch(
      /\/rules\/0\/deny\/tool\/0: .*unclosed "\["/,
    );
    expect(
      attempt({
        id: 'p',
        rules: [{ allow: {}, obligations: { rateLimit: { requests: -1, intervalMs: 1 } } }],
      }),
    ).toMatch(/rateLimit\/requests/);
    expect(attempt({ rules: [] })).toMatch(/\/id/);
    expect(attempt(JSON.parse('{"id":"p","rules":[{"allow":{"__proto__":{"x":1}}}]}'))).toMatch(/__proto__/);
    let deep: Record<string, unknown> = {};
    const root = { id: 'deep', rules: [{ allow: deep }] };
    for (let i = 0; i < 200; i++) {
      const next = {};
      deep.not = next;
      deep = next;
    }
    expect(attempt(root)).toMatch(/deeper than/);
  });
});

describe('toolset.evaluate and scope()', () => {
  const set = toolset('ops')
    .from(tools)
    .namespace('mcp.git', 'mcp.npm-sentinel-mcp')
    .policy(policy('ops-policy', {}, deny.destructive(), allow.role('sre')))
    .zeroTrust()
    .build();

  it('non-members are denied; members go through the policy', () => {
    expect(set.evaluate(sre, 'mcp.calculator:calculate@1.0.0')).toMatchObject({
      allow: false,
      reason: 'tool "mcp.calculator:calculate@1.0.0" is not in toolset "ops"',
    });
    expect(set.evaluate(sre, npm.id).allow).toBe(true);
    expect(set.evaluate(sre, gitReset).allow).toBe(false);
    expect(set.evaluate(guest, npm).allow).toBe(false); // zero trust set over an open policy
  });

  it('sets without a policy: open allows members, zero trust denies', () => {
    const open = toolset('o').from(tools).namespace('mcp.git').build();
    expect(open.evaluate(guest, gitReset).allow).toBe(true);
    const closed = toolset('c').from(tools).namespace('mcp.git').zeroTrust().build();
    expect(closed.evaluate(guest, gitReset)).toMatchObject({
      allow: false,
      reason: 'toolset "c" is zero trust and has no policy',
    });
  });

  it('scope(): a plain predicate (plus the policy) for indexes and runners', () => {
    const plain = set.scope();
    expect(tools.filter(plain.predicate).length).toBe(13 + 5);
    expect(plain.policy?.id).toBe('ops-policy');
    const forSre = set.scope(sre);
    expect(
      tools
        .filter(forSre.predicate)
        .map((t: Tool) => t.id)
        .sort(),
    ).toEqual(
      set
        .tools()
        .filter((t) => !hintValue(t, 'destructiveHint'))
        .map((t) => t.id)
        .sort(),
    );
    expect(tools.filter(set.scope(guest).predicate)).toEqual([]);
    expect(forSre.evaluate(sre, npm).allow).toBe(true);
  });
});
