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
import { ArsenalTool } from './arsenal-tool.js';

export interface ToLangChainOptions extends ToolCallerOptions {
  /**
   * Rule for the model-facing names (default tooladapter's `OPENAI_NAME_RULE`,
   * `^[a-zA-Z0-9_-]{1,64}$`, which every major provider accepts). Clashing names get a short hash.
   */
  nameRule?: NameRule;
  /** Share one name registry between conversions so names stay fixed across calls. */
  names?: ToolNames;
  /** Throw `ToolkitError` (`TOOLKIT_CALL_FAILED`) from failed calls instead of answering the model (default false). */
  throwOnError?: boolean;
}

/**
 * Canonical tools (or a toolset's members) as LangChain `StructuredTool`s whose calls run through
 * the runner. With a toolset (as `tools` or `options.toolset`), only tools its policy lets
 * `options.principal` list become LangChain tools, and every call is checked again. Each tool must
 * be registered in the runner (with a handler or an executor for its source) — calls go by id.
 */
export function toLangChainTools(
  tools: readonly Tool[] | Toolset,
  options: ToLangChainOptions,
): ArsenalTool[] {
  const { caller, names, throwOnError } = langChainContext(tools, options);
  return readTools(tools, caller.access).map((tool) => createArsenalTool(tool, caller, names, throwOnError));
}

export interface LangChainContext {
  caller: ToolCaller;
  names: ToolNames;
  throwOnError: boolean;
}

/** Checked options shared by `toLangChainTools` and the middleware's arsenal mode. */
export function langChainContext(tools: unknown, options: ToLangChainOptions): LangChainContext {
  if (!isRecord(options)) throw invalidOption('options', 'an object with a runner', options);
  const toolset = options.toolset ?? (isToolset(tools) ? tools : undefined);
  const caller = createToolCaller({ ...options, ...(toolset ? { toolset } : {}) });
  if (options.names !== undefined && !(options.names instanceof ToolNames))
    throw invalidOption('options.names', 'a ToolNames registry', options.names);
  if (options.throwOnError !== undefined && typeof options.throwOnError !== 'boolean')
    throw invalidOption('options.throwOnError', 'a boolean', options.throwOnError);
  const names = options.names ?? new ToolNames(options.nameRule);
  return { caller, names, throwOnError: options.throwOnError ?? false };
}

export function createArsenalTool(
  tool: Tool,
  caller: ToolCaller,
  names: ToolNames,
  throwOnError: boolean,
): ArsenalTool {
  assertRegistered(caller.runner, tool);
  return new ArsenalTool({ tool, name: names.nameOf(tool), caller, throwOnError });
}
