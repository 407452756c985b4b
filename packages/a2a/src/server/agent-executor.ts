import { type Message, TaskState } from '@a2a-js/sdk';
import {
  AgentEvent,
  type AgentExecutor,
  type ExecutionEventBus,
  type RequestContext,
} from '@a2a-js/sdk/server';
import type { JsonObject, Tool } from '@toolarsenal/toolmodel';
import type { Runner, ToolResult } from '@toolarsenal/toolrun';
import type { Exposure } from '@toolarsenal/toolset';
import { decodeCall, readAnswer } from './arguments.js';
import { principalOf } from './call-context.js';
import { resultArtifact, statusEvent } from './events.js';
import type { PendingCall, PendingCalls } from './pending.js';
import { type A2APrincipal, decide, levelOf, runnerPrincipal } from './principal.js';
import type { ServedSkill } from './skills.js';

export interface ExecutorDeps {
  runner: Runner;
  exposure: Exposure;
  /** The skills the principal may see (exposure level and `list` policy applied). */
  skillsFor(principal: A2APrincipal): readonly ServedSkill[];
  pending: PendingCalls;
}

interface Running {
  controller: AbortController;
  cancelled: boolean;
}

const MAX_ECHO = 100;

function echo(text: string): string {
  return JSON.stringify(text.length > MAX_ECHO ? `${text.slice(0, MAX_ECHO)}…` : text);
}

export function ownerOf(exposure: Exposure, principal: A2APrincipal): string {
  return `${levelOf(exposure, principal)}|${principal.id ?? 'anonymous'}`;
}

/**
 * Serves a toolset as an A2A agent: each message names a skill (`metadata.skillId`, or the only
 * skill), its arguments come from the message parts, the call runs through the toolrun runner
 * with the exposure/policy decision applied. A call that needs confirmation waits in
 * `input-required` and runs — exactly as validated — when the same caller answers yes.
 */
export class ToolsetAgentExecutor implements AgentExecutor {
  private readonly running = new Map<string, Running>();

  constructor(private readonly deps: ExecutorDeps) {}

  async execute(ctx: RequestContext, bus: ExecutionEventBus): Promise<void> {
    const { taskId, contextId } = ctx;
    const principal = principalOf(ctx.context);
    const message = ctx.userMessage;
    if (ctx.task) {
      bus.publish(AgentEvent.task(ctx.task));
      const claimed = this.deps.pending.takeClaim(message.messageId);
      if (!claimed) {
        bus.publish(
          statusEvent(
            taskId,
            contextId,
            TaskState.TASK_STATE_REJECTED,
            'This task is not waiting for input.',
          ),
        );
        return;
      }
      await this.answer(claimed, message, bus);
      return;
    }
    bus.publish(
      AgentEvent.task({
        id: taskId,
        contextId,
        status: {
          state: TaskState.TASK_STATE_SUBMITTED,
          message: undefined,
          timestamp: new Date().toISOString(),
        },
        artifacts: [],
        history: [message],
        metadata: undefined,
      }),
    );
    const reject = (text: string) =>
      bus.publish(statusEvent(taskId, contextId, TaskState.TASK_STATE_REJECTED, text));
    const skills = this.deps.skillsFor(principal);
    const requested = message.metadata?.skillId;
    let skill: ServedSkill | undefined;
    if (typeof requested === 'string') skill = skills.find((s) => s.id === requested);
    else if (requested === undefined && skills.length === 1) skill = skills[0];
    else if (requested === undefined)
      return reject('Say which skill to use: set metadata.skillId to a skill id from the agent card.');
    // Unknown and not-exposed skills get the same answer: nothing tells them apart.
    if (!skill) return reject(`Unknown skill ${echo(String(requested))}.`);
    const hash = message.metadata?.skillHash;
    if (typeof hash === 'string' && hash !== skill.schema.hash)
      return reject(`Skill ${echo(skill.id)} changed since the agent card was read; fetch the card again.`);
    const decoded = decodeCall(skill, message);
    if (!decoded.ok) return reject(decoded.reason);
    const decision = decide(this.deps.exposure, principal, decoded.tool, 'call');
    if (!decision.allow) return reject(`Not allowed to call skill ${echo(skill.id)}.`);
    const base = {
      owner: ownerOf(this.deps.exposure, principal),
      taskId,
      contextId,
      tool: decoded.tool,
      args: decoded.args,
      principal,
    };
    if (decision.confirm !== undefined) {
      this.ask(this.deps.pending.add({ ...base, question: decision.confirm }), bus);
      return;
    }
    await this.run(base, bus, false);
  }

  async cancelTask(taskId: string, bus: ExecutionEventBus): Promise<void> {
    const running = this.running.get(taskId);
    if (running) {
      running.cancelled = true;
      running.controller.abort();
    }
    const pending = this.deps.pending.remove(taskId);
    if (pending?.token) this.rejectToken(pending.token, 'cancelled by the caller');
    bus.publish(
      statusEvent(
        taskId,
        pending?.contextId ?? '',
        TaskState.TASK_STATE_CANCELED,
        'Cancelled by the caller.',
      ),
    );
  }

