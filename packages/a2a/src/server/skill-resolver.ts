import type { Tool } from '@toolarsenal/toolmodel';
import type { Runner } from '@toolarsenal/toolrun';
import type { Exposure, Toolset } from '@toolarsenal/toolset';
import { type A2APrincipal, decide } from './principal.js';
import { type ServedSkill, SkillCatalogue, type SkillGroup } from './skills.js';

/**
 * The skills a principal may see: the tools of its level (and of `toolset`, when given) that the
 * runner can run and the decision allows listing. Skill ids are mapped over every level's tools at
 * once, so a skill has the same id on every card.
 */
export function createSkillResolver(
  exposure: Exposure,
  runner: Runner,
  toolset: Toolset | undefined,
  groups: readonly SkillGroup[],
): (principal: A2APrincipal) => ServedSkill[] {
  const catalogue = new SkillCatalogue(groups);
  const served = (tool: Tool) =>
    (toolset === undefined || toolset.has(tool.id)) && runner.get(tool.id) !== undefined;
  const allTools = (): Tool[] => {
    const seen = new Map<string, Tool>();
    for (const level of exposure.levels)
      for (const tool of exposure.toolsetFor(level).tools()) if (served(tool)) seen.set(tool.id, tool);
    return [...seen.values()];
  };
  return (principal) => {
    catalogue.update(allTools());
    const set = exposure.toolsetFor(exposure.levelOf(principal));
    const visible = set.tools().filter((t) => served(t) && decide(exposure, principal, t, 'list').allow);
    return catalogue.skillsFor(visible);
  };
}
