import { type Executor, ToolExecutionError } from '@toolarsenal/toolrun';
import type { InFlight } from './in-flight.js';
import type { ArsenalSource } from './sources/source.js';

/**
 * The runner keys executors by a tool's source kind (`mcp`, `openapi`, `a2a`…); several sources
 * share a kind, so this one hands each call to the executor of the source that owns the tool,
 * counted for graceful shutdown.
 */
export function createRoutingExecutor(
  kind: string,
  ownerOf: (toolId: string) => ArsenalSource | undefined,
  inFlight: InFlight,
): Executor {
  return {
    source: kind,
    execute(request) {
      const owner = ownerOf(request.tool.id);
      const executor = owner?.executor;
      if (!executor)
        throw new ToolExecutionError(
          owner
            ? `Source "${owner.name}" (${owner.kind}) has no executor for "${request.tool.name}": its tools can be found and described, not called.`
            : `No source owns "${request.tool.id}" any more.`,
          { code: 'EXECUTOR_NOT_FOUND' },
        );
      return inFlight.run(request.signal, (signal) => executor.execute({ ...request, signal }));
    },
  };
}
