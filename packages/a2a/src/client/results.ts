import { type Message, type Part, TaskState } from '@a2a-js/sdk';
import { isPlainObject } from '@toolarsenal/toolmodel';
import { ToolExecutionError, ToolOutput } from '@toolarsenal/toolrun';
import { contentBlocks, partsOfArtifacts, type SortedParts, sortParts } from '../shared/parts.js';
import type { Outcome, TaskSnapshot } from './task-follow.js';

/** What an `input-required` call returns: not a failure, a question, with the task to resume. */
export interface InputRequired {
  state: 'input-required';
  taskId: string;
  contextId: string;
  /** The agent's question (text parts of its status message). */
  message: string;
  /** Data parts of the status message, when any. */
  data?: unknown;
}

const STATE_NAMES: Partial<Record<TaskState, string>> = {
  [TaskState.TASK_STATE_FAILED]: 'failed',
  [TaskState.TASK_STATE_CANCELED]: 'canceled',
  [TaskState.TASK_STATE_REJECTED]: 'rejected',
  [TaskState.TASK_STATE_AUTH_REQUIRED]: 'auth-required',
};

const FAILURE_CODES: Partial<Record<TaskState, string>> = {
  [TaskState.TASK_STATE_FAILED]: 'A2A_TASK_FAILED',
  [TaskState.TASK_STATE_CANCELED]: 'A2A_TASK_CANCELED',
  [TaskState.TASK_STATE_REJECTED]: 'A2A_TASK_REJECTED',
  [TaskState.TASK_STATE_AUTH_REQUIRED]: 'A2A_AUTH_REQUIRED',
};

/** A value from parts: a lone data part's value (structured skills), plain text, or a summary object. */
export function valueOf(sorted: SortedParts, structured: boolean): unknown {
  const { texts, data, files } = sorted;
  if (structured && data.length === 1 && texts.length === 0 && files.length === 0) return data[0];
  if (structured && data.length === 0 && texts.length === 0 && files.length === 0) return null;
  if (data.length === 0 && files.length === 0) return texts.join('\n');
  const out: Record<string, unknown> = {};
  if (texts.length > 0) out.text = texts.join('\n');
  if (data.length > 0) out.data = data.length === 1 ? data[0] : data;
  if (files.length > 0) out.files = files;
  return out;
}

function output(parts: readonly Part[], structured: boolean): ToolOutput {
  const sorted = sortParts(parts);
  return new ToolOutput(valueOf(sorted, structured), contentBlocks(sorted));
}

function messageText(message: Message | undefined, max = 2_000): string {
  const text = message ? sortParts(message.parts).texts.join('\n') : '';
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

/**
 * Turns a followed task into the tool's outcome: the artifacts (or the agent's reply) for
 * `completed`; an `InputRequired` value for `input-required`; a typed `ToolExecutionError`
 * (`A2A_TASK_FAILED`, `A2A_TASK_REJECTED`, `A2A_TASK_CANCELED`, `A2A_AUTH_REQUIRED`) otherwise.
 */
export function toToolOutcome(outcome: Outcome, structured: boolean, agentName: string): ToolOutput {
  if (outcome.kind === 'message') return output(outcome.message.parts, structured);
  const task: TaskSnapshot = outcome.task;
  if (task.state === TaskState.TASK_STATE_COMPLETED) {
    const parts = partsOfArtifacts(task.artifacts);
    return output(parts.length > 0 ? parts : (task.statusMessage?.parts ?? []), structured);
  }
  if (task.state === TaskState.TASK_STATE_INPUT_REQUIRED) {
    const sorted = sortParts(task.statusMessage?.parts ?? []);
    const value: InputRequired = {
      state: 'input-required',
      taskId: task.id,
      contextId: task.contextId,
      message: sorted.texts.join('\n'),
    };
    if (sorted.data.length > 0) value.data = sorted.data.length === 1 ? sorted.data[0] : sorted.data;
    const blocks = contentBlocks(sorted);
    return new ToolOutput(
      value,
      blocks.length > 0 ? blocks : [{ type: 'text', text: 'The agent needs more input.' }],
    );
  }
  const state = STATE_NAMES[task.state] ?? `state ${task.state}`;
  const said = messageText(task.statusMessage);
  // A ToolArsenal server sends the runner's error as a data part `{error: {code, status, retryable}}`.
  const remote = sortParts(task.statusMessage?.parts ?? []).data.find(
    (d): d is { error: Record<string, unknown> } => isPlainObject(d) && isPlainObject(d.error),
  );
  throw new ToolExecutionError(
    `Agent "${agentName}" ${state === 'auth-required' ? 'requires authentication for' : state} task ${task.id}${said ? `: ${said}` : ''}`,
    {
      code: FAILURE_CODES[task.state] ?? 'A2A_TASK_FAILED',
      details: {
        taskId: task.id,
        contextId: task.contextId,
        state,
        ...(remote ? { remoteError: remote.error } : {}),
      },
    },
  );
}
