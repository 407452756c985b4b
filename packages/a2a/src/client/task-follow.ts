import { type Artifact, type Message, type StreamResponse, type Task, TaskState } from '@a2a-js/sdk';
import type { Client } from '@a2a-js/sdk/client';

/** How long a finished stream may take to close before its connection is dropped (ms). */
const DRAIN_MS = 2_000;

/** States after which the client stops following: terminal, or waiting on the caller. */
const STOP_STATES = new Set<TaskState>([
  TaskState.TASK_STATE_COMPLETED,
  TaskState.TASK_STATE_FAILED,
  TaskState.TASK_STATE_CANCELED,
  TaskState.TASK_STATE_REJECTED,
  TaskState.TASK_STATE_INPUT_REQUIRED,
  TaskState.TASK_STATE_AUTH_REQUIRED,
]);

export interface TaskSnapshot {
  id: string;
  contextId: string;
  state: TaskState;
  statusMessage?: Message;
  artifacts: Artifact[];
}

export type Outcome = { kind: 'message'; message: Message } | { kind: 'task'; task: TaskSnapshot };

export interface FollowOptions {
  client: Client;
  /** Use `SendStreamingMessage` (the card says the agent streams); otherwise send and poll. */
  streaming: boolean;
  message: Message;
  /** The runner's attempt signal: aborted at the deadline or when the caller cancels. */
  signal: AbortSignal;
  pollIntervalMs: number;
  maxPollIntervalMs: number;
  /** How long to wait for a task id after an abort, so the task can still be cancelled. */
  cancelGraceMs: number;
  onState?: (state: TaskState, task: TaskSnapshot) => void;
  /** Called once a cancel request was sent for an aborted call (and with its outcome). */
  onCancel?: (taskId: string, outcome: 'sent' | 'failed') => void;
}

/** Thrown for an aborted call; carries the task id when one was known. */
export class FollowAbortedError extends Error {
  constructor(
    readonly taskId: string | undefined,
    readonly reason: unknown,
  ) {
    super('the call was aborted');
    this.name = 'FollowAbortedError';
  }
}

/** A transport failure after a task id was known (the task may still be running remotely). */
export class FollowTransportError extends Error {
  constructor(
    readonly taskId: string | undefined,
    readonly phase: 'send' | 'stream' | 'poll',
    cause: unknown,
  ) {
    super((cause as Error)?.message ?? String(cause), { cause });
    this.name = 'FollowTransportError';
  }
}

class Follower {
  taskId: string | undefined;
  contextId = '';
  state: TaskState = TaskState.TASK_STATE_UNSPECIFIED;
  statusMessage: Message | undefined;
  artifacts = new Map<string, Artifact>();
  aborted = false;
  cancelSent = false;
  readonly io = new AbortController();
  private graceTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly o: FollowOptions) {}

  snapshot(): TaskSnapshot {
    const snap: TaskSnapshot = {
      id: this.taskId ?? '',
      contextId: this.contextId,
      state: this.state,
      artifacts: [...this.artifacts.values()],
    };
    if (this.statusMessage) snap.statusMessage = this.statusMessage;
    return snap;
  }

  /**
   * When resuming an `input-required` task the agent first shows the task as it was (still asking
   * the old question): that question is the baseline, not a new stop.
   */
  baseline: string | undefined;
  resuming = false;

  get stopped(): boolean {
    if (!STOP_STATES.has(this.state)) return false;
    if (this.resuming && this.state === TaskState.TASK_STATE_INPUT_REQUIRED) {
      const id = this.statusMessage?.messageId ?? '';
      this.baseline ??= id;
      if (id === this.baseline) return false;
    }
    return true;
  }

  setTask(task: Task): void {
    this.noteTaskId(task.id, task.contextId);
    this.artifacts.clear();
    for (const artifact of task.artifacts) this.artifacts.set(artifact.artifactId, artifact);
    if (task.status) this.setState(task.status.state, task.status.message);
  }

  apply(event: StreamResponse): Message | undefined {
    const payload = event.payload;
    if (!payload) return undefined;
    switch (payload.$case) {
      case 'message':
        return payload.value;
      case 'task':
        this.setTask(payload.value);
        return undefined;
      case 'statusUpdate':
        this.noteTaskId(payload.value.taskId, payload.value.contextId);
        if (payload.value.status) this.setState(payload.value.status.state, payload.value.status.message);
        return undefined;
      case 'artifactUpdate': {
        this.noteTaskId(payload.value.taskId, payload.value.contextId);
        const artifact = payload.value.artifact;
        if (!artifact) return undefined;
        const previous = this.artifacts.get(artifact.artifactId);
        this.artifacts.set(
          artifact.artifactId,
          payload.value.append && previous
            ? { ...previous, parts: [...previous.parts, ...artifact.parts] }
            : artifact,
        );
        return undefined;
      }
    }
    return undefined;
  }

  private setState(state: TaskState, message: Message | undefined): void {
    // Any other state after the old question means the agent moved on: a later question is new.
    if (this.resuming && state !== TaskState.TASK_STATE_INPUT_REQUIRED && this.baseline === undefined)
      this.baseline = '\u0000';
    this.state = state;
    this.statusMessage = message;
    this.o.onState?.(state, this.snapshot());
  }

  private noteTaskId(id: string, contextId: string): void {
    if (!id) return;
    const first = this.taskId === undefined;
    this.taskId = id;
    if (contextId) this.contextId = contextId;
    if (first && this.aborted) this.sendCancel();
  }

  /** The caller gave up: cancel the remote task (now, or as soon as its id is known). */
  abort(): void {
    if (this.aborted) return;
    this.aborted = true;
    if (this.taskId !== undefined) this.sendCancel();
    else this.graceTimer = setTimeout(() => this.io.abort(), this.o.cancelGraceMs);
  }

  private sendCancel(): void {
    if (this.cancelSent || this.taskId === undefined) return;
    this.cancelSent = true;
    clearTimeout(this.graceTimer);
    const id = this.taskId;
    // Not tied to the aborted signal: the cancel must still go out. Bounded by its own timeout.
    this.o.client
      .cancelTask(
        { tenant: '', id, metadata: undefined },
        { signal: AbortSignal.timeout(this.o.cancelGraceMs) },
      )
      .then(
        () => this.o.onCancel?.(id, 'sent'),
        () => this.o.onCancel?.(id, 'failed'),
      )
      .finally(() => this.io.abort());
  }

  private draining = false;

  /**
   * Reads the rest of a stream whose outcome is known (the agent ends it right after the final
   * event), so the connection is reused rather than torn down; aborted if it lingers.
   */
  drain(iterator: AsyncIterator<unknown>): void {
    this.draining = true;
    const timer = setTimeout(() => this.io.abort(), DRAIN_MS);
    void (async () => {
      try {
        while (!(await iterator.next()).done);
      } catch {
        // The outcome is already known; a broken tail changes nothing.
      } finally {
        clearTimeout(timer);
      }
    })();
  }

  /** Releases the connection, unless an aborted call still waits for its task id to cancel it. */
  dispose(): void {
    if (this.aborted && !this.cancelSent) return; // the grace timer or the cancel releases it
    clearTimeout(this.graceTimer);
    if (!this.draining || this.aborted) this.io.abort();
  }
}

