import type { Tool } from '@toolarsenal/toolmodel';
import { inspectJson, pathToPointer } from '@toolarsenal/toolmodel';
import { HINTS, type HintName, hintsMatch } from './annotations.js';
import { ToolsetError } from './errors.js';
import { compilePatterns, compileStringPatterns } from './patterns.js';
import { accessPolicySchema } from './policy-schema.js';
import type {
  AccessPolicySpec,
  AuditLevel,
  Combine,
  Decision,
  MatchSpec,
  ObligationSpec,
  Obligations,
  PolicyAction,
  PolicyNodeSpec,
  Principal,
  RateLimitObligation,
} from './policy-types.js';

type Test = (p: Principal, t: Tool, a: string) => boolean;

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

export const NO_OBLIGATIONS: Obligations = Object.freeze({ confirmation: false, audit: false });

const EMPTY: readonly string[] = Object.freeze([]);

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
  const evaluate = (
    principal: Principal,
    tool: Tool,
    action: PolicyAction = 'call',
    options?: { zeroTrust?: boolean },
  ): Decision => {
    if (typeof principal !== 'object' || principal === null) {
      throw new ToolsetError(
        'TOOLSET_BAD_PRINCIPAL',
        `policy ${JSON.stringify(policy.id)}: the principal must be an object`,
      );
    }
    if (typeof tool !== 'object' || tool === null || !Array.isArray(tool.tags)) {
      throw new ToolsetError(
        'TOOLSET_BAD_TOOL',
        `policy ${JSON.stringify(policy.id)}: evaluate needs a canonical tool`,
      );
    }
    // Rule outcomes are frozen Decisions built at compile time: most calls allocate nothing.
    const out = root(principal, tool, action);
    if (out !== undefined && !out.allow) return out;
    if (out === undefined && (zeroTrust || options?.zeroTrust === true)) return defaultDeny;
    let obligations = out?.obligations ?? NO_OBLIGATIONS;
    for (const o of obligates)
      if (o.test(principal, tool, action)) obligations = mergeObligations(obligations, o.obligations);
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
  return Object.freeze({ id: policy.id, zeroTrust, spec: policy, evaluate, [COMPILED]: true });
}

