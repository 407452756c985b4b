import { type AccessDecision, normalizePrincipal, type Principal, type Tool } from '@toolarsenal/toolmodel';
import type { CompiledPolicy, Exposure, Toolset } from '@toolarsenal/toolset';
import type { AccessView, InspectAccess, NamedSubject } from './target.js';

const EVERYONE: AccessDecision = Object.freeze({
  allow: true,
  reason: 'no access policy: every tool is callable',
  obligations: Object.freeze({ confirmation: false, audit: false }),
}) as AccessDecision;

/** Exposure levels: a subject sees the set of its level; the least trusted level holding a tool governs it. */
export function exposureAccess(exposure: Exposure, subjects: readonly NamedSubject[]): InspectAccess {
  return {
    subjects,
    levels: exposure.levels,
    levelOf: (principal) => exposure.levelOf(principal),
    decide(principal: Principal, tool: Tool): AccessView {
      normalizePrincipal(principal);
      const level = exposure.levelOf(principal);
      if (!exposure.levels.includes(level))
        return {
          visible: false,
          visibleReason: `unknown exposure level "${level}"`,
          decision: exposure.evaluate(principal, tool, 'call'),
        };
      const set = exposure.toolsetFor(level);
      const explanation = set.explain(tool.id);
      return {
        visible: explanation.included,
        visibleReason: `level "${level}": ${explanation.reason}`,
        decision: exposure.evaluate(principal, tool, 'call'),
        explanation,
      };
    },
  };
}

/** One toolset: members are visible, its policy decides calls. */
export function toolsetAccess(set: Toolset, subjects: readonly NamedSubject[]): InspectAccess {
  return {
    subjects,
    levels: [],
    decide(principal: Principal, tool: Tool): AccessView {
      const decision = set.evaluate(principal, tool, 'call');
      const explanation = set.explain(tool.id);
      return { visible: explanation.included, visibleReason: explanation.reason, decision, explanation };
    },
  };
}

/** A bare policy (or none): every tool is listed, the policy decides calls. */
export function policyAccess(
  policy: CompiledPolicy | undefined,
  subjects: readonly NamedSubject[],
): InspectAccess {
  return {
    subjects,
    levels: [],
    decide(principal: Principal, tool: Tool): AccessView {
      normalizePrincipal(principal);
      return {
        visible: true,
        visibleReason: 'listed: no toolset restricts the listing',
        decision: policy ? policy.evaluate(principal, tool, 'call') : EVERYONE,
      };
    },
  };
}