  /** Aborts every running call (server shutdown). */
  abortAll(): void {
    for (const running of this.running.values()) running.controller.abort();
  }

  private ask(pending: PendingCall, bus: ExecutionEventBus, prefix = ''): void {
    const question = `${prefix}Confirm the call to ${pending.tool.name}? ${pending.question}. Answer yes or no.`;
    bus.publish(
      statusEvent(pending.taskId, pending.contextId, TaskState.TASK_STATE_INPUT_REQUIRED, question, {
        confirm: {
          tool: pending.tool.name,
          arguments: pending.args,
          reason: pending.question,
          expiresAt: pending.expiresAt,
        },
      }),
    );
  }

  private async answer(pending: PendingCall, message: Message, bus: ExecutionEventBus): Promise<void> {
    const { taskId, contextId } = pending;
    const answer = readAnswer(message);
    if (answer === undefined) {
      this.deps.pending.restore(pending);
      this.ask(pending, bus, 'Please answer yes or no. ');
      return;
    }
    if (!answer) {
      if (pending.token) this.rejectToken(pending.token, 'declined by the caller');
      bus.publish(
        statusEvent(taskId, contextId, TaskState.TASK_STATE_CANCELED, 'The call was declined; nothing ran.'),
      );
      return;
    }
    if (Date.now() > pending.expiresAt) {
      bus.publish(
        statusEvent(
          taskId,
          contextId,
          TaskState.TASK_STATE_FAILED,
          'The confirmation expired; nothing ran. Send the request again.',
        ),
      );
      return;
    }
    await this.run(pending, bus, true);
  }

  private rejectToken(token: string, reason: string): void {
    try {
      this.deps.runner.reject(token, reason);
    } catch {
      // Already used or expired: nothing left to decline.
    }
  }

  private async run(
    call: Omit<PendingCall, 'expiresAt' | 'question'>,
    bus: ExecutionEventBus,
    confirmed: boolean,
  ): Promise<void> {
    const { taskId, contextId, tool, token } = call;
    const running: Running = { controller: new AbortController(), cancelled: false };
    this.running.set(taskId, running);
    bus.publish(statusEvent(taskId, contextId, TaskState.TASK_STATE_WORKING));
    const options = { signal: running.controller.signal, context: { a2a: { taskId, contextId } } };
    let result: ToolResult;
    try {
      if (token !== undefined)
        result = await this.deps.runner.confirm(token, { ...options, ...hashOf(call.argumentsHash) });
      else {
        result = await this.deps.runner.run(
          { id: taskId, name: tool.id, arguments: call.args },
          { ...options, principal: runnerPrincipal(call.principal) },
        );
        // The caller already said yes to exactly these arguments: the runner's own question is answered.
        if (result.status === 'pending_confirmation' && confirmed && result.confirmation)
          result = await this.deps.runner.confirm(result.confirmation.token, {
            ...options,
            argumentsHash: result.confirmation.argumentsHash,
          });
      }
    } catch (error) {
      if (!running.cancelled)
        bus.publish(
          statusEvent(
            taskId,
            contextId,
            TaskState.TASK_STATE_FAILED,
            `The call failed: ${(error as Error).message}`,
          ),
        );
      return;
    } finally {
      this.running.delete(taskId);
    }
    if (running.cancelled) return; // cancelTask published the final state
    this.publishResult(call, result, bus);
  }

  private publishResult(
    call: {
      taskId: string;
      contextId: string;
      tool: Tool;
      args: JsonObject;
      owner: string;
      principal: A2APrincipal;
    },
    result: ToolResult,
    bus: ExecutionEventBus,
  ): void {
    const { taskId, contextId } = call;
    switch (result.status) {
      case 'success':
        bus.publish(
          AgentEvent.artifactUpdate({
            taskId,
            contextId,
            artifact: resultArtifact(result.result, result.content),
            append: false,
            lastChunk: true,
            metadata: undefined,
          }),
        );
        bus.publish(statusEvent(taskId, contextId, TaskState.TASK_STATE_COMPLETED));
        return;
      case 'pending_confirmation': {
        const confirmation = result.confirmation!;
        // The runner shows the validated arguments and binds its token to their hash.
        const pending = this.deps.pending.add({
          ...call,
          args: confirmation.arguments,
          question: confirmation.reason,
          token: confirmation.token,
          argumentsHash: confirmation.argumentsHash,
        });
        this.ask(pending, bus);
        return;
      }
      case 'cancelled':
        bus.publish(statusEvent(taskId, contextId, TaskState.TASK_STATE_CANCELED, result.error?.message));
        return;
      case 'not_found':
      case 'permission_denied':
        bus.publish(statusEvent(taskId, contextId, TaskState.TASK_STATE_REJECTED, result.error?.message));
        return;
      default: {
        const error = result.error;
        bus.publish(
          statusEvent(taskId, contextId, TaskState.TASK_STATE_FAILED, error?.message ?? 'The call failed.', {
            error: { code: error?.code, status: result.status, retryable: error?.retryable ?? false },
          }),
        );
      }
    }
  }
}

function hashOf(argumentsHash: string | undefined): { argumentsHash?: string } {
  return argumentsHash === undefined ? {} : { argumentsHash };
}
