import { type Tool, updateTool } from '@toolarsenal/toolmodel';

/** The tools under `namespace` (ids change accordingly); tools already in it are kept as they are. */
export function inNamespace(tools: readonly Tool[], namespace: string): Tool[] {
  return tools.map((tool) => (tool.namespace === namespace ? tool : updateTool(tool, { namespace })));
}
