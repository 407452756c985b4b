import type { Tool } from '@toolarsenal/toolmodel';
import { governedUnion } from './compose.js';
import { ToolsetError } from './errors.js';
import { NO_OBLIGATIONS } from './obligations.js';
import { checkedPrincipal } from './policy-compile.js';
import type { Decision, PolicyAction, Principal } from './policy-types.js';
import type { Toolset } from './toolset.js';

/** The standard levels, least to most trusted. Custom level names are accepted too. */
export const EXPOSURE_LEVELS = ['public', 'partner', 'local'] as const;

export interface ExposureOptions {
  /**
   * Each level also sees the tools of every level before it in `order` (partner ⊇ public,
   * local ⊇ partner). Default true.
   */
  cumulative?: boolean;
  /** Least to most trusted. Default: public, partner, local, then any other keys in insertion order. */
  order?: readonly string[];
  /** Level for principals that carry none. Default: the first (least trusted) level. */
  defaultLevel?: string;
}

/** One registry, exposed through a different set per caller level. */
export interface Exposure {
  readonly levels: readonly string[];
  /** The level a principal is served at (`principal.exposure`, else the default). */
  levelOf(principal: Principal): string;
  /** The set a level lists (cumulative: this level's tools and those of every less trusted level); throws `TOOLSET_UNKNOWN_EXPOSURE` for unknown levels. */
  toolsetFor(levelOrPrincipal: string | Principal): Toolset;
  /**
   * Deny when the tool is not in the principal's level set (or the level is unknown);
   * otherwise the decision of the least trusted level set that holds the tool (its policy governs
   * it at every level). Exactly `toolsetFor(principal).evaluate(principal, tool, action)`, and
   * what `toolsetFor(principal).scope(principal).predicate` answers: one decision path.
   */
  evaluate(principal: Principal, tool: Tool | string, action?: PolicyAction): Decision;
}

export function createExposure(
  sets: Readonly<Record<string, Toolset>>,
  options: ExposureOptions = {},
): Exposure {
  const keys = Object.keys(sets);
  if (keys.length === 0)
    throw new ToolsetError('TOOLSET_UNKNOWN_EXPOSURE', 'createExposure needs at least one level');
  const order = options.order ?? [
    ...EXPOSURE_LEVELS.filter((l) => keys.includes(l)),
    ...keys.filter((k) => !(EXPOSURE_LEVELS as readonly string[]).includes(k)),
  ];
  for (const k of keys) {
    if (!order.includes(k))
      throw new ToolsetError('TOOLSET_UNKNOWN_EXPOSURE', `level ${JSON.stringify(k)} is missing from order`);
  }
  const levels = order.filter((l) => Object.hasOwn(sets, l));
  const effective = new Map<string, Toolset>();
  levels.forEach((level, i) => {
    const own = sets[level]!;
    if (options.cumulative === false || i === 0) {
      effective.set(level, own);
      return;
    }
    const upTo = levels.slice(0, i + 1).map((l) => sets[l]!);
    // A tool is governed by the least trusted level that exposes it (a public tool keeps the public policy).
    const decide = (p: Readonly<Principal>, member: Tool, action: PolicyAction): Decision =>
      (upTo.find((s) => s.has(member.id)) ?? own).evaluate(p, member, action);
    effective.set(
      level,
      governedUnion(
        upTo,
        { id: `exposure.${level}`, name: `${level} exposure`, policy: own.policy, zeroTrust: own.zeroTrust },
        decide,
      ),
    );
  });
  const defaultLevel = options.defaultLevel ?? levels[0]!;
  if (!effective.has(defaultLevel))
    throw new ToolsetError(
      'TOOLSET_UNKNOWN_EXPOSURE',
      `default level ${JSON.stringify(defaultLevel)} is not defined`,
    );

  const where = () => 'exposure';
  const levelOf = (p: Principal) => checkedPrincipal(p, where).exposure ?? defaultLevel;
  const toolsetFor = (x: string | Principal): Toolset => {
    const level = typeof x === 'string' ? x : levelOf(x);
    const set = effective.get(level);
    if (set === undefined) {
      throw new ToolsetError(
        'TOOLSET_UNKNOWN_EXPOSURE',
        `unknown exposure level ${JSON.stringify(level)} (known: ${levels.join(', ')})`,
      );
    }
    return set;
  };
  return {
    levels: Object.freeze([...levels]),
    levelOf,
    toolsetFor,
    evaluate(principal, tool, action = 'call') {
      const p = checkedPrincipal(principal, where);
      const level = levelOf(p);
      const set = effective.get(level);
      if (set === undefined)
        return {
          allow: false,
          reason: `unknown exposure level ${JSON.stringify(level)}`,
          obligations: NO_OBLIGATIONS,
        };
      return set.evaluate(p, tool, action);
    },
  };
}
