// The one place the toolkits touch the principal and policy model (toolset's `Principal`,
// `Toolset.evaluate` and its obligations; toolrun's `Principal`). When the runner takes a policy
// itself (toolrun's planned `policy` option), only this file should need to change.
import type { Tool } from '@toolarsenal/toolmodel';
import type { Principal as RunPrincipal } from '@toolarsenal/toolrun';
import type { PolicyAction, Principal, Toolset } from '@toolarsenal/toolset';
import { invalidOption } from './errors.js';

export type { Principal };

const ANONYMOUS: Principal = Object.freeze({ id: 'anonymous' });

/** What the toolkit may offer and run for one caller. */
export interface Access {
  /** Whether the caller may `action` the tool (offering asks `list`, running asks `call`). */
  allows(tool: Tool, action?: PolicyAction): boolean;
  /** Why the policy wants a human to confirm this call first, if it does. */
  confirmation(tool: Tool): string | undefined;
  /** The principal in the runner's shape (undefined: the runner's default principal). */
  readonly runPrincipal: RunPrincipal | undefined;
}

/**
 * Decisions come from the toolset (membership + its policy) when there is one. The runner's own
 * capability/scope check is mirrored so a tool the runner would refuse is never offered (a
 * principal that lists scopes or capabilities lacks every one it does not list).
 */
export function createAccess(toolset: Toolset | undefined, principal: Principal | undefined): Access {
  if (
    principal !== undefined &&
    (typeof principal !== 'object' || principal === null || Array.isArray(principal))
  )
    throw invalidOption('options.principal', 'a principal object', principal);
  const who = principal ?? ANONYMOUS;
  return {
    allows(tool, action = 'call') {
      if (!holds(who.scopes, tool.requiredScopes)) return false;
      if (!holds(who.capabilities, tool.capabilities)) return false;
      return toolset ? toolset.evaluate(who, tool, action).allow : true;
    },
    confirmation(tool) {
      if (!toolset) return undefined;
      const decision = toolset.evaluate(who, tool, 'call');
      return decision.allow && decision.obligations.confirmation
        ? decision.obligations.confirmation.reason
        : undefined;
    },
    runPrincipal:
      principal === undefined
        ? undefined
        : {
            id: principal.id ?? 'anonymous',
            ...(Array.isArray(principal.scopes) ? { scopes: principal.scopes } : {}),
            ...(Array.isArray(principal.capabilities) ? { capabilities: principal.capabilities } : {}),
          },
  };
}

/** `granted` undefined = unrestricted on this axis (toolrun's rule). */
function holds(granted: readonly string[] | undefined, required: readonly string[]): boolean {
  if (!Array.isArray(granted) || required.length === 0) return true;
  return required.every((r) => granted.includes(r));
}
