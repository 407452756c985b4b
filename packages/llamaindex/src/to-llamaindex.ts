import {
  assertRegistered,
  createToolCaller,
  invalidOption,
  isRecord,
  isToolset,
  readTools,
  type ToolCaller,
  type ToolCallerOptions,
  ToolNames,
} from '@toolarsenal/agentkit';
import type { NameRule } from '@toolarsenal/tooladapter';
import type { Tool } from '@toolarsenal/toolmodel';
import type { Toolset } from '@toolarsenal/toolset';
import { ArsenalFunctionTool } from './arsenal-function-tool.js';

export interface ToLlamaIndexOptions extends ToolCallerOptions {
  /** Rule for the model-facing names (default tooladapter's `OPENAI_NAME_RULE`); clashing names get a short hash. */
  nameRule?: NameRule;
  /** Share one name registry between conversions so names stay fixed. */
  names?: ToolNames;
}

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
  const { caller, names } = llamaIndexContext(tools, options);
  return readTools(tools, caller.access).map((tool) => createArsenalFunctionTool(tool, caller, names));
}

export interface LlamaIndexContext {
  caller: ToolCaller;
  names: ToolNames;
}

export function llamaIndexContext(tools: unknown, options: ToLlamaIndexOptions): LlamaIndexContext {
  if (!isRecord(options)) throw invalidOption('options', 'an object with a runner', options);
  const toolset = options.toolset ?? (isToolset(tools) ? tools : undefined);
  const caller = createToolCaller({ ...options, ...(toolset ? { toolset } : {}) });
  if (options.names !== undefined && !(options.names instanceof ToolNames))
    throw invalidOption('options.names', 'a ToolNames registry', options.names);
  return { caller, names: options.names ?? new ToolNames(options.nameRule) };
}

export function createArsenalFunctionTool(
  tool: Tool,
  caller: ToolCaller,
  names: ToolNames,
): ArsenalFunctionTool {
  assertRegistered(caller.runner, tool);
  return new ArsenalFunctionTool({ tool, name: names.nameOf(tool), caller });
}
