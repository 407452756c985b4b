import type { Executor } from '@toolarsenal/toolrun';
import { type Tool, isPlainObject } from '@toolarsenal/toolmodel';
import { ToolExecutionError } from '@toolarsenal/toolrun';
import { A2AConfigError } from '../errors.js';
import type { A2AAgent } from './agent.js';
import type { AgentToolMeta } from './skill-tools.js';

/** The toolrun executor for A2A tools (source `a2a`), routing each call to its agent. */
export interface A2AExecutor extends Executor {
  /** Adds (or replaces) an agent; its tools become callable. */
  add(agent: A2AAgent): void;
  remove(agent: A2AAgent | string): boolean;
  readonly agents: ReadonlyMap<string, A2AAgent>;
}

export interface A2AExecutorOptions {
  agents?: readonly A2AAgent[];
  /** The `tool.source` served. Default `a2a`. */
  source?: string;
}

/** `sourceMeta.a2aAgent` of a tool made by `connectAgent`, or undefined. */
export function agentMetaOf(tool: Tool): AgentToolMeta | undefined {
  const meta = tool.sourceMeta?.a2aAgent;
  if (!isPlainObject(meta) || typeof meta.agent !== 'string') return undefined;
  return meta as unknown as AgentToolMeta;
}

/**
 * Creates the executor toolrun uses for agent tools. Register it with `createRunner({ executors })`
 * and register the agents' tools; every call sends a message to the tool's agent and follows the
 * task within the runner's deadline, cancelling it when the runner aborts.
 */
export function createA2AExecutor(options: A2AExecutorOptions = {}): A2AExecutor {
  const agents = new Map<string, A2AAgent>();
  const add = (agent: A2AAgent) => {
    if (!agent || typeof agent.key !== 'string' || typeof agent.invoke !== 'function')
      throw new A2AConfigError('createA2AExecutor: an agent must come from connectAgent');
    agents.set(agent.key, agent);
  };
  for (const agent of options.agents ?? []) add(agent);
  return {
    source: options.source ?? 'a2a',
    agents,
    add,
    remove: (agent) => agents.delete(typeof agent === 'string' ? agent : agent.key),
    canExecute: (tool) => {
      const meta = agentMetaOf(tool);
      return meta !== undefined && agents.has(meta.agent);
    },
    execute(request) {
      const meta = agentMetaOf(request.tool);
      const agent = meta && agents.get(meta.agent);
      if (!meta || !agent)
        throw new ToolExecutionError(
          `No connected A2A agent serves tool "${request.tool.name}"${meta ? ` (agent ${meta.agent})` : ''}; connect it with connectAgent and add it to the executor.`,
          { code: 'A2A_AGENT_UNKNOWN' },
        );
      return agent.invoke(request, meta);
    },
  };
}
