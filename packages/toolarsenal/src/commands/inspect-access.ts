import type { Arsenal } from '@toolarsenal/arsenal';
import type { AccessViewInfo, InspectAccess, NamedSubject } from '@toolarsenal/inspect';
import { type AccessDecision, normalizePrincipal, type Principal } from '@toolarsenal/toolmodel';
import { createExposure, type Exposure, type Toolset } from '@toolarsenal/toolset';

/** The view of the whole pool: every tool the sources list, before toolsets and policies. */
export const POOL_VIEW = '(pool)';
/** Subjects derived from the config's policies, at most. */
const MAX_DERIVED = 24;

const NO_POLICY: AccessDecision = Object.freeze({
  allow: true,
  reason: 'the pool itself has no toolset or policy',
  obligations: Object.freeze({ confirmation: false, audit: false }),
}) as AccessDecision;

/**
 * The policy view of an arsenal. Views: the served toolset (`serve.toolset`, else every tool) first, the
 * config's other toolsets, then the whole pool. A tool is visible through a toolset when it is a member and
 * its policy allows the subject to call it (what `toolarsenal serve` lists). Subjects: see `deriveSubjects`.
 */
export function arsenalAccess(arsenal: Arsenal): InspectAccess {
  const served = arsenal.served;
  const sets = new Map<string, Toolset>([[served.id, served]]);
  for (const entry of arsenal.config.toolsets.toolsets) sets.set(entry.id, arsenal.toolset(entry.id));
  const views: AccessViewInfo[] = [...sets.keys()].map((id) => ({
    id,
    label: id === served.id ? `${id} (served)` : id,
    ...(id === served.id && { description: 'what `toolarsenal serve` lists and `call` allows' }),
  }));
  if (!sets.has(POOL_VIEW))
    views.push({
      id: POOL_VIEW,
      label: 'the whole pool',
      description: 'every tool the sources list, before toolsets and policies',
    });
  const exposure = exposureOf(arsenal);
  const setOf = (view: string | undefined): Toolset | undefined =>
    view === undefined ? served : view === POOL_VIEW ? undefined : sets.get(view);
  return {
    subjects: deriveSubjects(arsenal, served.id),
    levels: exposure?.levels ?? [],
    ...(exposure && { levelOf: (principal: Principal) => exposure.levelOf(principal) }),
    views,
    decide(principal, tool, view) {
      normalizePrincipal(principal);
      const set = setOf(view);
      if (!set) return { visible: true, decision: NO_POLICY };
      const decision = set.evaluate(principal, tool, 'call');
      return { visible: set.has(tool.id) && decision.allow, decision };
    },
    explainVisibility(principal, tool, view) {
      const set = setOf(view);
      if (!set) return { reason: 'in the pool (no toolset applies)' };
      const explanation = set.explain(tool.id);
      if (!explanation.included) return { reason: explanation.reason, explanation };
      const decision = set.evaluate(principal, tool, 'call');
      return decision.allow
        ? { reason: explanation.reason, explanation }
        : { reason: `${explanation.reason}; not listed: the policy denies it`, explanation };
    },
  };
}

function exposureOf(arsenal: Arsenal): Exposure | undefined {
  const section = arsenal.config.toolsets.exposure;
  if (!section) return undefined;
  const levels: Record<string, Toolset> = {};
  for (const [level, id] of Object.entries(section))
    if (id !== undefined) levels[level] = arsenal.toolset(id);
  return Object.keys(levels).length > 0 ? createExposure(levels) : undefined;
}

/**
 * The config format declares no subjects, so they are derived from it:
 * 1. an anonymous agent on the gateway (the served toolset, as `serve` sees a client without identity);
 * 2. one subject per principal value the policies match on (`tenant`, `role`, `scope`, `principalCapability`,
 *    `exposure`), seen through the served toolset — globs are skipped;
 * 3. one per exposure level when the config has an `exposure` section, through that level's toolset;
 * 4. an anonymous agent through each other toolset;
 * 5. the operator's view of the whole pool.
 */
export function deriveSubjects(arsenal: Arsenal, servedId: string): NamedSubject[] {
  const config = arsenal.config.toolsets;
  const subjects: NamedSubject[] = [
    { name: 'agent on the gateway (anonymous)', principal: { id: 'anonymous' }, view: servedId },
  ];
  const values = new Map<string, Set<string>>();
  for (const policy of config.policies) collectMatches(policy, values, 0);
  for (const entry of config.toolsets)
    if (entry.policy && typeof entry.policy === 'object') collectMatches(entry.policy, values, 0);
  const derived: NamedSubject[] = [];
  const add = (key: string, make: (value: string) => Principal) => {
    for (const value of [...(values.get(key) ?? [])].sort())
      if (!value.includes('*'))
        derived.push({ name: `${key} ${value}`, principal: make(value), view: servedId });
  };
  add('tenant', (tenant) => ({ id: 'inspector', tenant }));
  add('role', (role) => ({ id: 'inspector', roles: [role] }));
  add('scope', (scope) => ({ id: 'inspector', scopes: [scope] }));
  add('principalCapability', (capability) => ({ id: 'inspector', capabilities: [capability] }));
  add('exposure', (exposure) => ({ id: 'inspector', exposure }));
  subjects.push(...derived.slice(0, MAX_DERIVED));
  for (const [level, id] of Object.entries(config.exposure ?? {}))
    if (id !== undefined)
      subjects.push({
        name: `exposure level ${level}`,
        principal: { id: 'anonymous', exposure: level },
        view: id,
      });
  for (const entry of config.toolsets)
    if (entry.id !== servedId)
      subjects.push({
        name: `agent through toolset ${entry.id}`,
        principal: { id: 'anonymous' },
        view: entry.id,
      });
  subjects.push({ name: 'operator: the whole pool', principal: { id: 'operator' }, view: POOL_VIEW });
  return subjects;
}

const PRINCIPAL_KEYS = ['tenant', 'role', 'scope', 'principalCapability', 'exposure'] as const;

/** Principal values a policy's rules match on, walking groups and `allOf`/`anyOf`/`not` (bounded depth). */
function collectMatches(node: unknown, into: Map<string, Set<string>>, depth: number): void {
  if (depth > 32 || node === null || typeof node !== 'object') return;
  if (Array.isArray(node)) {
    for (const item of node) collectMatches(item, into, depth + 1);
    return;
  }
  const record = node as Record<string, unknown>;
  for (const key of PRINCIPAL_KEYS) {
    const list = record[key];
    if (Array.isArray(list))
      for (const value of list)
        if (typeof value === 'string' && value !== '') {
          let set = into.get(key);
          if (!set) into.set(key, (set = new Set()));
          set.add(value);
        }
  }
  for (const key of ['rules', 'match', 'allow', 'deny', 'obligate', 'allOf', 'anyOf', 'not'])
    collectMatches(record[key], into, depth + 1);
}
