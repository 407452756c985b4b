import {
  createImportExecutor,
  describeValue,
  type ImportExecutor,
  importedIdOf,
  type ImportOptions,
  importTools,
  ToolkitError,
  toTool,
} from '@toolarsenal/agentkit';
import { canonicalJson, isPlainObject, type Tool, tryParseToolId } from '@toolarsenal/toolmodel';
import { type ExecutionRequest, ToolExecutionError } from '@toolarsenal/toolrun';
import type { BaseTool } from '@llamaindex/core/llms';
import { ArsenalFunctionTool } from './arsenal-function-tool.js';

export type FromLlamaIndexOptions = ImportOptions;
/** Runs imported LlamaIndex tools for a toolrun `Runner` (source `llamaindex`). */
export type LlamaIndexExecutor = ImportExecutor;

export interface LlamaIndexImport {
  /** Canonical tools (source `llamaindex`), ready for an index, a toolset and a runner. */
  tools: Tool[];
  /** Register with `runner.registerExecutor(executor)` (once per runner), then `runner.register(tool)` each tool. */
  executor: LlamaIndexExecutor;
}

/** The canonical id of a LlamaIndex tool made by `toLlamaIndexTools` or read by `fromLlamaIndexTools`. */
export function canonicalIdOf(tool: unknown): string | undefined {
  if (tool instanceof ArsenalFunctionTool) return tool.canonical.id;
  return importedIdOf(tool);
}

/**
 * LlamaIndex tools (`FunctionTool`s, anything with `metadata: { name, description, parameters }`
 * and `call`) as canonical tools plus an executor, so they join the index, toolsets, policies and
 * the runner. `parameters` (JSON Schema) becomes the input schema as is, validated by toolmodel.
 */
export function fromLlamaIndexTools(
  tools: readonly BaseTool[],
  options: FromLlamaIndexOptions = {},
): LlamaIndexImport {
  return importTools(tools, options, {
    kind: 'LlamaIndex',
    read: readLlamaIndexTool,
    createExecutor: createLlamaIndexExecutor,
  });
}

/** One LlamaIndex tool as a canonical tool (typed `ToolkitError` when it cannot be read). */
export function readLlamaIndexTool(li: BaseTool, at: string, namespace: string | undefined): Tool {
  const metadata =
    typeof li === 'object' && li !== null ? (li as { metadata?: unknown }).metadata : undefined;
  if (!isPlainObject(metadata) || typeof metadata.name !== 'string' || typeof li.call !== 'function')
    throw new ToolkitError(
      'TOOLKIT_INVALID_TOOL',
      `${at} is ${describeValue(li)}, expected a LlamaIndex tool with metadata.name and call()`,
    );
  const own = li instanceof ArsenalFunctionTool ? li.canonical : undefined;
  const identity = own ? tryParseToolId(own.id) : undefined;
  const input = {
    name: identity?.name ?? metadata.name,
    ...(identity?.namespace !== undefined
      ? { namespace: identity.namespace }
      : namespace !== undefined
        ? { namespace }
        : {}),
    ...(identity ? { version: identity.version } : {}),
    description: typeof metadata.description === 'string' ? metadata.description : '',
    inputSchema: metadata.parameters ?? { type: 'object', properties: {} },
    source: 'llamaindex',
  };
  const tool = toTool(input, at);
  if (
    own &&
    own.id === tool.id &&
    own.description === tool.description &&
    canonicalJson(own.inputSchema) === canonicalJson(tool.inputSchema)
  )
    return own;
  return tool;
}

/** An empty executor for imported LlamaIndex tools; `fromLlamaIndexTools` fills it. */
export function createLlamaIndexExecutor(source = 'llamaindex'): LlamaIndexExecutor {
  return createImportExecutor(source, runLlamaIndexTool);
}

async function runLlamaIndexTool(li: BaseTool | undefined, request: ExecutionRequest): Promise<unknown> {
  if (!li?.call) throw new ToolExecutionError(`No LlamaIndex tool is registered for "${request.tool.id}".`);
  if (request.signal.aborted) throw new ToolExecutionError('cancelled before the call started');
  return await li.call(request.arguments);
}
