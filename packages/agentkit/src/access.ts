// The one place the toolkits touch the principal and policy model (toolmodel's `Principal`,
// `Toolset.evaluate` and its obligations). A runner created with the same policy (toolrun's
// `policy` option) enforces it again at call time; the decisions agree.
import { normalizePrincipal, type Principal, PrincipalError, type Tool } from '@toolarsenal/toolmodel';
import type { PolicyAction, Toolset } from '@toolarsenal/toolset';
import { ToolkitError } from './errors.js';

export type { Principal };

const ANONYMOUS: Principal = Object.freeze({ id: 'anonymous' });

/** What the toolkit may offer and run for one caller. */
export interface Access {
  /** Whether the caller may `action` the tool (offering asks `list`, running asks `call`). */
  allows(tool: Tool, action?: PolicyAction): boolean;
  /** Why the policy wants a human to confirm this call first, if it does. */
  confirmation(tool: Tool): string | undefined;
  /** The principal for the runner (undefined: the runner's default principal). */
  readonly runPrincipal: Principal | undefined;
}

/**
 * Decisions come from the toolset (membership + its policy) when there is one. The runner's own
 * capability/scope check is mirrored so a tool the runner would refuse is never offered (a
 * principal that lists scopes or capabilities lacks every one it does not list).
 */
export function createAccess(toolset: Toolset | undefined, principal: Principal | undefined): Access {
  const who = principal === undefined ? ANONYMOUS : checked(principal);
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
    runPrincipal: principal === undefined ? undefined : who,
  };
}

/** toolmodel's normaliser (malformed fields refused, never guessed at), as a toolkit option error. */
function checked(principal: unknown): Principal {
  try {
    return normalizePrincipal(principal);
  } catch (error) {
    if (!PrincipalError.isInstance(error)) throw error;
    throw new ToolkitError('TOOLKIT_INVALID_OPTIONS', `options.principal: ${error.message}`, {
      cause: error,
    });
  }
}

/** `granted` undefined = unrestricted on this axis (toolrun's rule). */
function holds(granted: readonly string[] | undefined, required: readonly string[]): boolean {
  if (granted === undefined || required.length === 0) return true;
  return required.every((r) => granted.includes(r));
}
