import type { HintName } from './annotations.js';
import type {
  AccessPolicySpec,
  AuditLevel,
  Combine,
  MatchSpec,
  ObligationSpec,
  PolicyGroupSpec,
  PolicyNodeSpec,
  RuleSpec,
} from './policy-types.js';

/**
 * Fluent rule: `deny.annotation({ destructiveHint: true }).because('no destructive tools')`.
 * Each condition method ANDs one more condition; the values given to one method are alternatives.
 * Builders are immutable: every call returns a new rule, so a shared prefix can be reused.
 */
export class RuleBuilder {
  readonly #spec: RuleSpec;
  constructor(spec: RuleSpec) {
    this.#spec = spec;
  }
  #with(match: MatchSpec): RuleBuilder {
    return new RuleBuilder({
      ...this.#spec,
      match: { ...this.#spec.match, ...mergeMatch(this.#spec.match ?? {}, match) },
    });
  }
  tenant(...tenants: string[]) {
    return this.#with({ tenant: tenants });
  }
  role(...roles: string[]) {
    return this.#with({ role: roles });
  }
  scope(...scopes: string[]) {
    return this.#with({ scope: scopes });
  }
  principalCapability(...capabilities: string[]) {
    return this.#with({ principalCapability: capabilities });
  }
  exposure(...levels: string[]) {
    return this.#with({ exposure: levels });
  }
  namespace(...namespaces: string[]) {
    return this.#with({ namespace: namespaces });
  }
  tag(...tags: string[]) {
    return this.#with({ tag: tags });
  }
  category(...categories: string[]) {
    return this.#with({ category: categories });
  }
  source(...sources: string[]) {
    return this.#with({ source: sources });
  }
  /** Tool ids, names or globs. */
  tool(...patterns: string[]) {
    return this.#with({ tool: patterns });
  }
  /** Tools declaring one of these capabilities. */
  capability(...capabilities: string[]) {
    return this.#with({ capability: capabilities });
  }
  annotation(hints: Partial<Record<HintName, boolean>>) {
    return this.#with({ annotation: hints });
  }
  /** Shorthand for `annotation({ destructiveHint: true })` (MCP defaults apply to absent hints). */
  destructive() {
    return this.annotation({ destructiveHint: true });
  }
  readOnly() {
    return this.annotation({ readOnlyHint: true });
  }
  action(...actions: string[]) {
    return this.#with({ action: actions });
  }
  /** Matches when the principal lacks one of the tool's `requiredScopes`. */
  missingScopes() {
    return this.#with({ missingScopes: true });
  }
  /** Matches when the principal lacks one of the tool's capabilities. */
  missingCapabilities() {
    return this.#with({ missingCapabilities: true });
  }
  /** Adds an arbitrary match (e.g. with `anyOf`/`not`). */
  when(match: MatchSpec) {
    return this.#with(match);
  }
  id(id: string) {
    return new RuleBuilder({ ...this.#spec, id });
  }
  because(reason: string) {
    return new RuleBuilder({ ...this.#spec, reason });
  }
  #oblige(o: ObligationSpec) {
    return new RuleBuilder({ ...this.#spec, obligations: { ...this.#spec.obligations, ...o } });
  }
  /** Obligation: ask a human before running. */
  confirm(reason?: string) {
    return this.#oblige({ confirm: reason ?? true });
  }
  /** Obligation: at most `requests` per `intervalMs`, counted per principal unless `per` says otherwise. */
  rateLimit(requests: number, intervalMs: number, per?: 'principal' | 'tenant' | 'global') {
    return this.#oblige({ rateLimit: { requests, intervalMs, ...(per !== undefined && { per }) } });
  }
  audit(level: AuditLevel = 'basic') {
    return this.#oblige({ audit: level });
  }
  toSpec(): RuleSpec {
    return structuredClone(this.#spec);
  }
}

function mergeMatch(a: MatchSpec, b: MatchSpec): MatchSpec {
  const out: MatchSpec = {};
  for (const [k, v] of Object.entries(b) as Array<[keyof MatchSpec, unknown]>) {
    const prev = a[k];
    if (Array.isArray(prev) && Array.isArray(v) && k !== 'allOf' && k !== 'anyOf') {
      // Repeating a condition ANDs it: keep both as allOf so neither widens the other.
      out.allOf = [...(a.allOf ?? []), { [k]: v } as MatchSpec];
    } else if (k === 'annotation') {
      out.annotation = { ...a.annotation, ...(v as MatchSpec['annotation']) };
    } else {
      (out as Record<string, unknown>)[k] = v;
    }
  }
  return out;
}

type RuleStart = RuleBuilder & { all(): RuleBuilder };

function starter(effect: RuleSpec['effect']): RuleStart {
  const base = new RuleBuilder({ effect, match: {} });
  return Object.assign(base, { all: () => base }) as RuleStart;
}

/** Start an allow rule: `allow.role('sre')`, `allow.all()`. */
export const allow: RuleStart = starter('allow');
/** Start a deny rule: `deny.destructive()`, `deny.tenant('blocked')`. */
export const deny: RuleStart = starter('deny');
/** Start an obligation-only rule: `obligate.tag('payments').confirm()`. */
export const obligate: RuleStart = starter('obligate');

export type PolicyNodeInput = RuleBuilder | PolicyNodeSpec;

export function toNodeSpec(node: PolicyNodeInput): PolicyNodeSpec {
  return node instanceof RuleBuilder ? node.toSpec() : node;
}

function group(combine: Combine, nodes: PolicyNodeInput[]): PolicyGroupSpec {
  return { combine, rules: nodes.map(toNodeSpec) };
}

/** Allow only when every child allows; any deny denies. */
export const allOf = (...nodes: PolicyNodeInput[]) => group('all-of', nodes);
/** Allow when any child allows. */
export const anyOf = (...nodes: PolicyNodeInput[]) => group('any-of', nodes);
/** Any deny wins; otherwise any allow allows. */
export const denyOverrides = (...nodes: PolicyNodeInput[]) => group('deny-overrides', nodes);
/** The first child that decides. */
export const firstApplicable = (...nodes: PolicyNodeInput[]) => group('first-applicable', nodes);

export interface PolicyOptions {
  description?: string;
  zeroTrust?: boolean;
  combine?: Combine;
  toolObligations?: boolean;
}

/** Assembles an access policy spec; compile it with `compilePolicy` (the builder and toolsets do so for you). */
export function policy(id: string, options: PolicyOptions, ...rules: PolicyNodeInput[]): AccessPolicySpec {
  return { id, ...options, rules: rules.map(toNodeSpec) };
}