/**
 * Sends the message and follows the task until it completes, fails, is cancelled or rejected,
 * or waits for input: by streaming when the agent streams (falling back to polling `GetTask` if the
 * stream breaks once the task id is known, e.g. an event larger than the SDK's SSE limit), by
 * polling otherwise. On abort the task is cancelled — never sent again.
 */
export async function followTask(o: FollowOptions): Promise<Outcome> {
  const f = new Follower(o);
  f.resuming = o.message.taskId !== '';
  const onAbort = () => f.abort();
  let rejectAbort: ((error: unknown) => void) | undefined;
  const aborted = new Promise<never>((_, reject) => {
    rejectAbort = reject;
  });
  aborted.catch(() => {});
  const abortListener = () => {
    onAbort();
    rejectAbort?.(new FollowAbortedError(f.taskId, o.signal.reason));
  };
  if (o.signal.aborted) throw new FollowAbortedError(undefined, o.signal.reason);
  o.signal.addEventListener('abort', abortListener, { once: true });
  try {
    return await Promise.race([run(f, o), aborted]);
  } catch (error) {
    if (f.aborted) throw new FollowAbortedError(f.taskId, o.signal.reason);
    throw error;
  } finally {
    o.signal.removeEventListener('abort', abortListener);
    f.dispose();
  }
}

async function run(f: Follower, o: FollowOptions): Promise<Outcome> {
  const request = { tenant: '', message: o.message, configuration: undefined, metadata: undefined };
  const options = { signal: f.io.signal };
  if (o.streaming) {
    try {
      const iterator = o.client.sendMessageStream(request, options)[Symbol.asyncIterator]();
      for (let next = await iterator.next(); !next.done; next = await iterator.next()) {
        const message = f.apply(next.value);
        const outcome: Outcome | undefined =
          message && f.taskId === undefined
            ? { kind: 'message', message }
            : f.stopped
              ? { kind: 'task', task: f.snapshot() }
              : undefined;
        if (outcome) {
          f.drain(iterator);
          return outcome;
        }
      }
    } catch (error) {
      if (f.aborted) throw error;
      if (f.taskId === undefined) throw new FollowTransportError(undefined, 'send', error);
      // The task exists: follow it by polling rather than sending the message again.
    }
    if (f.taskId === undefined)
      throw new FollowTransportError(
        undefined,
        'stream',
        new Error('the event stream ended before the agent created a task'),
      );
  } else {
    let result: Message | Task;
    try {
      result = await o.client.sendMessage(request, options);
    } catch (error) {
      throw new FollowTransportError(undefined, 'send', error);
    }
    if ('messageId' in result && !('status' in result)) return { kind: 'message', message: result };
    f.setTask(result as Task);
    if (f.stopped) return { kind: 'task', task: f.snapshot() };
  }
  return poll(f, o);
}

async function poll(f: Follower, o: FollowOptions): Promise<Outcome> {
  let interval = o.pollIntervalMs;
  let failures = 0;
  for (;;) {
    await sleep(interval, f.io.signal);
    try {
      f.setTask(
        await o.client.getTask({ tenant: '', id: f.taskId!, historyLength: 0 }, { signal: f.io.signal }),
      );
      failures = 0;
    } catch (error) {
      if (f.aborted || ++failures >= 3) throw new FollowTransportError(f.taskId, 'poll', error);
    }
    if (f.stopped) return { kind: 'task', task: f.snapshot() };
    interval = Math.min(o.maxPollIntervalMs, Math.round(interval * 1.5));
  }
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}
