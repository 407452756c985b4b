import {
  assertRegistered,
  invalidOption,
  readTools,
  type ToolCaller,
  type ToolkitOptions,
  toolkitContext,
  type ToolNames,
} from '@toolarsenal/agentkit';
import type { Tool } from '@toolarsenal/toolmodel';
import type { Toolset } from '@toolarsenal/toolset';
import { ArsenalTool } from './arsenal-tool.js';

export interface ToLangChainOptions extends ToolkitOptions {
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
  const list = readTools(tools, caller.access);
  names.plan(list);
  return list.map((tool) => createArsenalTool(tool, caller, names, throwOnError));
}

export interface LangChainContext {
  caller: ToolCaller;
  names: ToolNames;
  throwOnError: boolean;
}

/** Checked options shared by `toLangChainTools` and the middleware's arsenal mode. */
export function langChainContext(
  tools: unknown,
  options: ToLangChainOptions,
  reserved: readonly string[] = [],
): LangChainContext {
  const context = toolkitContext(tools, options, reserved);
  if (options.throwOnError !== undefined && typeof options.throwOnError !== 'boolean')
    throw invalidOption('options.throwOnError', 'a boolean', options.throwOnError);
  return { ...context, throwOnError: options.throwOnError ?? false };
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
