import type { Runner, RunnerEventName, ToolResult } from '@toolarsenal/toolrun';
import type { InspectCallOutcome, InspectCalls, InspectEvent } from './target.js';

const EVENT_NAMES = ['start', 'success', 'failure', 'retry', 'confirmation'] as const;

/** Calls through a toolrun `Runner`, collecting the runner's events of each call by its call id. */
export function runnerCalls(runner: Runner): InspectCalls {
  const collect = async (callId: string, run: () => Promise<ToolResult>): Promise<InspectCallOutcome> => {
    const events: InspectEvent[] = [];
    const offs = EVENT_NAMES.map((name) =>
      runner.on(name as RunnerEventName, (event: unknown) => {
        const {
          callId: id,
          at,
          ...detail
        } = event as { callId?: string; at: number } & Record<string, unknown>;
        if (id === callId) events.push({ name, at, detail: eventDetail(detail) });
      }),
    );
    try {
      const result = await run();
      return { result, events };
    } finally {
      for (const off of offs) off();
    }
  };
  return {
    call: ({ callId, tool, arguments: args, principal }) =>
      collect(callId, () =>
        runner.run({ id: callId, name: tool.id, arguments: args }, principal ? { principal } : {}),
      ),
    confirm: (callId, token, argumentsHash) =>
      collect(callId, () => runner.confirm(token, { argumentsHash })),
    reject: (callId, token) => collect(callId, async () => runner.reject(token, 'rejected in the inspector')),
  };
}

/** Events carry the pending confirmation (arguments shown to a human): keep only what the timeline needs. */
function eventDetail(detail: Record<string, unknown>): Record<string, unknown> {
  const { confirmation, ...rest } = detail;
  if (confirmation && typeof confirmation === 'object') {
    const { reason } = confirmation as { reason?: unknown };
    return { ...rest, reason };
  }
  return rest;
}
