import {
  type AccessDecision,
  type AccessPolicy,
  NO_OBLIGATIONS,
  type NormalizedPrincipal,
  normalizePrincipal,
  PrincipalError,
  type Tool,
} from '@toolarsenal/toolmodel';
import { ToolRunError } from './errors.js';

/**
 * The runner's built-in decision: a tool's declared needs. A principal with a `capabilities`
 * (or `scopes`) list must hold every capability (scope) the tool declares; a principal without
 * that list is not restricted on that axis. Always applied; a configured `policy` decides on top.
 */
export function checkDeclaredNeeds(tool: Tool, principal: NormalizedPrincipal): ToolRunError | undefined {
  const missingCapabilities =
    principal.capabilities && tool.capabilities.length > 0
      ? missing(tool.capabilities, principal.capabilities)
      : [];
  const missingScopes =
    principal.scopes && tool.requiredScopes.length > 0 ? missing(tool.requiredScopes, principal.scopes) : [];
  if (missingCapabilities.length === 0 && missingScopes.length === 0) return undefined;
  const parts: string[] = [];
  if (missingCapabilities.length > 0) parts.push(`missing capabilities: ${missingCapabilities.join(', ')}`);
  if (missingScopes.length > 0) parts.push(`missing scopes: ${missingScopes.join(', ')}`);
  return new ToolRunError(
    'permission_denied',
    'PERMISSION_DENIED',
    `Not allowed to call "${tool.name}" (${parts.join('; ')}).`,
    { details: { principal: principal.id, missingCapabilities, missingScopes } },
  );
}

function missing(required: readonly string[], granted: readonly string[]): string[] {
  const out: string[] = [];
  for (const r of required) if (!granted.includes(r)) out.push(r);
  return out;
}

/** Normalises a caller's principal; a malformed one becomes the `INVALID_PRINCIPAL` refusal. */
export function principalOf(input: unknown): NormalizedPrincipal | ToolRunError {
  try {
    return normalizePrincipal(input);
  } catch (error) {
    if (!PrincipalError.isInstance(error)) throw error;
    return new ToolRunError('permission_denied', 'INVALID_PRINCIPAL', `Access refused: ${error.message}.`, {
      details: { field: error.field },
    });
  }
}

const ALLOWED_BY_DEFAULT: AccessDecision = Object.freeze({
  allow: true,
  reason: 'the tool declares no need the principal lacks',
  obligations: NO_OBLIGATIONS,
});

/**
 * Asks the configured policy (if any) and checks its answer. A policy that throws or answers
 * with anything but a well-formed decision denies: access fails closed.
 */
export function decide(
  policy: AccessPolicy | undefined,
  principal: NormalizedPrincipal,
  tool: Tool,
): AccessDecision | ToolRunError {
  if (policy === undefined) return ALLOWED_BY_DEFAULT;
  let decision: unknown;
  try {
    decision = policy.evaluate(principal, tool, 'call');
  } catch (error) {
    return policyError(
      tool,
      `the access policy failed: ${(error as Error)?.message ?? String(error)}`,
      error,
    );
  }
  const problem = explainInvalidDecision(decision);
  if (problem !== undefined) return policyError(tool, `the access policy returned ${problem}`);
  const d = decision as AccessDecision;
  if (!d.allow) {
    return new ToolRunError(
      'permission_denied',
      'PERMISSION_DENIED',
      `Not allowed to call "${tool.name}": ${d.reason}`,
      {
        details: {
          principal: principal.id,
          reason: d.reason,
          ...(d.rule !== undefined ? { rule: d.rule } : {}),
        },
      },
    );
  }
  return d;
}

function policyError(tool: Tool, message: string, cause?: unknown): ToolRunError {
  return new ToolRunError(
    'permission_denied',
    'POLICY_ERROR',
    `Access to "${tool.name}" refused: ${message}.`,
    {
      ...(cause !== undefined ? { cause } : {}),
    },
  );
}

/** Why `value` is not a usable decision, or undefined. */
function explainInvalidDecision(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null) return 'no decision';
  const d = value as Record<string, unknown>;
  if (typeof d.allow !== 'boolean') return 'a decision whose "allow" is not a boolean';
  if (typeof d.reason !== 'string') return 'a decision without a "reason"';
  if (d.rule !== undefined && typeof d.rule !== 'string') return 'a decision whose "rule" is not a string';
  const o = d.obligations as Record<string, unknown> | undefined;
  if (typeof o !== 'object' || o === null) return 'a decision without "obligations"';
  const c = o.confirmation as { reason?: unknown } | false;
  if (c !== false && !(typeof c === 'object' && c !== null && typeof c.reason === 'string'))
    return 'a malformed confirmation obligation';
  if (o.audit !== false && o.audit !== 'basic' && o.audit !== 'full') return 'a malformed audit obligation';
  const r = o.rateLimit as Record<string, unknown> | undefined;
  if (r !== undefined) {
    const positive = (n: unknown) => typeof n === 'number' && Number.isFinite(n) && n > 0;
    if (
      typeof r !== 'object' ||
      r === null ||
      !positive(r.requests) ||
      (r.requests as number) < 1 ||
      !positive(r.intervalMs)
    )
      return 'a malformed rate-limit obligation';
    if (r.per !== undefined && r.per !== 'principal' && r.per !== 'tenant' && r.per !== 'global')
      return 'a rate-limit obligation with an unknown "per"';
    if (r.scope !== undefined && typeof r.scope !== 'string')
      return 'a rate-limit obligation whose "scope" is not a string';
  }
  return undefined;
}
