import type { Tool } from '@toolarsenal/toolmodel';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compilePolicy } from './policy-compile.js';
import type {
  AccessPolicySpec,
  Combine,
  MatchSpec,
  PolicyNodeSpec,
  Principal,
  RuleSpec,
} from './policy-types.js';
import { TOOLS } from './test-fixtures/tools.js';

const tools = [...TOOLS];
const namespaces = [...new Set(tools.map((t) => t.namespace!))].slice(0, 12);
const tags = [...new Set(tools.flatMap((t) => t.tags))];
const tenants = ['acme', 'globex', 'initech'];
const roles = ['sre', 'dev', 'viewer'];

const match: fc.Arbitrary<MatchSpec> = fc.record(
  {
    tenant: fc.subarray(tenants, { minLength: 1 }),
    role: fc.subarray(roles, { minLength: 1 }),
    namespace: fc.subarray(namespaces, { minLength: 1 }),
    tag: fc.subarray(tags, { minLength: 1 }),
    annotation: fc.constantFrom({ readOnlyHint: true }, { destructiveHint: true }),
  },
  { requiredKeys: [] },
);

const rule: fc.Arbitrary<RuleSpec> = fc.record({
  effect: fc.constantFrom('allow' as const, 'deny' as const),
  match,
});
const combine = fc.constantFrom<Combine>('deny-overrides', 'all-of', 'any-of', 'first-applicable');
const node: fc.Arbitrary<PolicyNodeSpec> = fc.letrec<{ node: PolicyNodeSpec }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    rule,
    fc.record({ combine, rules: fc.array(tie('node'), { maxLength: 4 }) }),
  ),
})).node;
const spec: fc.Arbitrary<AccessPolicySpec> = fc.record({
  id: fc.constant('p'),
  zeroTrust: fc.boolean(),
  combine,
  rules: fc.array(node, { maxLength: 5 }),
});
const principal: fc.Arbitrary<Principal> = fc.record({
  tenant: fc.constantFrom(...tenants),
  roles: fc.subarray(roles),
});

/** Straightforward reference: tri-state recursion over the spec, as the README defines it. */
type R = 'allow' | 'deny' | undefined;
function holds(m: MatchSpec, p: Principal, t: Tool): boolean {
  const ro = t.annotations.readOnlyHint === true;
  const hint = (h: string) =>
    h === 'readOnlyHint'
      ? ro
      : h === 'destructiveHint'
        ? !ro && t.annotations.destructiveHint !== false
        : false;
  return (
    (!m.tenant || m.tenant.includes(p.tenant!)) &&
    (!m.role || (p.roles ?? []).some((r) => m.role!.includes(r))) &&
    (!m.namespace || m.namespace.includes(t.namespace!)) &&
    (!m.tag || t.tags.some((x) => m.tag!.includes(x))) &&
    (!m.annotation || Object.entries(m.annotation).every(([h, v]) => hint(h) === v))
  );
}
function ref(n: PolicyNodeSpec, p: Principal, t: Tool): R {
  if (!('combine' in n)) return holds(n.match ?? {}, p, t) ? (n.effect as 'allow' | 'deny') : undefined;
  const rs = n.rules.map((c) => ref(c, p, t));
  switch (n.combine) {
    case 'deny-overrides':
      return rs.includes('deny') ? 'deny' : rs.includes('allow') ? 'allow' : undefined;
    case 'any-of':
      return rs.includes('allow') ? 'allow' : rs.includes('deny') ? 'deny' : undefined;
    case 'all-of':
      return rs.includes('deny')
        ? 'deny'
        : rs.length > 0 && rs.every((r) => r === 'allow')
          ? 'allow'
          : undefined;
    default:
      return rs.find((r) => r !== undefined);
  }
}

describe('compiled policies agree with a reference evaluator', () => {
  it('random nested policies, principals and real tools', () => {
    fc.assert(
      fc.property(spec, principal, fc.integer({ min: 0, max: tools.length - 1 }), (s, p, i) => {
        const t = tools[i]!;
        const expected = ref({ combine: s.combine ?? 'deny-overrides', rules: s.rules }, p, t);
        const d = compilePolicy(s).evaluate(p, t);
        expect(d.allow).toBe(expected === 'allow' || (expected === undefined && !s.zeroTrust));
        expect(d.reason.length).toBeGreaterThan(0);
        if (expected !== undefined) expect(d.rule).toBeDefined();
      }),
      { numRuns: 400 },
    );
  });
});
