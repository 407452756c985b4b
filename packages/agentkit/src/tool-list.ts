import {
  isCanonicalTool,
  parseTool,
  type Tool,
  ToolArsenalError,
  type ToolInput,
} from '@toolarsenal/toolmodel';
import type { Toolset } from '@toolarsenal/toolset';
import type { Access } from './access.js';
import { describe, ToolkitError } from './errors.js';

const MAX_TOOLS = 100_000;

/**
 * The tools a toolkit converts: an array of canonical tools (or tool inputs, parsed and validated
 * by toolmodel) or a toolset's members; only those the caller may see (`access`).
 */
export function readTools(source: unknown, access: Access, argument = 'tools'): Tool[] {
  const tools = isToolset(source) ? [...source.tools()] : toolArray(source, argument);
  return tools.filter((tool) => access.allows(tool, 'list'));
}

function toolArray(source: unknown, argument: string): Tool[] {
  if (!Array.isArray(source))
    throw new ToolkitError(
      'TOOLKIT_INVALID_TOOL',
      `${argument} must be an array of tools or a toolset, got ${describe(source)}`,
    );
  if (source.length > MAX_TOOLS)
    throw new ToolkitError(
      'TOOLKIT_INVALID_TOOL',
      `${argument}: at most ${MAX_TOOLS} tools, got ${source.length}`,
    );
  return source.map((item, i) => toTool(item, `${argument}[${i}]`));
}

/** A canonical tool as is; anything else is parsed as a tool input (typed error naming the position). */
export function toTool(item: unknown, at: string): Tool {
  if (isCanonicalTool(item)) return item;
  if (typeof item !== 'object' || item === null || Array.isArray(item))
    throw new ToolkitError('TOOLKIT_INVALID_TOOL', `${at} is ${describe(item)}, expected a tool object`);
  try {
    return parseTool(item as ToolInput);
  } catch (error) {
    if (!ToolArsenalError.isInstance(error)) throw error;
    throw new ToolkitError('TOOLKIT_INVALID_TOOL', `${at} is not a valid tool: ${error.message}`, {
      cause: error,
    });
  }
}

export function isToolset(value: unknown): value is Toolset {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    typeof (value as Toolset).tools === 'function' &&
    typeof (value as Toolset).evaluate === 'function'
  );
}
