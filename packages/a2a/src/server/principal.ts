/**
 * The one place this package touches the principal / policy model (toolmodel's `Principal`, shared
 * by toolset and toolrun). The exposure decides what a caller may list and call and whether a call
 * must be confirmed first; the runner gets the caller's whole principal, so a runner created with
 * `policy: exposure` (recommended) enforces the same decision and its obligations again —
 * rate limits and audits included.
 */
import type { Principal, Tool } from '@toolarsenal/toolmodel';
import type { Exposure } from '@toolarsenal/toolset';

/** Who is calling, as your `authenticate` hook reports it; `exposure` is the caller's level. */
export type A2APrincipal = Principal;

export interface AccessDecision {
  allow: boolean;
  /** Why (for logs; never sent to callers, it may name policy rules). */
  reason: string;
  /** Set when the call must be confirmed by the caller first. */
  confirm?: string;
}

export function levelOf(exposure: Exposure, principal: A2APrincipal): string {
  return exposure.levelOf(principal);
}

/** Exposure + policy decision for one action on one tool. */
export function decide(
  exposure: Exposure,
  principal: A2APrincipal,
  tool: Tool,
  action: 'list' | 'call',
): AccessDecision {
  // The runner's own capability/scope check, mirrored so a skill the runner would refuse is not listed.
  if (!holds(principal.scopes, tool.requiredScopes) || !holds(principal.capabilities, tool.capabilities))
    return { allow: false, reason: 'the caller lacks a scope or capability the tool requires' };
  const decision = exposure.evaluate(principal, tool, action);
  const out: AccessDecision = { allow: decision.allow, reason: decision.reason };
  const confirmation = decision.obligations.confirmation;
  if (decision.allow && confirmation) out.confirm = confirmation.reason;
  return out;
}

/** The principal the runner gets: the caller's, whole (its level included, for a runner `policy`). */
export function runnerPrincipal(principal: A2APrincipal): Principal {
  return principal.id === undefined ? { ...principal, id: 'anonymous' } : principal;
}

/** `granted` undefined = unrestricted on this axis (toolrun's rule); a list grants exactly itself. */
function holds(granted: readonly string[] | undefined, required: readonly string[]): boolean {
  return granted === undefined || required.every((r) => granted.includes(r));
}
