import { type AccessDecision, normalizePrincipal, type Principal, type Tool } from '@toolarsenal/toolmodel';
import type { CompiledPolicy, Exposure, Toolset } from '@toolarsenal/toolset';
import type { AccessView, InspectAccess, NamedSubject, VisibilityExplanation } from './target.js';

const EVERYONE: AccessDecision = Object.freeze({
  allow: true,
  reason: 'no access policy: every tool is callable',
  obligations: Object.freeze({ confirmation: false, audit: false }),
}) as AccessDecision;

// Membership is `Toolset.has` (a map lookup): the policy view decides every tool for its counts. `explain()`
// walks every clause, so it is asked only for the rows the page shows.

/** Exposure levels: a subject sees the set of its level; the least trusted level holding a tool governs it. */
export function exposureAccess(exposure: Exposure, subjects: readonly NamedSubject[]): InspectAccess {
  const setOf = (principal: Principal): { level: string; set?: Toolset } => {
    normalizePrincipal(principal);
    const level = exposure.levelOf(principal);
    return exposure.levels.includes(level) ? { level, set: exposure.toolsetFor(level) } : { level };
  };
  return {
    subjects,
    levels: exposure.levels,
    levelOf: (principal) => exposure.levelOf(principal),
    decide(principal: Principal, tool: Tool): AccessView {
      const { set } = setOf(principal);
      return { visible: set?.has(tool.id) ?? false, decision: exposure.evaluate(principal, tool, 'call') };
    },
    explainVisibility(principal: Principal, tool: Tool): VisibilityExplanation {
      const { level, set } = setOf(principal);
      if (!set) return { reason: `unknown exposure level "${level}"` };
      const explanation = set.explain(tool.id);
      return { reason: `level "${level}": ${explanation.reason}`, explanation };
    },
  };
}

/** One toolset: members are visible, its policy decides calls. */
export function toolsetAccess(set: Toolset, subjects: readonly NamedSubject[]): InspectAccess {
  return {
    subjects,
    levels: [],
    decide(principal: Principal, tool: Tool): AccessView {
      return { visible: set.has(tool.id), decision: set.evaluate(principal, tool, 'call') };
    },
    explainVisibility(_principal: Principal, tool: Tool): VisibilityExplanation {
      const explanation = set.explain(tool.id);
      return { reason: explanation.reason, explanation };
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
        decision: policy ? policy.evaluate(principal, tool, 'call') : EVERYONE,
      };
    },
    explainVisibility: () => ({ reason: 'listed: no toolset restricts the listing' }),
  };
}
