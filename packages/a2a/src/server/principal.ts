/**
 * The one place this package touches the principal / policy model: toolset's principal and
 * exposure decide (membership, policy, confirmation obligation); toolrun's principal is derived for
 * the runner's capability/scope checks. When toolrun enforces toolset decisions itself, only this
 * module changes.
 */
import type { Tool } from '@toolarsenal/toolmodel';
import type { Principal as RunnerPrincipal } from '@toolarsenal/toolrun';
import type { Exposure, Principal } from '@toolarsenal/toolset';

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

/** The runner's view of the caller (capabilities/scopes left undefined stay unrestricted there). */
export function runnerPrincipal(principal: A2APrincipal): RunnerPrincipal {
  const out: RunnerPrincipal = { id: principal.id ?? 'anonymous' };
  if (principal.capabilities) out.capabilities = principal.capabilities;
  if (principal.scopes) out.scopes = principal.scopes;
  return out;
}

/** `granted` undefined = unrestricted on this axis (toolrun's rule); a list grants exactly itself. */
function holds(granted: readonly string[] | undefined, required: readonly string[]): boolean {
  return granted === undefined || required.every((r) => granted.includes(r));
}
