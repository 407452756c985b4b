import { describe, expect, it } from 'vitest';
import { toolset } from './builder.js';
import { createExposure } from './exposure.js';
import { allow, deny, policy } from './policy-builders.js';
import { TOOLS } from './test-fixtures/tools.js';

const tools = [...TOOLS];

describe('exposure levels: one registry, different sets per caller', () => {
  const pub = toolset('public').from(tools).namespace('mcp.wikipedia', 'mcp.time').build();
  const partner = toolset('partner')
    .from(tools)
    .category('Finance')
    .policy(policy('partners', { zeroTrust: true }, allow.tenant('acme')))
    .build();
  const local = toolset('local')
    .from(tools)
    .namespace('mcp.filesystem', 'mcp.git')
    .policy(policy('local', {}, deny.destructive()))
    .build();
  const exposure = createExposure({ local, partner, public: pub });

  it('orders levels least to most trusted and accumulates', () => {
    expect(exposure.levels).toEqual(['public', 'partner', 'local']);
    expect(exposure.toolsetFor('public').size).toBe(pub.size);
    expect(exposure.toolsetFor('partner').size).toBe(pub.size + partner.size);
    expect(exposure.toolsetFor('local').size).toBe(pub.size + partner.size + local.size);
    expect(exposure.toolsetFor({}).id).toBe('public'); // no level: least trusted
  });

  it('evaluate: not exposed at the level, else the level policy decides', () => {
    const finance = tools.find((t) => t.category === 'Finance')!;
    expect(exposure.evaluate({ exposure: 'public' }, finance)).toMatchObject({
      allow: false,
      reason: expect.stringMatching(/is not in toolset "public"/),
    });
    expect(exposure.evaluate({ exposure: 'partner', tenant: 'acme' }, finance).allow).toBe(true);
    expect(exposure.evaluate({ exposure: 'partner', tenant: 'other' }, finance).allow).toBe(false);
    // a public tool keeps the (open) public set's rules at the partner level too
    expect(exposure.evaluate({}, 'mcp.wikipedia:get_article@1.0.0')).toMatchObject({
      allow: true,
      reason: 'member of open toolset "public" (no policy)',
    });
    expect(
      exposure.evaluate({ exposure: 'partner', tenant: 'other' }, 'mcp.wikipedia:get_article@1.0.0').allow,
    ).toBe(true);
    const gitReset = 'mcp.git:git_reset@1.0.0';
    expect(exposure.evaluate({ exposure: 'partner' }, gitReset).allow).toBe(false);
    expect(exposure.evaluate({ exposure: 'local' }, gitReset)).toMatchObject({
      allow: false,
      reason: expect.stringMatching(/^denied by rule "local#\/rules\/0"/),
    });
    expect(exposure.evaluate({ exposure: 'local' }, 'mcp.npm-sentinel-mcp:npmSearch@1.0.0').allow).toBe(
      false,
    );
  });

  it('non-cumulative exposure and unknown levels', () => {
    const flat = createExposure({ public: pub, partner }, { cumulative: false });
    expect(flat.toolsetFor('partner').size).toBe(partner.size);
    expect(() => flat.toolsetFor('__proto__')).toThrow(/unknown exposure level "__proto__"/);
    expect(flat.evaluate({ exposure: 'galaxy' }, 'x').reason).toBe('unknown exposure level "galaxy"');
    expect(() => createExposure({})).toThrow(/at least one level/);
    expect(() => createExposure({ public: pub }, { defaultLevel: 'vip' })).toThrow(/default level/);
  });

  it('evaluate, toolsetFor(p).evaluate and toolsetFor(p).scope(p).predicate agree everywhere (issue #14)', () => {
    const principals = [
      {},
      { exposure: 'public' },
      { exposure: 'partner', tenant: 'acme' },
      { exposure: 'partner', tenant: 'other' },
      { exposure: 'local' },
      { exposure: 'local', tenant: 'acme', roles: ['sre'] },
    ];
    for (const exp of [exposure, createExposure({ local, partner, public: pub }, { cumulative: false })]) {
      for (const p of principals) {
        const set = exp.toolsetFor(p);
        const predicate = set.scope(p).predicate;
        for (const tool of tools) {
          const a = exp.evaluate(p, tool);
          const b = set.evaluate(p, tool);
          expect(b).toEqual(a);
          expect(predicate(tool)).toBe(a.allow);
        }
      }
    }
  });

  it('malformed principals are refused by every exposure API alike', () => {
    const bad = { exposure: ['local'] } as never;
    expect(() => exposure.evaluate(bad, tools[0]!)).toThrow(
      /TOOLSET_BAD_PRINCIPAL|principal.exposure must be a string/,
    );
    expect(() => exposure.toolsetFor(bad)).toThrow(/principal.exposure must be a string/);
    expect(() => exposure.toolsetFor('public').scope(bad)).toThrow(/principal.exposure must be a string/);
  });
});
