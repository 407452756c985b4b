import type { Message, SendMessageRequest, StreamResponse, Task } from '@a2a-js/sdk';
import { TaskNotFoundError, UnsupportedOperationError } from '@a2a-js/sdk/errors';
import type { A2ARequestHandler, DefaultRequestHandler, ServerCallContext } from '@a2a-js/sdk/server';
import type { Exposure } from '@toolarsenal/toolset';
import { ownerOf } from './agent-executor.js';
import { principalOf } from './call-context.js';
import type { PendingCalls } from './pending.js';

/**
 * The SDK's request handler with one rule added in front: a message continuing a task is accepted
 * only when that task waits for this caller's answer. The pending call is claimed before the SDK
 * runs, so two answers cannot both run it, and a stray message never reaches a running task.
 */
export function guardHandler(
  inner: DefaultRequestHandler,
  pending: PendingCalls,
  exposure: Exposure,
): A2ARequestHandler {
  const claim = async (
    params: SendMessageRequest,
    context: ServerCallContext,
  ): Promise<string | undefined> => {
    const message = params.message;
    if (!message?.taskId || !message.messageId) return undefined;
    const waiting = pending.peek(message.taskId);
    if (!waiting || waiting.owner !== ownerOf(exposure, principalOf(context))) {
      // Throws TaskNotFoundError for tasks this caller cannot see.
      await inner.getTask({ tenant: params.tenant, id: message.taskId, historyLength: 0 }, context);
      if (!waiting) throw new UnsupportedOperationError(`Task ${message.taskId} is not waiting for input.`);
      throw new TaskNotFoundError(`Task not found: ${message.taskId}`);
    }
    pending.claim(message.taskId, message.messageId);
    return message.messageId;
  };
  const guarded: A2ARequestHandler = Object.create(inner);
  guarded.sendMessage = async (params, context): Promise<Message | Task> => {
    const claimed = await claim(params, context);
    try {
      return await inner.sendMessage(params, context);
    } catch (error) {
      if (claimed) pending.release(claimed);
      throw error;
    }
  };
  guarded.sendMessageStream = async function* (
    params,
    context,
  ): AsyncGenerator<StreamResponse, void, undefined> {
    const claimed = await claim(params, context);
    let started = false;
    try {
      for await (const event of inner.sendMessageStream(params, context)) {
        started = true;
        yield event;
      }
    } catch (error) {
      if (claimed && !started) pending.release(claimed);
      throw error;
    }
  };
  return guarded;
}
