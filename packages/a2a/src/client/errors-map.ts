import { A2AError } from '@a2a-js/sdk/errors';
import { ToolExecutionError } from '@toolarsenal/toolrun';
import { A2ACardError } from '../errors.js';
import { isBodyTooLarge, netRefusal } from './http.js';
import { FollowAbortedError, FollowTransportError } from './task-follow.js';

function causes(error: unknown): unknown[] {
  const out: unknown[] = [];
  for (
    let e: unknown = error;
    e !== undefined && e !== null && out.length < 6;
    e = (e as { cause?: unknown }).cause
  )
    out.push(e);
  return out;
}

function refused(error: unknown): boolean {
  return causes(error).some((e) => (e as { code?: unknown })?.code === 'ECONNREFUSED');
}

function clip(text: string, max = 500): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

/**
 * Maps what went wrong while talking to an agent to toolrun's `ToolExecutionError` with a stable
 * code: `A2A_ABORTED`, `A2A_RESPONSE_TOO_LARGE`, `A2A_HOST_NOT_ALLOWED`, `A2A_PROTOCOL_ERROR`
 * (the agent answered with a JSON-RPC / A2A error), `A2A_TRANSPORT` (network). Only a refused
 * connection before anything was sent is retryable: a lost request may have started a task.
 */
export function toExecutionError(error: unknown, agentName: string): ToolExecutionError {
  if (ToolExecutionError.isInstance(error)) return error;
  if (error instanceof FollowAbortedError)
    return new ToolExecutionError(
      `The call to agent "${agentName}" was aborted${error.taskId ? `; task ${error.taskId} was cancelled` : ''}.`,
      {
        code: 'A2A_ABORTED',
        details: { ...(error.taskId ? { taskId: error.taskId } : {}) },
        cause: error.reason,
      },
    );
  const taskId = error instanceof FollowTransportError ? error.taskId : undefined;
  const details = taskId ? { taskId } : {};
  const chain = causes(error);
  const card = chain.find((e) => A2ACardError.isInstance(e)) as A2ACardError | undefined;
  if (card) return new ToolExecutionError(card.message, { code: card.code, details, cause: error });
  const net = chain.map(netRefusal).find((e) => e !== undefined);
  if (net)
    return new ToolExecutionError(`Agent "${agentName}": ${clip(net.message)}`, {
      code: 'A2A_HOST_NOT_ALLOWED',
      details: { ...details, reason: net.code },
      cause: error,
    });
  if (isBodyTooLarge(error))
    return new ToolExecutionError(
      `Agent "${agentName}" sent a response larger than the configured limit (limits.maxResponseBytes).`,
      {
        code: 'A2A_RESPONSE_TOO_LARGE',
        details,
        cause: error,
      },
    );
  const protocol = chain.find((e) => e instanceof A2AError) as A2AError | undefined;
  if (protocol)
    return new ToolExecutionError(`Agent "${agentName}" answered with an error: ${clip(protocol.message)}`, {
      code: 'A2A_PROTOCOL_ERROR',
      details: { ...details, error: protocol.name },
      cause: error,
    });
  const phase = error instanceof FollowTransportError ? error.phase : 'send';
  const message = clip((error as Error)?.message ?? String(error));
  return new ToolExecutionError(`Cannot reach agent "${agentName}": ${message}`, {
    code: 'A2A_TRANSPORT',
    retryable: phase === 'send' && refused(error),
    details,
    cause: error,
  });
}
