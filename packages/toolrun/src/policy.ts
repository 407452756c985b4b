import type { Tool } from '@toolarsenal/toolmodel';
import picomatch from 'picomatch';
import { ToolRunError } from './errors.js';
import type { Principal } from './types.js';

/** When a call must wait for a human `runner.confirm`. */
export interface ConfirmationPolicy {
  /** Glob patterns over tool names (picomatch syntax). Default `['delete_*', 'payment_*']`. */
  patterns?: readonly string[];
  /** Tools annotated `destructiveHint: true` need confirmation. Default true. */
  destructive?: boolean;
  /** Token lifetime in ms. Default 300,000 (5 minutes). */
  ttlMs?: number;
  /** Pending confirmations kept at most (oldest dropped). Default 1,000. */
  maxPending?: number;
}

export const DEFAULT_CONFIRMATION_PATTERNS: readonly string[] = Object.freeze(['delete_*', 'payment_*']);

/** Compiles the confirmation policy once; the result answers per tool (evaluated at registration). */
export function compileConfirmationPolicy(
  policy: ConfirmationPolicy = {},
): (tool: Tool) => string | undefined {
  const patterns = policy.patterns ?? DEFAULT_CONFIRMATION_PATTERNS;
  const matchers = patterns.map((pattern) => ({ pattern, test: picomatch(pattern, { nocase: true }) }));
  const destructive = policy.destructive ?? true;
  return (tool) => {
    if (tool.requiresConfirmation) return 'the tool requires confirmation';
    if (destructive && tool.annotations.destructiveHint === true) return 'the tool is marked destructive';
    for (const m of matchers) if (m.test(tool.name)) return `the tool name matches "${m.pattern}"`;
    return undefined;
  };
}

/**
 * Capability and scope check. A principal whose `capabilities` (or `scopes`) is undefined is
 * unrestricted on that axis; an array grants exactly what it lists.
 */
export function checkAccess(
  toolName: string,
  requiredCapabilities: readonly string[],
  requiredScopes: readonly string[],
  principal: Principal,
): ToolRunError | undefined {
  const missingCapabilities =
    principal.capabilities && requiredCapabilities.length > 0
      ? missing(requiredCapabilities, principal.capabilities)
      : [];
  const missingScopes =
    principal.scopes && requiredScopes.length > 0 ? missing(requiredScopes, principal.scopes) : [];
  if (missingCapabilities.length === 0 && missingScopes.length === 0) return undefined;
  const parts: string[] = [];
  if (missingCapabilities.length > 0) parts.push(`missing capabilities: ${missingCapabilities.join(', ')}`);
  if (missingScopes.length > 0) parts.push(`missing scopes: ${missingScopes.join(', ')}`);
  return new ToolRunError(
    'permission_denied',
    'PERMISSION_DENIED',
    `Not allowed to call "${toolName}" (${parts.join('; ')}).`,
    { details: { principal: principal.id, missingCapabilities, missingScopes } },
  );
}

function missing(required: readonly string[], granted: readonly string[]): string[] {
  const out: string[] = [];
  for (const r of required) if (!granted.includes(r)) out.push(r);
  return out;
}
