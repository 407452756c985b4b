import type { Tool } from '@toolarsenal/toolmodel';
import { compilePatterns } from './patterns.js';
import { type Dialect, type ToolChoice, toolChoiceFor } from '@toolarsenal/tooladapter';

export interface TurnOptions {
  /** Admin enablement: when given, only tools matching one of these ids/names/globs are available. */
  enabled?: readonly string[];
  /** Admin-disabled tools (ids/names/globs); always removed. */
  disabled?: readonly string[];
  /** The user's forced choices for this turn (ids/names/globs). */
  forced?: readonly string[];
  /** Honour `tool.exclusive` (default true). */
  exclusive?: boolean;
  /** Target dialect for `toolChoice`. */
  dialect?: Dialect;
  /** Canonical id → target name (an export's `names.toTarget`); default: the tool's name. */
  targetNames?: Readonly<Record<string, string>>;
}

export interface DroppedTool {
  id: string;
  reason: string;
}

export interface TurnSelection {
  /** The tools to offer the model this turn, in source order. */
  tools: readonly Tool[];
  /** The exclusive tool that won, if any. */
  exclusive?: Tool;
  /** Forced tools that survived (the ones `toolChoice` names). */
  forced: readonly Tool[];
  /** The dialect's forcing object, when tools are forced and a dialect was given. */
  toolChoice?: ToolChoice;
  /** Every candidate left out, with the reason. */
  dropped: readonly DroppedTool[];
  /** Forced choices that could not be honoured (unknown, disabled, or beaten by an exclusive tool). */
  warnings: readonly string[];
}

/**
 * Per-turn selection, in this order (as in the Tool Manager design):
 * 1. enablement: tools not enabled or disabled by the admin are dropped;
 * 2. exclusivity: if any remaining tool is exclusive, it alone is offered (a forced exclusive
 *    tool is preferred; otherwise the first in source order) — exclusive wins over forced choices;
 * 3. forced choices: when the user forced tools, only those are offered and `toolChoice`
 *    forces them in the dialect's format, using the target's mapped names;
 * 4. otherwise every enabled tool is offered.
 */
export function selectForTurn(candidates: readonly Tool[], options: TurnOptions = {}): TurnSelection {
  const enabled = options.enabled === undefined ? undefined : compilePatterns(options.enabled, 'enabled');
  const disabled = compilePatterns(options.disabled ?? [], 'disabled');
  const forcedPatterns = options.forced ?? [];
  const forced = compilePatterns(forcedPatterns, 'forced');
  const dropped: DroppedTool[] = [];
  const warnings: string[] = [];
  const available: Tool[] = [];
  const droppedReason = new Map<string, string>();
  for (const tool of candidates) {
    let reason: string | undefined;
    if (!disabled.empty && disabled.test(tool)) reason = `disabled by the admin (${disabled.which(tool)})`;
    else if (enabled !== undefined && !enabled.test(tool)) reason = 'not enabled by the admin';
    if (reason !== undefined) {
      dropped.push({ id: tool.id, reason });
      droppedReason.set(tool.id, reason);
    } else available.push(tool);
  }

  for (const pattern of forcedPatterns) {
    const single = compilePatterns([pattern], 'forced');
    if (available.some((t) => single.test(t))) continue;
    const hit = candidates.find((t) => single.test(t));
    warnings.push(
      hit
        ? `forced tool ${JSON.stringify(pattern)} is ${droppedReason.get(hit.id) ?? 'unavailable'}`
        : `forced tool ${JSON.stringify(pattern)} matches no tool in the set`,
    );
  }
  const forcedTools = forced.empty ? [] : available.filter((t) => forced.test(t));
  const nameOf = (t: Tool) => options.targetNames?.[t.id] ?? t.name;
  const choice = (tools: readonly Tool[]) =>
    options.dialect === undefined || tools.length === 0
      ? undefined
      : toolChoiceFor(options.dialect, tools.map(nameOf));

  if (options.exclusive !== false) {
    const exclusives = available.filter((t) => t.exclusive);
    const winner = exclusives.find((t) => forcedTools.includes(t)) ?? exclusives[0];
    if (winner !== undefined) {
      for (const t of available) {
        if (t !== winner) dropped.push({ id: t.id, reason: `exclusive tool ${winner.id} wins` });
      }
      for (const t of forcedTools) {
        if (t !== winner) warnings.push(`forced tool ${t.id} dropped: exclusive tool ${winner.id} wins`);
      }
      const forcedWinner = forcedTools.includes(winner) ? [winner] : [];
      const toolChoice = choice(forcedWinner);
      return {
        tools: [winner],
        exclusive: winner,
        forced: forcedWinner,
        dropped,
        warnings,
        ...(toolChoice && { toolChoice }),
      };
    }
  }
  if (forcedTools.length > 0) {
    for (const t of available) {
      if (!forcedTools.includes(t))
        dropped.push({ id: t.id, reason: 'not among the tools the user forced for this turn' });
    }
    const toolChoice = choice(forcedTools);
    return { tools: forcedTools, forced: forcedTools, dropped, warnings, ...(toolChoice && { toolChoice }) };
  }
  return { tools: available, forced: [], dropped, warnings };
}
