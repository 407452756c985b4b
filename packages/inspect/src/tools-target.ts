import { createIndex, type ToolIndex } from '@toolarsenal/toolindex';
import type { Tool } from '@toolarsenal/toolmodel';
import { createRunner, type Runner } from '@toolarsenal/toolrun';
import type { CompiledPolicy, Exposure, Toolset } from '@toolarsenal/toolset';
import { exposureAccess, policyAccess, toolsetAccess } from './access.js';
import { runnerCalls } from './runner-calls.js';
import type { InspectAccess, InspectTarget, NamedSubject, ToolOrigin } from './target.js';

export interface ToolsTargetOptions {
  tools: readonly Tool[];
  /** An index over the same tools (default: a lexical `createIndex()` filled with `tools`). */
  index?: ToolIndex;
  /**
   * Runs the page's calls (default: a runner with every tool registered and `access` as its policy; tools
   * without a handler or executor answer `EXECUTOR_NOT_FOUND`). Give your own to run real handlers.
   */
  runner?: Runner;
  /** Who sees and may call what: an exposure, a toolset or a compiled policy (toolset's `AccessPolicy`s). */
  access?: Exposure | Toolset | CompiledPolicy;
  /** Subjects for the picker. */
  subjects?: readonly NamedSubject[];
  /** Where each tool came from (default: the tool's own `source` and `sourceUri`). */
  origin?: (tool: Tool) => ToolOrigin;
}

/** Builds an `InspectTarget` from the core packages: toolindex for search, toolrun for calls, toolset for access. */
export function createToolsTarget(options: ToolsTargetOptions): InspectTarget {
  const tools = [...options.tools];
  let index = options.index;
  if (!index) {
    index = createIndex();
    index.add(tools);
  }
  const runner = options.runner ?? defaultRunner(tools, options.access);
  const access = accessOf(options.access, options.subjects ?? []);
  const origin = options.origin ?? defaultOrigin;
  const searchIndex = index;
  return {
    tools: () => tools,
    origin,
    search: (search) => searchIndex.search(search),
    scoring: { weights: searchIndex.weights, fusion: searchIndex.fusion },
    health: (tool) => runner.health(tool.id) ?? runner.health(tool.name),
    ...(access ? { access } : {}),
    calls: runnerCalls(runner),
  };
}

function defaultRunner(tools: readonly Tool[], access: ToolsTargetOptions['access']): Runner {
  const runner = createRunner(access ? { policy: access } : {});
  for (const tool of tools) runner.register(tool);
  return runner;
}

function accessOf(
  access: ToolsTargetOptions['access'],
  subjects: readonly NamedSubject[],
): InspectAccess | undefined {
  if (!access) return subjects.length > 0 ? policyAccess(undefined, subjects) : undefined;
  if (isExposure(access)) return exposureAccess(access, subjects);
  if (isToolset(access)) return toolsetAccess(access, subjects);
  return policyAccess(access, subjects);
}

function isExposure(value: object): value is Exposure {
  return 'levels' in value && 'toolsetFor' in value;
}

function isToolset(value: object): value is Toolset {
  return 'explain' in value && 'has' in value && 'scope' in value;
}

function defaultOrigin(tool: Tool): ToolOrigin {
  return { kind: tool.source, ...(tool.sourceUri ? { location: tool.sourceUri } : {}) };
}
