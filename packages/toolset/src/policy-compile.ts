import {
  checkPrincipal,
  inspectJson,
  type NormalizedPrincipal,
  normalizePrincipal,
  PrincipalError,
  pathToPointer,
  type Principal as PrincipalShape,
  type Tool,
} from '@toolarsenal/toolmodel';
import { ToolsetError } from './errors.js';
import { addToolObligations, mergeObligations, NO_OBLIGATIONS, toObligations } from './obligations.js';
import { compileMatch, describeMatch, type Test } from './policy-match.js';
import { accessPolicySchema } from './policy-schema.js';
import type {
  AccessPolicySpec,
  Combine,
  Decision,
  Obligations,
  PolicyAction,
  PolicyNodeSpec,
  Principal,
} from './policy-types.js';
import { toolTags } from './tool-fields.js';

interface Outcome {
  readonly allow: boolean;
  readonly reason: string;
  readonly rule: string;
  readonly obligations: Obligations;
}

type Node = (p: Principal, t: Tool, a: string) => Outcome | undefined;

/** A policy compiled once into closures. `evaluate` allocates one small object per call. */
export interface CompiledPolicy {
  readonly id: string;
  readonly zeroTrust: boolean;
  readonly spec: AccessPolicySpec;
  evaluate(
    principal: Principal,
    tool: Tool,
    action?: PolicyAction,
    options?: { zeroTrust?: boolean },
  ): Decision;
}

/** Validates a policy spec (throws `ToolsetError(TOOLSET_BAD_POLICY)` naming each bad entry) and compiles it. */
export function compilePolicy(spec: AccessPolicySpec | CompiledPolicy): CompiledPolicy {
  if (isCompiledPolicy(spec)) return spec;
  const unsafe = inspectJson(spec, { maxDepth: 64 });
  if (unsafe.length > 0) {
    const lines = unsafe.slice(0, 20).map((i) => `  - ${i.pointer || '(root)'}: ${i.message}`);
    throw new ToolsetError('TOOLSET_BAD_POLICY', `Invalid access policy:\n${lines.join('\n')}`);
  }
  const parsed = accessPolicySchema.safeParse(spec);
  if (!parsed.success) {
    const lines = parsed.error.issues
      .slice(0, 20)
      .map((i) => `  - ${pathToPointer(i.path) || '(root)'}: ${i.message}`);
    const id =
      typeof (spec as { id?: unknown })?.id === 'string'
        ? ` ${JSON.stringify((spec as { id: string }).id)}`
        : '';
    throw new ToolsetError('TOOLSET_BAD_POLICY', `Invalid access policy${id}:\n${lines.join('\n')}`);
  }
  const policy = parsed.data;
  const obligates: Array<{ test: Test; obligations: Obligations }> = [];
  const root = compileGroup(policy.combine ?? 'deny-overrides', policy.rules, `${policy.id}#`, '', obligates);
  const zeroTrust = policy.zeroTrust === true;
  const toolObligations = policy.toolObligations !== false;
  const noMatchDeny = `no rule of policy ${JSON.stringify(policy.id)} decided (zero trust: deny by default)`;
  const noMatchAllow = `no rule of policy ${JSON.stringify(policy.id)} decided (open policy: allow by default)`;

  const defaultDeny: Decision = Object.freeze({
    allow: false,
    reason: noMatchDeny,
    obligations: NO_OBLIGATIONS,
  });
  const defaultAllow: Decision = Object.freeze({
    allow: true,
    reason: noMatchAllow,
    obligations: NO_OBLIGATIONS,
  });
  const where = () => `policy ${JSON.stringify(policy.id)}`;
  const evaluate = (
    principal: Principal,
    tool: Tool,
    action: PolicyAction = 'call',
    options?: { zeroTrust?: boolean },
  ): Decision => decideChecked(checkedPrincipal(principal, where), tool, action, options);
  // The decision for a principal already checked (a toolset's evaluate checks it once for both).
  const decideChecked = (
    p: Readonly<Principal>,
    tool: Tool,
    action: PolicyAction = 'call',
    options?: { zeroTrust?: boolean },
  ): Decision => {
    if (typeof tool !== 'object' || tool === null || !Array.isArray(toolTags(tool))) {
      throw new ToolsetError(
        'TOOLSET_BAD_TOOL',
        `policy ${JSON.stringify(policy.id)}: evaluate needs a canonical tool`,
      );
    }
    // Rule outcomes are frozen Decisions built at compile time: most calls allocate nothing.
    const out = root(p, tool, action);
    if (out !== undefined && !out.allow) return out;
    if (out === undefined && (zeroTrust || options?.zeroTrust === true)) return defaultDeny;
    let obligations = out?.obligations ?? NO_OBLIGATIONS;
    for (const o of obligates)
      if (o.test(p, tool, action)) obligations = mergeObligations(obligations, o.obligations);
    if (toolObligations) obligations = addToolObligations(obligations, tool);
    if (out === undefined) {
      return obligations === NO_OBLIGATIONS
        ? defaultAllow
        : { allow: true, reason: noMatchAllow, obligations };
    }
    return obligations === out.obligations
      ? out
      : { allow: true, reason: out.reason, rule: out.rule, obligations };
  };
  return Object.freeze({
    id: policy.id,
    zeroTrust,
    spec: policy,
    evaluate,
    [COMPILED]: true,
    [CHECKED]: decideChecked,
  });
}

