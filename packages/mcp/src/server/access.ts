// The one place this package touches the principal and policy model (toolset's `Principal`
// and `Decision`, toolrun's `Principal`). When the unified principal/decision API lands, only
// this file (and result-format.ts for formatting) should need to change.
import type { Tool } from '@toolarsenal/toolmodel';
import type { Principal as RunPrincipal } from '@toolarsenal/toolmodel';
import type { PolicyAction, Principal, Toolset } from '@toolarsenal/toolset';

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
 * Decisions come from the toolset (membership + its policy) when there is one. The runner's own
 * capability/scope check is mirrored here so that a tool the runner would refuse is not listed
 * either (deny by default: a principal that lists scopes lacks every scope it does not list).
 */
export function createAccessCheck(toolset: Toolset | undefined): AccessCheck {
  return {
    allows(principal, tool, action) {
      if (!holds(principal.scopes, tool.requiredScopes)) return false;
      if (!holds(principal.capabilities, tool.capabilities)) return false;
      return toolset ? toolset.evaluate(principal, tool, action).allow : true;
    },
    confirmation(principal, tool) {
      if (!toolset) return undefined;
      const decision = toolset.evaluate(principal, tool, 'call');
      return decision.allow && decision.obligations.confirmation
        ? decision.obligations.confirmation.reason
        : undefined;
    },
    forRunner(principal) {
      return {
        id: principal.id ?? 'anonymous',
        ...(principal.scopes ? { scopes: principal.scopes } : {}),
        ...(principal.capabilities ? { capabilities: principal.capabilities } : {}),
      };
    },
  };
}

/** `granted` undefined = unrestricted on this axis (toolrun's rule). */
function holds(granted: readonly string[] | undefined, required: readonly string[]): boolean {
  if (!granted || required.length === 0) return true;
  return required.every((r) => granted.includes(r));
}
