import type { NameRule } from '@toolarsenal/tooladapter';
import { invalidOption, isRecord } from './errors.js';
import { createToolCaller, type ToolCaller, type ToolCallerOptions } from './tool-caller.js';
import { isToolset } from './tool-list.js';
import { ToolNames } from './tool-names.js';

/** Options every framework conversion takes (`toLangChainTools`, `toLlamaIndexTools`, …). */
export interface ToolkitOptions extends ToolCallerOptions {
  /**
   * Rule for the model-facing names (default tooladapter's `PORTABLE_NAME_RULE`,
   * `^[a-zA-Z_][a-zA-Z0-9_-]{0,63}$`, which OpenAI, Anthropic and Gemini all accept). Tools that
   * share a name are qualified by namespace (`docs_search`, `web_search`).
   */
  nameRule?: NameRule;
  /** Share one name registry between conversions so names stay fixed across calls. */
  names?: ToolNames;
}

export interface ToolkitContext {
  caller: ToolCaller;
  names: ToolNames;
}

/**
 * Checked options → the caller (runner + policy of `options.toolset`, or of `tools` when it is a
 * toolset) and names; `reserved` names (the toolkit's own tools, e.g. `find_tools`) are never
 * given to a tool by a registry created here.
 */
export function toolkitContext(
  tools: unknown,
  options: ToolkitOptions,
  reserved: readonly string[] = [],
): ToolkitContext {
  if (!isRecord(options)) throw invalidOption('options', 'an object with a runner', options);
  const toolset = options.toolset ?? (isToolset(tools) ? tools : undefined);
  const caller = createToolCaller({ ...options, ...(toolset ? { toolset } : {}) });
  if (options.names !== undefined && !(options.names instanceof ToolNames))
    throw invalidOption('options.names', 'a ToolNames registry', options.names);
  return { caller, names: options.names ?? new ToolNames(options.nameRule, reserved) };
}
