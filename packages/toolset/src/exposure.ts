import type { Tool } from '@toolarsenal/toolmodel';
import { union } from './compose.js';
import { ToolsetError } from './errors.js';
import { NO_OBLIGATIONS } from './obligations.js';
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
   * Deny when the tool is not exposed at the principal's level; otherwise the decision of the
   * least trusted level set that holds the tool (its policy governs it at every level).
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
    if (options.cumulative === false || i === 0) effective.set(level, own);
    else
      effective.set(
        level,
        union(
          levels.slice(0, i + 1).map((l) => sets[l]!),
          {
            id: `exposure.${level}`,
            name: `${level} exposure`,
            policy: own.policy,
            zeroTrust: own.zeroTrust,
          },
        ),
      );
  });
  const defaultLevel = options.defaultLevel ?? levels[0]!;
  if (!effective.has(defaultLevel))
    throw new ToolsetError(
      'TOOLSET_UNKNOWN_EXPOSURE',
      `default level ${JSON.stringify(defaultLevel)} is not defined`,
    );

  const levelOf = (p: Principal) => p.exposure ?? defaultLevel;
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
      const level = levelOf(principal);
      const set = effective.get(level);
      const id = typeof tool === 'string' ? tool : tool.id;
      if (set === undefined)
        return {
          allow: false,
          reason: `unknown exposure level ${JSON.stringify(level)}`,
          obligations: NO_OBLIGATIONS,
        };
      if (!set.has(id))
        return {
          allow: false,
          reason: `tool ${JSON.stringify(id)} is not exposed at level ${JSON.stringify(level)}`,
          obligations: NO_OBLIGATIONS,
        };
      // A tool is governed by the least trusted level that exposes it (a public tool keeps the public policy).
      const upTo = options.cumulative === false ? [level] : levels.slice(0, levels.indexOf(level) + 1);
      const origin = upTo.map((l) => sets[l]!).find((s) => s.has(id)) ?? set;
      return origin.evaluate(principal, tool, action);
    },
  };
}