const COMPILED = Symbol.for('toolarsenal.toolset.compiled-policy');
const CHECKED = Symbol('decide for a checked principal');

type CheckedDecide = (
  principal: Readonly<Principal>,
  tool: Tool,
  action?: PolicyAction,
  options?: { zeroTrust?: boolean },
) => Decision;

/** @internal `evaluate` without checking the principal again (the caller checked it). */
export function decideFor(policy: CompiledPolicy): CheckedDecide {
  return (
    ((policy as unknown as Record<symbol, unknown>)[CHECKED] as CheckedDecide | undefined) ?? policy.evaluate
  );
}

/**
 * toolmodel's principal normaliser (the one toolrun uses): a malformed field is refused with
 * `TOOLSET_BAD_PRINCIPAL` naming it, never read as empty, so it can neither widen access nor
 * slip past a deny rule. Returns a frozen copy, for principals kept beyond the call (`scope`).
 */
export function toPrincipal(principal: unknown, where: string): NormalizedPrincipal {
  try {
    return normalizePrincipal(principal);
  } catch (error) {
    throw badPrincipal(error, where);
  }
}

/**
 * The same checks for a decision made right away (`evaluate`): plain-data principals are not
 * copied. `where` names the caller in the error (built only when there is one).
 */
export function checkedPrincipal(principal: unknown, where: () => string): Readonly<PrincipalShape> {
  try {
    return checkPrincipal(principal);
  } catch (error) {
    throw badPrincipal(error, where());
  }
}

function badPrincipal(error: unknown, where: string): unknown {
  if (!PrincipalError.isInstance(error)) return error;
  return new ToolsetError('TOOLSET_BAD_PRINCIPAL', `${where}: ${error.message}`, { cause: error });
}

export function isCompiledPolicy(value: unknown): value is CompiledPolicy {
  return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[COMPILED] === true;
}

function compileGroup(
  combine: Combine,
  rules: readonly PolicyNodeSpec[],
  prefix: string,
  pointer: string,
  obligates: Array<{ test: Test; obligations: Obligations }>,
): Node {
  // Leaf rules are kept as (test, outcome) pairs and run inline by the combiner: one closure
  // call per rule instead of two. Nested groups sit in `groups` with a null test.
  const tests: Array<Test | null> = [];
  const outcomes: Array<Outcome | undefined> = [];
  const groups: Array<Node | undefined> = [];
  rules.forEach((node, i) => {
    const at = `${pointer}/rules/${i}`;
    if ('combine' in node) {
      tests.push(null);
      outcomes.push(undefined);
      groups.push(
        compileGroup(
          node.combine,
          node.rules,
          node.id !== undefined ? `${node.id}` : prefix,
          node.id !== undefined ? '' : at,
          obligates,
        ),
      );
      return;
    }
    const test = compileMatch(node.match ?? {});
    const rule = node.id ?? `${prefix}${at}`;
    const obligations = toObligations(node.obligations, rule);
    if (node.effect === 'obligate') {
      obligates.push({ test, obligations });
      return;
    }
    const allow = node.effect === 'allow';
    const why = node.reason ?? describeMatch(node.match ?? {});
    const outcome: Outcome = Object.freeze({
      allow,
      rule,
      reason: `${allow ? 'allowed' : 'denied'} by rule ${JSON.stringify(rule)}: ${why}`,
      obligations: allow ? obligations : NO_OBLIGATIONS,
    });
    tests.push(test);
    outcomes.push(outcome);
    groups.push(undefined);
  });
  const n = tests.length;
  const child = (i: number, p: Principal, t: Tool, a: string): Outcome | undefined => {
    const test = tests[i]!;
    if (test !== null) return test(p, t, a) ? outcomes[i] : undefined;
    return groups[i]!(p, t, a);
  };
  switch (combine) {
    case 'first-applicable':
      return (p, t, a) => {
        for (let i = 0; i < n; i++) {
          const o = child(i, p, t, a);
          if (o !== undefined) return o;
        }
        return undefined;
      };
    case 'any-of':
      return (p, t, a) => {
        let deny: Outcome | undefined;
        for (let i = 0; i < n; i++) {
          const o = child(i, p, t, a);
          if (o === undefined) continue;
          if (o.allow) return o;
          deny ??= o;
        }
        return deny;
      };
    case 'all-of':
      return (p, t, a) => {
        let acc: Outcome | undefined;
        let all = n > 0;
        for (let i = 0; i < n; i++) {
          const o = child(i, p, t, a);
          if (o === undefined) {
            all = false;
            continue;
          }
          if (!o.allow) return o;
          acc = acc === undefined ? o : mergeAllow(acc, o);
        }
        return all ? acc : undefined;
      };
    default:
      return (p, t, a) => {
        let acc: Outcome | undefined;
        let deny: Outcome | undefined;
        for (let i = 0; i < n; i++) {
          const o = child(i, p, t, a);
          if (o === undefined) continue;
          if (!o.allow) {
            deny = o;
            break;
          }
          acc = acc === undefined ? o : mergeAllow(acc, o);
        }
        return deny ?? acc;
      };
  }
}

/** Keeps the first allow's reason and merges obligations; allocates only when the second adds any. */
function mergeAllow(a: Outcome, b: Outcome): Outcome {
  if (b.obligations === NO_OBLIGATIONS) return a;
  return {
    allow: true,
    reason: a.reason,
    rule: a.rule,
    obligations: mergeObligations(a.obligations, b.obligations),
  };
}
