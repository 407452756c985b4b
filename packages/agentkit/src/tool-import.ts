import { explainInvalidNamespace, type Tool } from '@toolarsenal/toolmodel';
import type { ExecutionRequest, Executor } from '@toolarsenal/toolrun';
import { describe, invalidOption, isRecord, ToolkitError } from './errors.js';

/** Runs a framework's imported tools for a toolrun `Runner` (one executor per source and runner). */
export interface ImportExecutor extends Executor {
  /** Tool ids this executor can run. */
  has(toolId: string): boolean;
}

export interface ImportOptions {
  /** Namespace of the imported tools; tools made by the toolkit itself keep theirs. */
  namespace?: string;
  /** Add the tools to this executor instead of a new one. */
  executor?: ImportExecutor;
}

export interface ToolImport {
  tools: Tool[];
  executor: ImportExecutor;
}

const MAX_TOOLS = 100_000;
const HELD = Symbol('toolarsenal.agentkit.import.held');
type Held<T> = ImportExecutor & { [HELD]: Map<string, T> };
const importedIds = new WeakMap<object, string>();

/** The canonical id a framework tool was imported under (undefined when it never was). */
export function importedIdOf(item: unknown): string | undefined {
  return typeof item === 'object' && item !== null ? importedIds.get(item) : undefined;
}

/** An empty executor for `source`; `importTools` fills it and `run` executes one call. */
export function createImportExecutor<T>(
  source: string,
  run: (item: T, request: ExecutionRequest) => unknown,
): ImportExecutor {
  const items = new Map<string, T>();
  const executor: Held<T> = {
    source,
    [HELD]: items,
    has: (id: string) => items.has(id),
    canExecute: (tool: Tool) => items.has(tool.id),
    execute: (request: ExecutionRequest) => run(items.get(request.tool.id) as T, request),
  };
  return executor;
}

/**
 * Reads framework tools into canonical tools (typed errors naming the position), refuses duplicate
 * ids, and records each in the executor (new, or `options.executor` from an earlier import).
 */
export function importTools<T extends object>(
  items: unknown,
  options: ImportOptions,
  spec: {
    kind: string;
    read: (item: T, at: string, namespace: string | undefined) => Tool;
    createExecutor: () => ImportExecutor;
  },
): ToolImport {
  if (!isRecord(options)) throw invalidOption('options', 'an object', options);
  const { namespace } = options;
  if (namespace !== undefined) {
    const problem = typeof namespace === 'string' ? explainInvalidNamespace(namespace) : 'must be a string';
    if (problem) throw invalidOption('options.namespace', `a valid namespace (${problem})`, namespace);
  }
  if (!Array.isArray(items) || items.length > MAX_TOOLS)
    throw new ToolkitError(
      'TOOLKIT_INVALID_TOOL',
      `tools must be an array of at most ${MAX_TOOLS} ${spec.kind} tools, got ${describe(items)}`,
    );
  const executor = options.executor ?? spec.createExecutor();
  const held = (executor as Partial<Held<T>>)[HELD];
  if (!(held instanceof Map))
    throw invalidOption('options.executor', `an executor from an earlier ${spec.kind} import`, executor);
  const seen = new Set<string>();
  const tools = (items as T[]).map((item, i) => {
    const tool = spec.read(item, `tools[${i}]`, namespace);
    if (seen.has(tool.id))
      throw new ToolkitError('TOOLKIT_INVALID_TOOL', `tools[${i}]: a second tool with the id "${tool.id}"`);
    seen.add(tool.id);
    return tool;
  });
  tools.forEach((tool, i) => {
    const item = (items as T[])[i]!;
    held.set(tool.id, item);
    importedIds.set(item, tool.id);
  });
  return { tools, executor };
}
