import { describeValue, invalidOption, isRecord, ToolkitError, toTool } from '@toolarsenal/agentkit';
import {
  canonicalJson,
  explainInvalidNamespace,
  isPlainObject,
  type Tool,
  tryParseToolId,
} from '@toolarsenal/toolmodel';
import { type ExecutionRequest, type Executor, ToolExecutionError } from '@toolarsenal/toolrun';
import type { BaseTool } from '@llamaindex/core/llms';
import { ArsenalFunctionTool } from './arsenal-function-tool.js';

export interface FromLlamaIndexOptions {
  /** Namespace of the imported tools; tools made by `toLlamaIndexTools` keep theirs. */
  namespace?: string;
  /** Add the tools to this executor instead of a new one (a runner holds one executor per source). */
  executor?: LlamaIndexExecutor;
}

/** Runs imported LlamaIndex tools for a toolrun `Runner` (source `llamaindex`). */
export interface LlamaIndexExecutor extends Executor {
  has(toolId: string): boolean;
}

export interface LlamaIndexImport {
  /** Canonical tools (source `llamaindex`), ready for an index, a toolset and a runner. */
  tools: Tool[];
  /** Register with `runner.registerExecutor(executor)` (once per runner), then `runner.register(tool)` each tool. */
  executor: LlamaIndexExecutor;
}

const MAX_TOOLS = 100_000;
const EXECUTOR_TOOLS = Symbol('toolarsenal.llamaindex.executor.tools');
type ExecutorWithTools = LlamaIndexExecutor & { [EXECUTOR_TOOLS]: Map<string, BaseTool> };
const importedIds = new WeakMap<object, string>();

/** The canonical id of a LlamaIndex tool made by `toLlamaIndexTools` or read by `fromLlamaIndexTools`. */
export function canonicalIdOf(tool: unknown): string | undefined {
  if (tool instanceof ArsenalFunctionTool) return tool.canonical.id;
  return typeof tool === 'object' && tool !== null ? importedIds.get(tool) : undefined;
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
  if (!isRecord(options)) throw invalidOption('options', 'an object', options);
  const { namespace } = options;
  if (namespace !== undefined) {
    const problem = typeof namespace === 'string' ? explainInvalidNamespace(namespace) : 'must be a string';
    if (problem) throw invalidOption('options.namespace', `a valid namespace (${problem})`, namespace);
  }
  if (!Array.isArray(tools) || tools.length > MAX_TOOLS)
    throw new ToolkitError(
      'TOOLKIT_INVALID_TOOL',
      `tools must be an array of at most ${MAX_TOOLS} LlamaIndex tools, got ${describeValue(tools)}`,
    );
  const executor = options.executor ?? createLlamaIndexExecutor();
  const held = (executor as Partial<ExecutorWithTools>)[EXECUTOR_TOOLS];
  if (!(held instanceof Map))
    throw invalidOption('options.executor', 'an executor from fromLlamaIndexTools', executor);
  const seen = new Set<string>();
  const out = tools.map((li, i) => {
    const tool = readLlamaIndexTool(li, `tools[${i}]`, namespace);
    if (seen.has(tool.id))
      throw new ToolkitError('TOOLKIT_INVALID_TOOL', `tools[${i}]: a second tool with the id "${tool.id}"`);
    seen.add(tool.id);
    return tool;
  });
  out.forEach((tool, i) => {
    held.set(tool.id, tools[i]!);
    importedIds.set(tools[i]!, tool.id);
  });
  return { tools: out, executor };
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
  const tools = new Map<string, BaseTool>();
  const executor: ExecutorWithTools = {
    source,
    [EXECUTOR_TOOLS]: tools,
    has: (id: string) => tools.has(id),
    canExecute: (tool: Tool) => tools.has(tool.id),
    execute: (request: ExecutionRequest) => runLlamaIndexTool(tools.get(request.tool.id), request),
  };
  return executor;
}

async function runLlamaIndexTool(li: BaseTool | undefined, request: ExecutionRequest): Promise<unknown> {
  if (!li?.call) throw new ToolExecutionError(`No LlamaIndex tool is registered for "${request.tool.id}".`);
  if (request.signal.aborted) throw new ToolExecutionError('cancelled before the call started');
  return await li.call(request.arguments);
}
