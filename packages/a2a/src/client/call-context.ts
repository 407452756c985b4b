import { isPlainObject } from '@toolarsenal/toolmodel';

/**
 * Per-call options an A2A call reads from toolrun's `RunOptions.context` (passed through untouched):
 * `{ a2a: { taskId, contextId } }` answers a task that is waiting for input (`input-required`) —
 * the call's arguments become the reply — instead of starting a new task.
 */
export interface A2ACallContext {
  a2a?: { taskId?: string; contextId?: string };
}

const ID = /^[\w.:@-]{1,256}$/;

/** The task to resume, from the call's context (ignored unless well-formed). */
export function resumeOf(context: unknown): { taskId: string; contextId: string } | undefined {
  if (!isPlainObject(context) || !isPlainObject(context.a2a)) return undefined;
  const { taskId, contextId } = context.a2a;
  if (typeof taskId !== 'string' || !ID.test(taskId)) return undefined;
  return { taskId, contextId: typeof contextId === 'string' && ID.test(contextId) ? contextId : '' };
}
