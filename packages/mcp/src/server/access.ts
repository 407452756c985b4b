// The one place this package touches the principal and policy model (toolset's `Principal`
// and `Decision`, toolrun's `Principal`). When the unified principal/decision API lands, only
// this file (and result-format.ts for formatting) should need to change.
import type { Tool } from '@toolarsenal/toolmodel';
import type { Principal as RunPrincipal } from '@toolarsenal/toolmodel';
import { type Runner, ToolRunError } from '@toolarsenal/toolrun';
import type { PolicyAction, Principal } from '@toolarsenal/toolset';

/** What the transport knows about one request, handed to `principal()`. */
export interface McpRequestInfo {
  /** Validated token info from the HTTP layer (never derived from headers by this package). */
  authInfo?: {
    token: string;
    clientId: string;
    scopes: string[];
    expiresAt?: number;
    extra?: Record<string, unknown>;
  };
  /** `modern` = 2026-07-28 per-request envelope; `legacy` = 2025-11-25 (initialize/sessions). */
  era: 'legacy' | 'modern';
  transport: 'http' | 'stdio' | 'other';
}

/** Maps a request to the caller. Return undefined for "anonymous". */
export type PrincipalResolver = (
  info: McpRequestInfo,
) => Principal | undefined | Promise<Principal | undefined>;

const ANONYMOUS: Principal = Object.freeze({ id: 'anonymous' });

/** Default: an authenticated HTTP request is its OAuth client with the token's scopes. */
export const defaultPrincipal: PrincipalResolver = (info) =>
  info.authInfo ? { id: info.authInfo.clientId, scopes: [...info.authInfo.scopes] } : undefined;

export async function resolvePrincipal(
  resolver: PrincipalResolver,
  info: McpRequestInfo,
): Promise<Principal> {
  const principal = await resolver(info);
  return principal ?? ANONYMOUS;
}

export interface AccessCheck {
  /** Whether `principal` may `action` the tool: listing, finding, describing and calling all ask. */
  allows(principal: Principal, tool: Tool, action: PolicyAction): boolean;
  /** A confirmation the policy demands before this principal calls the tool, if any. */
  confirmation(principal: Principal, tool: Tool): string | undefined;
  /** The principal in the shape the runner takes. */
  forRunner(principal: Principal): RunPrincipal;
}

/**
 * Every decision is the runner's (`runner.authorize`): the tool's declared capabilities and
 * scopes, then the runner's `policy` (the served toolset when the server made the runner). What
 * a caller may list, find and describe is therefore exactly what the runner would let it call.
 */
export function createAccessCheck(runner: Runner): AccessCheck {
  const decide = (principal: Principal, tool: Tool, action: PolicyAction) => {
    const decision = runner.authorize(tool.id, principal, action);
    return ToolRunError.isInstance(decision) ? undefined : decision;
  };
  return {
    allows: (principal, tool, action) => decide(principal, tool, action)?.allow === true,
    confirmation(principal, tool) {
      const decision = decide(principal, tool, 'call');
      return decision?.allow && decision.obligations.confirmation
        ? decision.obligations.confirmation.reason
        : undefined;
    },
    forRunner: (principal) => (principal.id === undefined ? { ...principal, id: 'anonymous' } : principal),
  };
}
