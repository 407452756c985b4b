import { NO_OBLIGATIONS, type Tool } from '@toolarsenal/toolmodel';
import type { AuditLevel, ObligationSpec, Obligations, RateLimitObligation } from './policy-types.js';
import { toolCost, toolRequiresConfirmation } from './tool-fields.js';

export { NO_OBLIGATIONS };

/**
 * A rule's obligations. A rate limit gets the rule's id as its `scope`: the calls that rule allows
 * share one budget (per principal, tenant or globally), whatever tool they call.
 */
export function toObligations(spec: ObligationSpec | undefined, rule: string): Obligations {
  if (spec === undefined) return NO_OBLIGATIONS;
  const confirmation =
    spec.confirm === undefined || spec.confirm === false
      ? false
      : { reason: typeof spec.confirm === 'string' ? spec.confirm : 'confirmation required by policy' };
  const audit: false | AuditLevel =
    spec.audit === undefined || spec.audit === false ? false : spec.audit === true ? 'basic' : spec.audit;
  if (!confirmation && !audit && spec.rateLimit === undefined) return NO_OBLIGATIONS;
  return Object.freeze({
    confirmation,
    audit,
    ...(spec.rateLimit !== undefined && {
      rateLimit: Object.freeze({ per: 'principal' as const, ...spec.rateLimit, scope: rule }),
    }),
  });
}

/** Confirmation: the first reason wins; audit: the stronger level; rate limit: the lower rate. */
export function mergeObligations(a: Obligations, b: Obligations): Obligations {
  if (b === NO_OBLIGATIONS || a === b) return a;
  if (a === NO_OBLIGATIONS) return b;
  const audit = a.audit === 'full' || b.audit === 'full' ? 'full' : a.audit || b.audit;
  const rateLimit = stricter(a.rateLimit, b.rateLimit);
  return Object.freeze({
    confirmation: a.confirmation || b.confirmation,
    audit,
    ...(rateLimit !== undefined && { rateLimit }),
  });
}

function stricter(
  a: Readonly<RateLimitObligation> | undefined,
  b: Readonly<RateLimitObligation> | undefined,
): Readonly<RateLimitObligation> | undefined {
  if (a === undefined) return b;
  if (b === undefined) return a;
  return b.requests / b.intervalMs < a.requests / a.intervalMs ? b : a;
}

const toolObligationCache = new WeakMap<Tool, Obligations>();

export function addToolObligations(obligations: Obligations, tool: Tool): Obligations {
  if (!toolRequiresConfirmation(tool) && toolCost(tool)?.rateLimit === undefined) return obligations;
  let own = toolObligationCache.get(tool);
  if (own === undefined) {
    const limit = tool.cost?.rateLimit;
    own = Object.freeze({
      confirmation: tool.requiresConfirmation ? { reason: `tool ${tool.id} requires confirmation` } : false,
      audit: false,
      ...(limit !== undefined && {
        rateLimit: Object.freeze({ ...limit, per: 'global' as const, scope: `tool:${tool.id}` }),
      }),
    });
    toolObligationCache.set(tool, own);
  }
  return mergeObligations(obligations, own);
}
