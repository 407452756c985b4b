import type { HintName } from './annotations.js';

import type {
  AccessDecision,
  AuditLevel,
  Obligations,
  PolicyAction,
  Principal,
  RateLimitObligation,
} from '@toolarsenal/toolmodel';

// One principal and decision model for toolset and toolrun, defined in toolmodel.
export type { AuditLevel, Obligations, PolicyAction, Principal, RateLimitObligation };

/** The answer to one request (toolmodel's `AccessDecision`). Frozen and shared between calls: do not mutate. */
export type Decision = AccessDecision;

/**
 * Conditions of a rule. Every field present must hold (AND); the values inside one field are
 * alternatives (OR). An empty match matches everything.
 */
export interface MatchSpec {
  /** Principal's tenant is one of these. */
  tenant?: string[];
  /** Principal has one of these roles. */
  role?: string[];
  /** Principal holds one of these scopes. */
  scope?: string[];
  /** Principal holds one of these capabilities. */
  principalCapability?: string[];
  /** Principal's exposure level is one of these. */
  exposure?: string[];
  /** Tool namespace matches one of these (exact or glob). */
  namespace?: string[];
  /** Tool has one of these tags. */
  tag?: string[];
  category?: string[];
  /** Tool source kind (`mcp`, `openapi`, …). */
  source?: string[];
  /** Tool id/name patterns (see patterns.ts). */
  tool?: string[];
  /** Tool declares one of these capabilities. */
  capability?: string[];
  /** Effective MCP hints (absent hints take MCP defaults). */
  annotation?: Partial<Record<HintName, boolean>>;
  /** Action is one of these. */
  action?: string[];
  /** true: principal lacks at least one of the tool's `requiredScopes`. */
  missingScopes?: boolean;
  /** true: principal lacks at least one of the tool's `capabilities`. */
  missingCapabilities?: boolean;
  allOf?: MatchSpec[];
  anyOf?: MatchSpec[];
  not?: MatchSpec;
}

/** A rate-limit obligation as written in a policy (its `scope` is set from the rule when compiled). */
export interface RateLimitSpec {
  requests: number;
  intervalMs: number;
  /** Who the limit is counted for; default `principal`. */
  per?: 'principal' | 'tenant' | 'global';
}

export interface ObligationSpec {
  /** Require human confirmation; a string gives the reason shown to the user. */
  confirm?: boolean | string;
  rateLimit?: RateLimitSpec;
  audit?: boolean | AuditLevel;
}

/**
 * `allow`/`deny` rules decide; `obligate` rules never decide but add their obligations to any
 * allow decision whose request they match.
 */
export interface RuleSpec {
  id?: string;
  effect: 'allow' | 'deny' | 'obligate';
  match?: MatchSpec;
  reason?: string;
  obligations?: ObligationSpec;
}

/**
 * How child results combine:
 * - `deny-overrides`: any deny → deny; else any allow → allow (obligations merged); else no decision.
 * - `all-of`: any deny → deny; all children allow → allow; else no decision.
 * - `any-of`: first allow → allow; else any deny → deny; else no decision.
 * - `first-applicable`: the first child that decides.
 */
export type Combine = 'deny-overrides' | 'all-of' | 'any-of' | 'first-applicable';

export interface PolicyGroupSpec {
  id?: string;
  combine: Combine;
  rules: PolicyNodeSpec[];
}

export type PolicyNodeSpec = RuleSpec | PolicyGroupSpec;

export interface AccessPolicySpec {
  id: string;
  description?: string;
  /** Deny when no rule decides. Default false (allow when no rule decides). */
  zeroTrust?: boolean;
  /** Default `deny-overrides`. */
  combine?: Combine;
  rules: PolicyNodeSpec[];
  /** Add the tool's own `requiresConfirmation` and `cost.rateLimit` as obligations. Default true. */
  toolObligations?: boolean;
}