const COMPILED = Symbol.for('toolarsenal.toolset.compiled-policy');

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
  const children: Node[] = [];
  rules.forEach((node, i) => {
    const at = `${pointer}/rules/${i}`;
    if ('combine' in node) {
      children.push(
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
    const obligations = toObligations(node.obligations);
    if (node.effect === 'obligate') {
      obligates.push({ test, obligations });
      return;
    }
    const rule = node.id ?? `${prefix}${at}`;
    const allow = node.effect === 'allow';
    const why = node.reason ?? describeMatch(node.match ?? {});
    const outcome: Outcome = Object.freeze({
      allow,
      rule,
      reason: `${allow ? 'allowed' : 'denied'} by rule ${JSON.stringify(rule)}: ${why}`,
      obligations: allow ? obligations : NO_OBLIGATIONS,
    });
    children.push((p, t, a) => (test(p, t, a) ? outcome : undefined));
  });
  const n = children.length;
  switch (combine) {
    case 'first-applicable':
      return (p, t, a) => {
        for (let i = 0; i < n; i++) {
          const o = children[i]!(p, t, a);
          if (o !== undefined) return o;
        }
        return undefined;
      };
    case 'any-of':
      return (p, t, a) => {
        let deny: Outcome | undefined;
        for (let i = 0; i < n; i++) {
          const o = children[i]!(p, t, a);
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
          const o = children[i]!(p, t, a);
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
          const o = children[i]!(p, t, a);
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

function toObligations(spec: ObligationSpec | undefined): Obligations {
  if (spec === undefined) return NO_OBLIGATIONS;
  const confirmation =
    spec.confirm === undefined || spec.confirm === false
      ? false
      : { reason: typeof spec.confirm === 'string' ? spec.confirm : 'confirmation required by policy' };
  const audit: false | AuditLevel =
    spec.audit === undefined || spec.audit === false ? false : spec.audit === true ? 'basic' : spec.audit;
  if (!confirmation && !audit && spec.rateLimit === undefined) return NO_OBLIGATIONS;
  return Object.freeze({
    confirmation,
    audit,
    ...(spec.rateLimit !== undefined && {
      rateLimit: Object.freeze({ per: 'principal' as const, ...spec.rateLimit }),
    }),
  });
}

/** Confirmation: the first reason wins; audit: the stronger level; rate limit: the lower rate. */
export function mergeObligations(a: Obligations, b: Obligations): Obligations {
  if (b === NO_OBLIGATIONS || a === b) return a;
  if (a === NO_OBLIGATIONS) return b;
  const audit = a.audit === 'full' || b.audit === 'full' ? 'full' : a.audit || b.audit;
  const rateLimit = stricter(a.rateLimit, b.rateLimit);
  return Object.freeze({
    confirmation: a.confirmation || b.confirmation,
    audit,
    ...(rateLimit !== undefined && { rateLimit }),
  });
}

function stricter(
  a: Readonly<RateLimitObligation> | undefined,
  b: Readonly<RateLimitObligation> | undefined,
): Readonly<RateLimitObligation> | undefined {
  if (a === undefined) return b;
  if (b === undefined) return a;
  return b.requests / b.intervalMs < a.requests / a.intervalMs ? b : a;
}

const toolObligationCache = new WeakMap<Tool, Obligations>();

function addToolObligations(obligations: Obligations, tool: Tool): Obligations {
  if (!tool.requiresConfirmation && tool.cost?.rateLimit === undefined) return obligations;
  let own = toolObligationCache.get(tool);
  if (own === undefined) {
    const limit = tool.cost?.rateLimit;
    own = Object.freeze({
      confirmation: tool.requiresConfirmation ? { reason: `tool ${tool.id} requires confirmation` } : false,
      audit: false,
      ...(limit !== undefined && { rateLimit: Object.freeze({ ...limit, per: 'global' as const }) }),
    });
    toolObligationCache.set(tool, own);
  }
  return mergeObligations(obligations, own);
}

function anyIn(values: readonly string[] | undefined, set: ReadonlySet<string>): boolean {
  // Principals come from the caller's auth layer: anything but an array counts as empty.
  if (!Array.isArray(values)) return false;
  for (let i = 0; i < values.length; i++) if (set.has(values[i]!)) return true;
  return false;
}

function lacksAny(held: readonly string[] | undefined, needed: readonly string[]): boolean {
  if (needed.length === 0) return false;
  const h = Array.isArray(held) ? held : EMPTY;
  for (let i = 0; i < needed.length; i++) if (!h.includes(needed[i]!)) return true;
  return false;
}

/** Compiles a match into one closure: Sets for value lists, precompiled globs for patterns. */
export function compileMatch(m: MatchSpec): Test {
  const tests: Test[] = [];
  // Pattern tests (RegExp) run after the cheap Set and flag tests, so most misses exit early.
  const slow: Test[] = [];
  if (m.tenant) {
    const s = new Set(m.tenant);
    tests.push((p) => p.tenant !== undefined && s.has(p.tenant));
  }
  if (m.role) {
    const s = new Set(m.role);
    tests.push((p) => anyIn(p.roles, s));
  }
  if (m.scope) {
    const s = new Set(m.scope);
    tests.push((p) => anyIn(p.scopes, s));
  }
  if (m.principalCapability) {
    const s = new Set(m.principalCapability);
    tests.push((p) => anyIn(p.capabilities, s));
  }
  if (m.exposure) {
    const s = new Set(m.exposure);
    tests.push((p) => p.exposure !== undefined && s.has(p.exposure));
  }
  if (m.namespace) {
    const ns = compileStringPatterns(m.namespace, 'match.namespace');
    slow.push((_p, t) => ns(t.namespace));
  }
  if (m.tag) {
    const s = new Set(m.tag);
    tests.push((_p, t) => anyIn(t.tags, s));
  }
  if (m.category) {
    const s = new Set(m.category);
    tests.push((_p, t) => t.category !== undefined && s.has(t.category));
  }
  if (m.source) {
    const s = new Set(m.source);
    tests.push((_p, t) => s.has(t.source));
  }
  if (m.tool) {
    const pats = compilePatterns(m.tool, 'match.tool');
    slow.push((_p, t) => pats.test(t));
  }
  if (m.capability) {
    const s = new Set(m.capability);
    tests.push((_p, t) => anyIn(t.capabilities, s));
  }
  if (m.annotation) {
    const wanted = HINTS.filter((h) => m.annotation?.[h] !== undefined).map(
      (h) => [h, m.annotation![h]] as [HintName, boolean],
    );
    if (wanted.length > 0) tests.push((_p, t) => hintsMatch(t, wanted));
  }
  if (m.action) {
    const s = new Set(m.action);
    tests.push((_p, _t, a) => s.has(a));
  }
  if (m.missingScopes !== undefined) {
    const want = m.missingScopes;
    tests.push((p, t) => lacksAny(p.scopes, t.requiredScopes) === want);
  }
  if (m.missingCapabilities !== undefined) {
    const want = m.missingCapabilities;
    tests.push((p, t) => lacksAny(p.capabilities, t.capabilities) === want);
  }
  if (m.allOf) {
    const subs = m.allOf.map(compileMatch);
    tests.push((p, t, a) => {
      for (let i = 0; i < subs.length; i++) if (!subs[i]!(p, t, a)) return false;
      return true;
    });
  }
  if (m.anyOf) {
    const subs = m.anyOf.map(compileMatch);
    tests.push((p, t, a) => {
      for (let i = 0; i < subs.length; i++) if (subs[i]!(p, t, a)) return true;
      return false;
    });
  }
  if (m.not) {
    const sub = compileMatch(m.not);
    tests.push((p, t, a) => !sub(p, t, a));
  }
  tests.push(...slow);
  const n = tests.length;
  if (n === 0) return () => true;
  if (n === 1) return tests[0]!;
  if (n === 2) {
    const [x, y] = tests as [Test, Test];
    return (p, t, a) => x(p, t, a) && y(p, t, a);
  }
  return (p, t, a) => {
    for (let i = 0; i < n; i++) if (!tests[i]!(p, t, a)) return false;
    return true;
  };
}

const q = (v: readonly string[]) => v.map((x) => JSON.stringify(x)).join(', ');

/** Human-readable summary of a match, used as the default rule reason. */
export function describeMatch(m: MatchSpec): string {
  const parts: string[] = [];
  const add = (label: string, v: readonly string[] | undefined) => {
    if (v) parts.push(`${label} in [${q(v)}]`);
  };
  add('tenant', m.tenant);
  add('role', m.role);
  add('scope', m.scope);
  add('principal capability', m.principalCapability);
  add('exposure', m.exposure);
  add('namespace', m.namespace);
  add('tag', m.tag);
  add('category', m.category);
  add('source', m.source);
  add('tool', m.tool);
  add('tool capability', m.capability);
  if (m.annotation)
    parts.push(
      Object.entries(m.annotation)
        .map(([k, v]) => `${k}=${v}`)
        .join(' and '),
    );
  add('action', m.action);
  if (m.missingScopes !== undefined)
    parts.push(m.missingScopes ? 'principal lacks a required scope' : 'principal holds every required scope');
  if (m.missingCapabilities !== undefined)
    parts.push(
      m.missingCapabilities ? 'principal lacks a tool capability' : 'principal holds every tool capability',
    );
  if (m.allOf) parts.push(`all of (${m.allOf.map(describeMatch).join('; ')})`);
  if (m.anyOf) parts.push(`any of (${m.anyOf.map(describeMatch).join('; ')})`);
  if (m.not) parts.push(`not (${describeMatch(m.not)})`);
  return parts.length === 0 ? 'matches every request' : parts.join(' and ');
}
