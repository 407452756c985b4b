import {
  assertRegistered,
  readTools,
  type ToolCaller,
  type ToolkitContext,
  type ToolkitOptions,
  toolkitContext,
  type ToolNames,
} from '@toolarsenal/agentkit';
import type { Tool } from '@toolarsenal/toolmodel';
import type { Toolset } from '@toolarsenal/toolset';
import { ArsenalFunctionTool } from './arsenal-function-tool.js';

export type ToLlamaIndexOptions = ToolkitOptions;
export type LlamaIndexContext = ToolkitContext;

/**
 * Canonical tools (or a toolset's members) as LlamaIndex `FunctionTool`s whose calls run through
 * the runner. With a toolset (as `tools` or `options.toolset`) only the tools its policy lets
 * `options.principal` list are converted, and each call is checked again. Every tool must be
 * registered in the runner (calls go by id).
 */
export function toLlamaIndexTools(
  tools: readonly Tool[] | Toolset,
  options: ToLlamaIndexOptions,
): ArsenalFunctionTool[] {
  const { caller, names } = toolkitContext(tools, options);
  const list = readTools(tools, caller.access);
  names.plan(list);
  return list.map((tool) => createArsenalFunctionTool(tool, caller, names));
}

export function createArsenalFunctionTool(
  tool: Tool,
  caller: ToolCaller,
  names: ToolNames,
): ArsenalFunctionTool {
  assertRegistered(caller.runner, tool);
  return new ArsenalFunctionTool({ tool, name: names.nameOf(tool), caller });
}
